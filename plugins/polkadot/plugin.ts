/** The polkadot plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin, formatUnits, ProviderRpcError, type CaipNetwork, type PluginContext, importPeer } from 'portico/plugin'
import type { ApiPromise } from '@polkadot/api'
import { isPolkadotAddress, reencodeSs58 } from './address.ts'
import { InjectedPolkadotConnector, polkadotConnectorId, type PolkadotConnectorDeps } from './connector.ts'
import { KNOWN_EXTENSION_NAMES, type InjectedSigner, type InjectedWeb3 } from './injected.ts'
import { sessionSigner, type SessionRequest } from './session-signer.ts'
import { parseAmount, toPolkadotNetwork } from './networks.ts'

/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
const POLKADOT_PEERS = { plugin: 'polkadot', packages: ['@polkadot/api'] } as const


// [1] The namespace and its RPC methods.
declare module 'portico' {
  interface ChainNamespaces {
    /** Substrate chains (CAIP-13: the reference is the first 32 hex characters of the genesis hash). */
    polkadot: true
  }
  interface RpcSchema {
    /** Signs UTF-8 text or bytes with the connected account (the wallet's signRaw; it wraps them in <Bytes>..</Bytes>). */
    'polkadot:signMessage': { params: { message: string | Uint8Array }; result: { signature: `0x${string}`; address: string } }
    /** Free and reserved native balance of an address (the connected one by default), in planck and display units. */
    'polkadot:getBalance': { params: { address?: string }; result: PolkadotBalance }
    /** Signs (with the wallet) and sends `balances.transferKeepAlive`; resolves once it is in a block without error. */
    'polkadot:transfer': { params: { to: string; amount: string }; result: { hash: `0x${string}`; blockHash: `0x${string}` } }
  }
}

export interface PolkadotBalance {
  /** Planck. */
  free: string
  reserved: string
  /** Display units in the chain's decimals. */
  freeBalance: string
  reservedBalance: string
  symbol: string
  decimals: number
}

// [2] Options.
export interface PolkadotChainInput {
  /** WebSocket RPC endpoint (@polkadot/api WsProvider). */
  wsUrl: string
  /** 'polkadot:' + the first 32 hex characters of the genesis hash. */
  caipNetworkId: string
  name?: string
  /** Shown until the chain is asked; the balance uses the chain's own decimals and symbol. @default 'DOT', 10 */
  symbol?: string
  decimals?: number
  /** SS58 prefix of the network's addresses; asked of the chain (its System.SS58Prefix constant) when absent. */
  ss58Prefix?: number
  testnet?: boolean
  /** A Subscan-style explorer base URL (`<url>/account/<address>`). */
  explorerUrl?: string
}

export interface PolkadotOptions {
  /** A chain the host runs (e.g. the local stack), listed first and selected by default. */
  chain?: PolkadotChainInput
  /** More networks, in display order. */
  chains?: readonly PolkadotChainInput[]
  /** The name wallets show when asking for access. @default document.title, else 'Portico' */
  appName?: string
  /** Where the extensions are; default `window.injectedWeb3`. */
  injectedWeb3?: () => InjectedWeb3 | undefined
}

const toHex = (bytes: Uint8Array): `0x${string}` => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

type AccountInfo = { data: { free: { toBigInt(): bigint }; reserved: { toBigInt(): bigint } } }

/** One @polkadot/api client per network, created on first use and disconnected with the modal. */
class Apis {
  private readonly clients = new Map<string, Promise<ApiPromise>>()
  private disposed = false

  constructor(private readonly inputs: ReadonlyMap<string, PolkadotChainInput>) {}

