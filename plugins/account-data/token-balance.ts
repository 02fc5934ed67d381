import type { ChainNamespace } from 'portico/plugin'
import { ErrorText } from 'portico/plugin'
import { formatUnits } from 'portico/plugin'
import type { BlockchainApiClient } from './clients/index.ts'
import { isRecord } from './clients/http.ts'
import type { Disposable, EventBus } from 'portico/plugin'
import type { AccountState, ConnectorController, NetworkController } from 'portico'
import type { SnackbarControl } from 'portico/plugin'
import { Store } from 'portico/plugin'
import type { CaipNetwork, Connector } from 'portico/plugin'
import type { TokenBalance } from './clients/index.ts'

/** SPEC §9 balance retry gap: a refetch within 30 s of a failure is refused. */
export const BALANCE_RETRY_GAP_MS = 30_000

/**
 * SPEC §4 "Network support is checked first": the blockchain API's supported chains, asked once per modal (a failed
 * ask is forgotten so the next call asks again).
 */
export class NetworkSupport {
  private ids: Promise<ReadonlySet<string>> | undefined

  constructor(private readonly api: Pick<BlockchainApiClient, 'supportedChains'>) {}

  async isSupported(caipNetworkId: string): Promise<boolean> {
    this.ids ??= this.api.supportedChains().then(
      (r) => new Set(r.http),
      (error: unknown) => {
        this.ids = undefined
        throw error
      },
    )
    return (await this.ids).has(caipNetworkId)
  }
}

/** The cache of token lists per network and address (SPEC §7, §9: 30 s). */
export interface TokenBalanceCache {
  get(key: string, now: number): TokenBalance[] | undefined
  set(key: string, value: TokenBalance[], now: number): void
}

/** SPEC §3 Token balance list of the active account and its load state. */
export interface TokenBalanceState {
  /** SPEC §3 token balances of the active account and network. */
  tokens: TokenBalance[]
  loading: boolean
  /** When the last failure happened; a refetch of the same network and address before lastRetry + 30 s is refused. */
  lastRetry?: number
  /** The network and address (cache key) whose load failed at lastRetry; another account or network loads at once. */
  lastRetryKey?: string
  /** The catalogued text of the last failure, cleared by a success. */
  error?: string
}

export interface TokenBalanceControllerDeps {
  account: { get(namespace: ChainNamespace): Pick<AccountState, 'address'> }
  network: Pick<NetworkController, 'activeNamespace' | 'networkOf'>
  connectors: Pick<ConnectorController, 'get'>
  /** The connector holding a namespace's connection. */
  activeConnectorId(namespace: ChainNamespace): string | undefined
  api: Pick<BlockchainApiClient, 'balance'>
  support: NetworkSupport
  snackbar: Pick<SnackbarControl, 'showError'>
  /**
   * Shows a failure's alert; the plugin passes its BackendStatus so an unreachable API is announced once
   * (docs/DECISIONS.md). @default snackbar.showError every time
   */
  alert?(message: string, error?: unknown): void
  cache: TokenBalanceCache
  /** Token balances the namespace's chain plugin reads itself (`ChainAdapter.getTokenBalances`), when it does. */
  chainTokens?(namespace: ChainNamespace, address: string, caipNetwork: CaipNetwork): Promise<TokenBalance[]> | undefined
  events?: EventBus
  now?: () => number
}

/**
 * SPEC §4/§5/§7 token balances of the active account: network support first (unsupported gives an empty list and the
 * "Token Balance Unavailable" alert); the wallet's own assets (wallet_getCapabilities, then wallet_getAssets filtered
 * to the chain) when it offers asset discovery, else the balance API; 0-decimal tokens dropped; cached 30 s per
 * network and address. A failure records the retry time, shows the alert, and refuses refetches of that network and
 * address for 30 s (another account or network loads at once).
 */
export class TokenBalanceController implements Disposable {
  readonly store = new Store<TokenBalanceState>({ tokens: [], loading: false })
  private readonly inflight = new Map<string, Promise<TokenBalance[]>>()
  private readonly capabilities = new Map<string, Promise<unknown>>()
  private readonly subscriptions: Disposable[] = []

  constructor(private readonly deps: TokenBalanceControllerDeps) {
    if (deps.events) {
      this.subscriptions.push(deps.events.on('connection:disconnected', () => this.capabilities.clear()))
    }
  }

  /** Loads the active account's tokens (from cache within 30 s unless forced); resolves with the list shown. */
  fetch(opts: { force?: boolean; forceUpdate?: string } = {}): Promise<TokenBalance[]> {
    const { account, network, cache } = this.deps
    const namespace = network.activeNamespace
    const address = namespace ? account.get(namespace).address : undefined
    const caipNetwork = namespace ? network.networkOf(namespace) : undefined
    if (!namespace || !address || !caipNetwork) return Promise.resolve([])
    const now = this.now()
    const key = tokenBalanceCacheKey(caipNetwork.caipNetworkId, address)
    const { lastRetry, lastRetryKey } = this.store.getSnapshot()
    if (lastRetry !== undefined && lastRetryKey === key && now - lastRetry < BALANCE_RETRY_GAP_MS) {
      return Promise.resolve(this.store.getSnapshot().tokens)
    }
    const cached = opts.force ? undefined : cache.get(key, now)
    if (cached) {
      this.store.set({ tokens: cached })
      return Promise.resolve(cached)
    }
    const running = this.inflight.get(key)
    if (running) return running
    this.store.set({ loading: true })
    const job = this.load(namespace, address, caipNetwork, opts.forceUpdate)
      .then((tokens) => {
        cache.set(key, tokens, this.now())
        const still = network.networkOf(namespace)?.caipNetworkId === caipNetwork.caipNetworkId && account.get(namespace).address === address
        if (still) this.store.set({ tokens })
        this.store.set({ loading: false, lastRetry: undefined, lastRetryKey: undefined, error: undefined })
        return tokens
      })
      .catch((error: unknown) => {
        this.store.set({ loading: false, lastRetry: this.now(), lastRetryKey: key, error: ErrorText.TOKEN_BALANCE_UNAVAILABLE })
        this.alert(ErrorText.TOKEN_BALANCE_UNAVAILABLE, error)
        this.deps.events?.emit('error', { source: 'token-balance', error })
        return [] as TokenBalance[]
      })
      .finally(() => this.inflight.delete(key))
    this.inflight.set(key, job)
    return job
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose()
  }

  private async load(namespace: ChainNamespace, address: string, caipNetwork: CaipNetwork, forceUpdate?: string): Promise<TokenBalance[]> {
    // A chain plugin that reads token balances itself (SPL accounts) answers for its networks; SPEC §5 still drops 0 decimals.
    const fromChain = await this.deps.chainTokens?.(namespace, address, caipNetwork)
    if (fromChain) return fromChain.filter((t) => Number(t.quantity.decimals) !== 0)
    if (!(await this.deps.support.isSupported(caipNetwork.caipNetworkId))) {
      // SPEC §8: the alert is shown for an unsupported network too; the list is empty, not an error.
      this.alert(ErrorText.TOKEN_BALANCE_UNAVAILABLE)
      return []
    }
    const fromWallet = await this.fromWallet(namespace, address, caipNetwork)
    const tokens =
      fromWallet ??
      (await this.deps.api.balance(address, { chainId: caipNetwork.caipNetworkId, currency: 'usd', forceUpdate })).balances
    // SPEC §5: tokens with 0 decimals are dropped.
    return tokens.filter((t) => Number(t.quantity.decimals) !== 0)
  }

  /** wallet_getAssets when the wallet reports asset discovery for the chain; undefined means "ask the API". */
  private async fromWallet(namespace: ChainNamespace, address: string, caipNetwork: CaipNetwork): Promise<TokenBalance[] | undefined> {
    if (namespace !== 'eip155') return undefined
    const connectorId = this.deps.activeConnectorId(namespace)
    const connector = connectorId ? this.deps.connectors.get(connectorId) : undefined
    if (!connector?.request) return undefined
    const chainHex = `0x${Number(caipNetwork.id).toString(16)}`
    const capabilities = await this.capabilitiesOf(connector, address, chainHex, caipNetwork.caipNetworkId)
    if (!supportsAssetDiscovery(capabilities, chainHex)) return undefined
    try {
      const assets = await connector.request({
        namespace,
        caipNetworkId: caipNetwork.caipNetworkId,
        method: 'wallet_getAssets',
        params: [{ account: address, chainFilter: [chainHex] }],
      })
      return parseWalletAssets(assets, caipNetwork)
    } catch {
      // A wallet that announced discovery but cannot answer: the balance API still can.
      return undefined
    }
  }