  get(network: CaipNetwork): Promise<ApiPromise> {
    if (this.disposed) return Promise.reject(new Error('The modal was destroyed'))
    let client = this.clients.get(network.caipNetworkId)
    if (!client) {
      const wsUrl = this.inputs.get(network.caipNetworkId)?.wsUrl ?? network.rpcUrls.default.http[0]
      if (!wsUrl) return Promise.reject(new Error(`No RPC url provided for chainId: ${network.caipNetworkId}`))
      // A missing @polkadot/api says what to install, also when the bundler's stand-in throws as it is evaluated.
      client = importPeer(() => import('@polkadot/api'), 'ApiPromise', POLKADOT_PEERS).then(async ({ ApiPromise, WsProvider }) => {
        const provider = new WsProvider(wsUrl)
        try {
          return await ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true })
        } catch (error) {
          // WsProvider keeps retrying on its own timer: stop it, the next call tries afresh.
          await provider.disconnect().catch(() => undefined)
          throw error
        }
      })
      this.clients.set(network.caipNetworkId, client)
      // A failed connection is not cached.
      client.catch(() => this.clients.delete(network.caipNetworkId))
    }
    return client
  }

  clear(): void {
    this.disposed = true
    for (const client of this.clients.values()) void client.then((api) => api.disconnect()).catch(() => undefined)
    this.clients.clear()
  }
}

async function readBalance(api: ApiPromise, address: string, network: CaipNetwork): Promise<PolkadotBalance> {
  const info = (await api.query.system!.account!(address)) as unknown as AccountInfo
  const decimals = api.registry.chainDecimals[0] ?? network.nativeCurrency.decimals
  const symbol = api.registry.chainTokens[0] ?? network.nativeCurrency.symbol
  const free = info.data.free.toBigInt()
  const reserved = info.data.reserved.toBigInt()
  return {
    free: free.toString(),
    reserved: reserved.toString(),
    freeBalance: formatUnits(free, decimals),
    reservedBalance: formatUnits(reserved, decimals),
    symbol,
    decimals,
  }
}

/**
 * The polkadot chain plugin.
 * @example createModal({ plugins: [polkadot({ chain: { wsUrl, caipNetworkId, name: 'Local', ss58Prefix: 2 } })] })
 */
export function polkadot(options: PolkadotOptions = {}) {
  const inputs = [...(options.chain ? [options.chain] : []), ...(options.chains ?? [])]
  const byId = new Map<string, PolkadotChainInput>()
  for (const input of inputs) if (!byId.has(input.caipNetworkId)) byId.set(input.caipNetworkId, input)
  const networks = [...byId.values()].map(toPolkadotNetwork)
  if (!networks.length) throw new Error('polkadot(): give at least one chain (options.chain or options.chains)')

  return definePlugin({
    id: 'polkadot',
    kind: 'chain',
    namespace: 'polkadot',
    portico: '1.x',
    // [5] Registration only: the SDK loads on first use.
    setup(ctx) {
      const apis = new Apis(byId)
      ctx.track({ dispose: () => apis.clear() })
      ctx.registerChain({
        namespace: 'polkadot',
        networks,
        isAddress: (address) => isPolkadotAddress(address),
        async getBalance(address, network) {
          const balance = await readBalance(await apis.get(network), address, network)
          return { balance: balance.freeBalance, symbol: balance.symbol }
        },
        addressExplorerUrl(address, network) {
          const base = network.blockExplorers?.default.url
          return base ? `${base.replace(/\/$/, '')}/account/${address}` : undefined
        },
      })
      const deps: PolkadotConnectorDeps = {
        defaultNetwork: () => ctx.state.network.getSnapshot().byNamespace.polkadot?.caipNetwork ?? networks[0]!,
        async ss58Prefix(network) {
          const given = byId.get(network.caipNetworkId)?.ss58Prefix
          if (given !== undefined) return given
          return (await apis.get(network)).registry.chainSS58 ?? 42
        },
        appName: options.appName ?? (typeof document !== 'undefined' && document.title ? document.title : 'Portico'),
      }
      registerInjectedWallets(ctx, options, deps)
      registerRpc(ctx, apis)
    },
  })
}

// [4] Each injectedWeb3 entry becomes a connector.
function registerInjectedWallets(ctx: PluginContext, options: PolkadotOptions, deps: PolkadotConnectorDeps): void {
  const read = options.injectedWeb3 ?? (() => (typeof window === 'undefined' ? undefined : (window as { injectedWeb3?: InjectedWeb3 }).injectedWeb3))
  const injected = read()
  if (!injected || typeof injected !== 'object') return
  for (const [key, provider] of Object.entries(injected)) {
    if (!provider || typeof provider.enable !== 'function') continue
    if (ctx.state.connector(polkadotConnectorId(key))) continue
    ctx.registerConnector((emitter) => new InjectedPolkadotConnector(key, displayName(key, provider.name), provider, emitter, deps))
  }
}

/** A wallet's name as plain text: its own `name` when it gives one, the known name of its key, else the key. */
function displayName(key: string, given: unknown): string {
  const clean = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 64)
  if (typeof given === 'string' && clean(given)) return clean(given)
  return KNOWN_EXTENSION_NAMES[key] ?? (clean(key) || 'Polkadot wallet')
}

// [6] RPC through the active polkadot connection: an injected extension's signer, or another connector's (a
// WalletConnect session), which is sent WalletConnect's polkadot methods through its `request`.
function registerRpc(ctx: PluginContext, apis: Apis): void {
  const active = (): { signer: InjectedSigner; address: string; network: CaipNetwork } => {
    const session = ctx.connection.active('polkadot')
    const connector = session?.connector
    if (session && connector instanceof InjectedPolkadotConnector && connector.signer) {
      return { signer: connector.signer, address: session.address, network: session.network }
    }
    if (!session || !connector || connector instanceof InjectedPolkadotConnector || !connector.request) {
      throw new ProviderRpcError(4100, 'Please connect a wallet first')
    }
    const { network } = session
    const request: SessionRequest = (method, params) => connector.request!({ namespace: 'polkadot', caipNetworkId: network.caipNetworkId, method, params })
    return { signer: sessionSigner(request), address: session.address, network }
  }

  ctx.registerRpc('polkadot:signMessage', async ({ message }) => {
    const { signer, address } = active()
    if (!signer.signRaw) throw new ProviderRpcError(4200, 'The wallet cannot sign messages')
    const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
    const { signature } = await signer.signRaw({ address, data: toHex(bytes), type: 'bytes' })
    return { signature, address }
  })

  ctx.registerRpc('polkadot:getBalance', async ({ address }) => {
    const network = ctx.state.network.getSnapshot().byNamespace.polkadot?.caipNetwork ?? ctx.state.networks('polkadot')[0]!
    const target = address ?? ctx.connection.active('polkadot')?.address
    if (!target || !isPolkadotAddress(target)) throw new ProviderRpcError(-32602, 'Invalid address')
    return readBalance(await apis.get(network), target, network)
  })

  ctx.registerRpc('polkadot:transfer', async ({ to, amount }) => {
    const { signer, address, network } = active()
    const api = await apis.get(network)
    const decimals = api.registry.chainDecimals[0] ?? network.nativeCurrency.decimals
    const planck = typeof amount === 'string' ? parseAmount(amount, decimals) : undefined
    const recipient = typeof to === 'string' ? reencodeSs58(to.trim(), api.registry.chainSS58 ?? 42) : undefined
    // SPEC §5's send message for a missing or unusable amount or receiver.
    if (!planck || !recipient) throw new Error('An amount and receiver address are required')
    const tx = api.tx.balances!.transferKeepAlive!(recipient, planck)
    return new Promise<{ hash: `0x${string}`; blockHash: `0x${string}` }>((resolve, reject) => {
      let unsubscribe: (() => void) | undefined
      let settled = false
      const finish = (fn: () => void) => {
        if (settled) return
        settled = true
        unsubscribe?.()
        fn()
      }
      tx.signAndSend(address, { signer: signer as never }, (result) => {
        const { status, dispatchError } = result
        if (dispatchError) {
          const reason = dispatchError.isModule
            ? (({ section, name }) => `${section}.${name}`)(api.registry.findMetaError(dispatchError.asModule))
            : dispatchError.toString()
          return finish(() => reject(new Error(`Transfer failed: ${reason}`)))
        }
        if (status.isInBlock || status.isFinalized) {
          const blockHash = (status.isInBlock ? status.asInBlock : status.asFinalized).toHex() as `0x${string}`
          finish(() => resolve({ hash: tx.hash.toHex() as `0x${string}`, blockHash }))
        } else if (status.isDropped || status.isInvalid || status.isUsurped) {
          finish(() => reject(new Error(`Transfer ${status.type.toLowerCase()}`)))
        }
      }).then(
        (unsub) => (settled ? unsub() : (unsubscribe = unsub)),
        (error: unknown) => finish(() => reject(error)),
      )
    })
  })
}