  /** wallet_getCapabilities once per connector, address and chain; a wallet without it has no capabilities. */
  private capabilitiesOf(connector: Connector, address: string, chainHex: string, caipNetworkId: string): Promise<unknown> {
    const key = `${connector.id}:${address}:${chainHex}`
    let found = this.capabilities.get(key)
    if (!found) {
      found = connector
        .request!({ namespace: 'eip155', caipNetworkId, method: 'wallet_getCapabilities', params: [address, [chainHex]] })
        .catch(() => undefined)
      this.capabilities.set(key, found)
    }
    return found
  }

  private alert(message: string, error?: unknown): void {
    if (this.deps.alert) this.deps.alert(message, error)
    else this.deps.snackbar.showError(message)
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }
}

/** The cache entry key of a token list (beside the native balances under the same SPEC §3 balance-cache key). */
export function tokenBalanceCacheKey(caipNetworkId: string, address: string): string {
  return `tokens:${caipNetworkId}:${address}`
}

/** True for a list of SPEC §3 token balances (the cache's validator). */
export function isTokenBalanceList(value: unknown): value is TokenBalance[] {
  return (
    Array.isArray(value) &&
    value.every(
      (t) =>
        isRecord(t) &&
        typeof t.name === 'string' &&
        typeof t.symbol === 'string' &&
        typeof t.chainId === 'string' &&
        isRecord(t.quantity) &&
        typeof t.quantity.decimals === 'string' &&
        typeof t.quantity.numeric === 'string',
    )
  )
}

/** EIP-5792/7811: the wallet lists `assetDiscovery.supported` for the chain. */
export function supportsAssetDiscovery(capabilities: unknown, chainHex: string): boolean {
  if (!isRecord(capabilities)) return false
  const forChain = capabilities[chainHex] ?? capabilities[chainHex.toLowerCase()]
  return isRecord(forChain) && isRecord(forChain.assetDiscovery) && forChain.assetDiscovery.supported === true
}

/**
 * SPEC §3 wallet assets response (per chain: address, hex balance, ERC20 or NATIVE, metadata) into token balances.
 * Entries that do not read are skipped rather than failing the whole list.
 */
export function parseWalletAssets(response: unknown, caipNetwork: CaipNetwork): TokenBalance[] {
  if (!isRecord(response)) throw new Error('wallet_getAssets: reply is not an object')
  const chainHex = `0x${Number(caipNetwork.id).toString(16)}`
  const assets = response[chainHex]
  if (!Array.isArray(assets)) return []
  const out: TokenBalance[] = []
  for (const asset of assets) {
    if (!isRecord(asset) || !isRecord(asset.metadata) || typeof asset.balance !== 'string') continue
    const meta = asset.metadata
    const decimals = Number(meta.decimals)
    if (!Number.isInteger(decimals) || decimals < 0 || typeof meta.symbol !== 'string') continue
    let raw: bigint
    try {
      raw = BigInt(asset.balance)
    } catch {
      continue
    }
    const numeric = formatUnits(raw, decimals)
    const price = typeof meta.price === 'number' && Number.isFinite(meta.price) ? meta.price : 0
    const isNative = asset.type === 'NATIVE'
    out.push({
      name: typeof meta.name === 'string' ? meta.name : meta.symbol,
      symbol: meta.symbol,
      chainId: caipNetwork.caipNetworkId,
      address: !isNative && typeof asset.address === 'string' ? `${caipNetwork.caipNetworkId}:${asset.address}` : undefined,
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: typeof meta.iconUrl === 'string' ? meta.iconUrl : undefined,
    })
  }
  return out
}
