import {
  createWalletClient,
  formatUnits,
  hexToString,
  http,
  isAddressEqual,
  isHex,
  getAddress,
  type Address,
  type Chain,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { ProviderRpcError, WALLET_ERRORS, unrecognizedChainError, walletError } from './errors.ts'
import { createConsentQueue } from './consent-queue.ts'
import { createFailureState, lockedError, UNKNOWN_EVM_CHAIN_ID, type FakeWalletFailures } from './failures.ts'
import { createDomConsentPrompt, type ConsentPrompt, type ConsentRequest } from './consent-prompt.ts'

export type { ConsentPrompt, ConsentRequest } from './consent-prompt.ts'
export { ProviderRpcError } from './errors.ts'

export const DEV_WALLET_MNEMONIC = 'test test test test test test test test test test test junk'
export const DEV_WALLET_STORAGE_KEY = '@portico-dev-wallet/connected'

export type NativeCurrency = { name: string; symbol: string; decimals: number }
export type DevWalletChain = { chainId: number; name: string; rpcUrl: string; nativeCurrency?: NativeCurrency }

/** The failure flags (the same for the five fake wallets; see FakeWalletFailures). */
export type DevWalletFailures = FakeWalletFailures

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type DevWalletOptions = {
  chains: DevWalletChain[]
  mnemonic?: string
  /** First derivation index (m/44'/60'/0'/0/i) of the accounts shown. Default 0. */
  accountIndex?: number
  /** How many accounts the wallet exposes, from accountIndex on. Default 1. */
  accountCount?: number
  /** Approve every consent at once (no prompt). Default false. */
  autoApprove?: boolean
  failures?: DevWalletFailures
  /** Replaces the in-page prompt. Without it (and without a DOM) requests wait for approve()/reject(). */
  prompt?: ConsentPrompt
  /** Chain the wallet starts on; default the first of `chains`. */
  initialChainId?: number
  /** Where the connection is remembered; default globalThis.localStorage when present, null to not persist. */
  storage?: StorageLike | null
  /** Origin shown in the prompt; default location.origin. */
  origin?: string
}

export type RequestArguments = { method: string; params?: readonly unknown[] | object }
type Listener = (...args: any[]) => void

export type PendingRequest = Omit<ConsentRequest, never>

export type DevWallet = {
  readonly isPorticoDevWallet: true
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: Listener): DevWallet
  removeListener(event: string, listener: Listener): DevWallet
  off(event: string, listener: Listener): DevWallet
  // Controls for tests and the demo.
  setAutoApprove(value: boolean): void
  setFailures(failures: DevWalletFailures): void
  /** Consent requests waiting for an answer, oldest first. */
  pendingRequests(): PendingRequest[]
  /** Approves the oldest pending request (or the one with `id`). */
  approve(id?: number): void
  /** Rejects (4001) the oldest pending request (or the one with `id`). */
  reject(id?: number): void
  /** Changes the exposed accounts (addresses or derivation indexes of the mnemonic); emits accountsChanged when connected. */
  setAccounts(accounts: Array<Address | number>): void
  /** The wallet-side chain switch (the user picks another network in the wallet): emits chainChanged. */
  switchChain(chainId: number): void
  /** The user disconnects the site in the wallet: eth_accounts answers [] and accountsChanged([]) is emitted. */
  disconnectSite(): void
  /** EIP-1193 disconnect: the provider loses its chains; requests answer 4900 until reconnect(). */
  emitDisconnect(error?: { code: number; message: string }): void
  reconnect(): void
  readonly state: { connected: boolean; accounts: Address[]; chainId: number; reportedChainId: number; chains: DevWalletChain[] }
}

const READ_METHODS = new Set([
  'eth_blockNumber', 'eth_call', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice', 'eth_getBalance',
  'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber', 'eth_getCode', 'eth_getLogs', 'eth_getProof', 'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash',
  'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_maxPriorityFeePerGas', 'eth_syncing',
  'eth_createAccessList', 'eth_blobBaseFee', 'eth_sendRawTransaction', 'web3_clientVersion', 'net_listening',
])

const toHexChainId = (id: number): Hex => `0x${id.toString(16)}`

/** Methods a locked wallet answers with 4100 (eth_accounts answers [] instead). */
const LOCKED_METHODS = new Set([
  'eth_requestAccounts', 'wallet_requestPermissions', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction',
  'wallet_switchEthereumChain', 'wallet_addEthereumChain',
])

/** The `malformed` flag: what a broken wallet answers instead (the shape is right, the content is not). */
function malformed(method: string, result: unknown): unknown {
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return ['0xnot-an-address']
    case 'eth_chainId':
      return 'not-a-chain-id'
    case 'net_version':
      return 'not-a-number'
    case 'personal_sign':
    case 'eth_signTypedData_v4':
      return '0xnot-a-signature'
    case 'eth_sendTransaction':
      return '0x1234'
    case 'wallet_requestPermissions':
    case 'wallet_getPermissions':
      return 'not-a-permission-list'
    default:
      return result
  }
}

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return Number.parseInt(value, 16)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  throw walletError('invalidParams', `Expected a hex chain id, got ${JSON.stringify(value)}.`)
}

function paramList(params: RequestArguments['params']): unknown[] {
  if (params === undefined) return []
  return Array.isArray(params) ? [...params] : [params]
}

function optionalBigInt(value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return BigInt(value)
  throw walletError('invalidParams', `Expected a quantity, got ${JSON.stringify(value)}.`)
}

function readableMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message)
    // Show text when it is printable, else the raw hex.
    return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : message
  } catch {
    return message
  }
}

function defaultStorage(): StorageLike | null {
  try {
    const s = (globalThis as { localStorage?: StorageLike }).localStorage
    return s ?? null
  } catch {
    return null
  }
}

/**
 * A deterministic EIP-1193 wallet for development and tests. It signs with keys derived from a mnemonic (the anvil
 * dev accounts by default), reads from and sends to the chains' RPC URLs, and asks for consent through an in-page
 * prompt unless auto-approving.
 */
export function createDevWallet(opts: DevWalletOptions): DevWallet {
  if (opts.chains.length === 0) throw new Error('createDevWallet needs at least one chain')
  const mnemonic = opts.mnemonic ?? DEV_WALLET_MNEMONIC
  const chains = new Map<number, DevWalletChain>(opts.chains.map((c) => [c.chainId, { ...c }]))
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage
  const origin = opts.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? 'unknown origin'
  let autoApprove = opts.autoApprove ?? false
  const failureState = createFailureState(opts.failures)
  const failures = (): DevWalletFailures => failureState.current
  const prompt: ConsentPrompt | undefined =
    opts.prompt ?? (typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined)

  const keys = new Map<number, HDAccount>()
  const accountAt = (index: number): HDAccount => {
    let account = keys.get(index)
    if (!account) {
      account = mnemonicToAccount(mnemonic, { addressIndex: index })
      keys.set(index, account)
    }
    return account
  }
  const first = opts.accountIndex ?? 0
  let accountIndexes = Array.from({ length: opts.accountCount ?? 1 }, (_, i) => first + i)
  const addresses = (): Address[] => accountIndexes.map((i) => accountAt(i).address)

  let chainId = opts.initialChainId ?? opts.chains[0]!.chainId
  if (!chains.has(chainId)) throw new Error(`initialChainId ${chainId} is not among the wallet's chains`)
  let connected = false
  let wrongChain: number | undefined
  let providerConnected = true

  // A reload keeps the connection (and the chain), as an extension would.
  try {
    const saved = storage?.getItem(DEV_WALLET_STORAGE_KEY)
    if (saved) {
      const parsed = JSON.parse(saved) as { chainId?: number }
      connected = true
      if (opts.initialChainId === undefined && parsed.chainId !== undefined && chains.has(parsed.chainId)) chainId = parsed.chainId
      wrongChain = failures().wrongChain ?? failureState.unknownChain(UNKNOWN_EVM_CHAIN_ID)
    }
  } catch {
    // Unreadable storage: start disconnected.
  }

  const persist = (): void => {
    try {
      if (connected) storage?.setItem(DEV_WALLET_STORAGE_KEY, JSON.stringify({ chainId, accounts: addresses() }))
      else storage?.removeItem(DEV_WALLET_STORAGE_KEY)
    } catch {
      // Storage full or blocked: the connection just does not survive a reload.
    }
  }

  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (err) {
        // A throwing dapp listener must not break the wallet.
        console.error(`[portico dev wallet] ${event} listener threw`, err)
      }
    }
  }
  const reportedChainId = (): number => (connected && wrongChain !== undefined ? wrongChain : chainId)

  // EIP-1193: connect is emitted once the provider can serve its chain.
  queueMicrotask(() => emit('connect', { chainId: toHexChainId(reportedChainId()) }))

  const queue = createConsentQueue({ origin, prompt, autoApprove: () => autoApprove, rejectNext: () => failureState.takeRejectNext() })

  const consent = (method: string, params: unknown, summary: string[]): Promise<void> => queue.ask(method, params, summary, chainId)

  const settle = (id: number | undefined, ok: boolean): void => queue.settle(id, ok)

  const currentChain = (): DevWalletChain => chains.get(chainId)!
  const viemChain = (c: DevWalletChain): Chain => ({
    id: c.chainId,
    name: c.name,
    nativeCurrency: c.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  })

  let rpcId = 1
  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const res = await fetch(currentChain().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
    }).catch((err: unknown) => {
      throw new ProviderRpcError(WALLET_ERRORS.internal.code, `RPC ${currentChain().rpcUrl} unreachable: ${String(err)}`)
    })
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  const requireAccount = (address: unknown): HDAccount => {
    if (!connected) throw walletError('unauthorized')
    if (typeof address !== 'string') throw walletError('invalidParams', 'Expected an account address.')
    const index = accountIndexes.find((i) => isAddressEqual(accountAt(i).address, address as Address))
    if (index === undefined) throw walletError('unauthorized')
    return accountAt(index)
  }

  const setChain = (next: number): void => {
    const changed = next !== reportedChainId()
    chainId = next
    wrongChain = undefined
    persist()
    if (changed) emit('chainChanged', toHexChainId(next))
  }

  const nativeSymbol = (): string => currentChain().nativeCurrency?.symbol ?? 'ETH'
  const nativeDecimals = (): number => currentChain().nativeCurrency?.decimals ?? 18

  let connecting: Promise<Address[]> | undefined
  const connect = async (): Promise<Address[]> => {
    await consent('eth_requestAccounts', [], [
      'Connect to this site with:',
      ...addresses(),
      `Network: ${currentChain().name} (${chainId})`,
    ])
    connected = true
    wrongChain = failures().wrongChain ?? failureState.unknownChain(UNKNOWN_EVM_CHAIN_ID)
    persist()
    emit('accountsChanged', addresses())
    if (wrongChain !== undefined && wrongChain !== chainId) emit('chainChanged', toHexChainId(wrongChain))
    return addresses()
  }

  const handlers: Record<string, (params: unknown[]) => Promise<unknown>> = {
    eth_chainId: async () => toHexChainId(reportedChainId()),
    net_version: async () => String(reportedChainId()),
    eth_accounts: async () => (connected && !failures().locked ? addresses() : []),

    eth_requestAccounts: async () => {
      if (connected) return addresses()
      // A second call while the first waits for consent shares its prompt, rather than stacking another.
      connecting ??= connect().finally(() => (connecting = undefined))
      return connecting
    },

    wallet_requestPermissions: async (params) => {
      await handlers.eth_requestAccounts!(params)
      return [{ parentCapability: 'eth_accounts', invoker: origin, caveats: [] }]
    },
    wallet_getPermissions: async () =>
      connected ? [{ parentCapability: 'eth_accounts', invoker: origin, caveats: [] }] : [],
    wallet_revokePermissions: async () => {
      api.disconnectSite()
      return null
    },

    wallet_switchEthereumChain: async ([arg]) => {
      const target = parseChainId((arg as { chainId?: unknown } | undefined)?.chainId)
      const chain = chains.get(target)
      if (!chain) throw unrecognizedChainError(toHexChainId(target))
      if (target === reportedChainId()) return null
      await consent('wallet_switchEthereumChain', [arg], [`Switch network to ${chain.name} (${target})`])
      setChain(target)
      return null
    },

    wallet_addEthereumChain: async ([arg]) => {
      const p = (arg ?? {}) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown; nativeCurrency?: NativeCurrency }
      const id = parseChainId(p.chainId)
      const rpcUrl = Array.isArray(p.rpcUrls) ? p.rpcUrls.find((u): u is string => typeof u === 'string') : undefined
      if (!rpcUrl) throw walletError('invalidParams', 'Expected rpcUrls with at least one URL.')
      if (chains.has(id)) return null
      const name = typeof p.chainName === 'string' && p.chainName ? p.chainName : `Chain ${id}`
      await consent('wallet_addEthereumChain', [arg], [
        `Add network ${name} (${id})`,
        `RPC: ${rpcUrl}`,
        ...(p.nativeCurrency?.symbol ? [`Currency: ${p.nativeCurrency.symbol}`] : []),
      ])
      chains.set(id, { chainId: id, name, rpcUrl, ...(p.nativeCurrency ? { nativeCurrency: p.nativeCurrency } : {}) })
      return null
    },

    personal_sign: async ([message, address]) => {
      const account = requireAccount(address)
      if (typeof message !== 'string') throw walletError('invalidParams', 'Expected a message.')
      await consent('personal_sign', [message, address], [`Sign message as ${account.address}:`, readableMessage(message)])
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    },

    eth_signTypedData_v4: async ([address, data]) => {
      const account = requireAccount(address)
      let typed: TypedDataDefinition
      try {
        typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
      } catch {
        throw walletError('invalidParams', 'Typed data is not valid JSON.')
      }
      if (!typed || typeof typed !== 'object' || !('primaryType' in typed)) throw walletError('invalidParams', 'Expected EIP-712 typed data.')
      const domain = (typed.domain ?? {}) as { name?: string; chainId?: unknown }
      await consent('eth_signTypedData_v4', [address, data], [
        `Sign typed data as ${account.address}`,
        `Domain: ${domain.name ?? '(unnamed)'}${domain.chainId !== undefined ? ` on chain ${String(domain.chainId)}` : ''}`,
        `Type: ${String(typed.primaryType)}`,
        JSON.stringify(typed.message, null, 2),
      ])
      return account.signTypedData(typed)
    },

    eth_sendTransaction: async ([arg]) => {
      const tx = (arg ?? {}) as Record<string, unknown>
      const account = requireAccount(tx.from)
      if (tx.chainId !== undefined && parseChainId(tx.chainId) !== chainId) {
        throw walletError('invalidParams', `Transaction chain ${String(tx.chainId)} is not the wallet's chain ${chainId}.`)
      }
      const value = optionalBigInt(tx.value) ?? 0n
      const to = typeof tx.to === 'string' ? getAddress(tx.to) : undefined
      const data = typeof tx.data === 'string' ? (tx.data as Hex) : typeof tx.input === 'string' ? (tx.input as Hex) : undefined
      await consent('eth_sendTransaction', [arg], [
        `From: ${account.address}`,
        `To: ${to ?? '(contract creation)'}`,
        `Value: ${formatUnits(value, nativeDecimals())} ${nativeSymbol()}`,
        `Network: ${currentChain().name} (${chainId})`,
        ...(data && data !== '0x' ? [`Data: ${data}`] : []),
      ])
      const chain = currentChain()
      const client = createWalletClient({ account, chain: viemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) })
      const gasPrice = optionalBigInt(tx.gasPrice)
      const fees =
        gasPrice !== undefined
          ? { gasPrice }
          : { maxFeePerGas: optionalBigInt(tx.maxFeePerGas), maxPriorityFeePerGas: optionalBigInt(tx.maxPriorityFeePerGas) }
      // viem fills what is missing (nonce, gas, fees) from the RPC, signs locally and sends the raw transaction.
      return client.sendTransaction({
        to,
        value,
        data,
        gas: optionalBigInt(tx.gas),
        nonce: tx.nonce === undefined ? undefined : Number(optionalBigInt(tx.nonce)),
        ...fees,
      } as Parameters<typeof client.sendTransaction>[0])
    },

    wallet_getCapabilities: async ([address, chainIds]) => {
      if (address !== undefined) requireAccount(address)
      const ids = Array.isArray(chainIds) ? chainIds.map(parseChainId) : [...chains.keys()]
      return Object.fromEntries(ids.filter((id) => chains.has(id)).map((id) => [toHexChainId(id), {}]))
    },
  }

  const handle = async (method: string, params: unknown[]): Promise<unknown> => {
    if (!providerConnected) {
      if (failures().delayMs) await new Promise((r) => setTimeout(r, failures().delayMs))
      throw walletError('disconnected')
    }
    const wait = failureState.gate(method, false)
    if (wait) await wait
    if (failures().locked && LOCKED_METHODS.has(method)) throw lockedError()
    const handler = handlers[method]
    if (handler) {
      const result = await handler(params)
      return failureState.malforms(method) ? malformed(method, result) : result
    }
    if (READ_METHODS.has(method)) return rpc(method, params)
    throw walletError('unsupportedMethod')
  }

  const api: DevWallet = {
    isPorticoDevWallet: true,
    request(args) {
      if (!args || typeof args.method !== 'string') return Promise.reject(walletError('invalidParams', 'Expected { method, params }.'))
      return handle(args.method, paramList(args.params)).catch((err: unknown) => {
        if (err instanceof ProviderRpcError) throw err
        const message = err instanceof Error ? err.message : String(err)
        throw new ProviderRpcError(WALLET_ERRORS.internal.code, message)
      })
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return api
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return api
    },
    off(event, listener) {
      return api.removeListener(event, listener)
    },
    setAutoApprove(value) {
      autoApprove = value
      if (value) queue.approveAll()
    },
    setFailures(next) {
      const before = failureState.set(next)
      const after = failures()
      if (!before.disconnected && after.disconnected) api.emitDisconnect()
      if (before.disconnected && !after.disconnected) api.reconnect()
      if (connected && Boolean(before.locked) !== Boolean(after.locked)) emit('accountsChanged', after.locked ? [] : addresses())
      if (before.unknownChain !== after.unknownChain && connected) {
        const reported = reportedChainId()
        wrongChain = failureState.unknownChain(UNKNOWN_EVM_CHAIN_ID) ?? (before.unknownChain ? undefined : wrongChain)
        if (reportedChainId() !== reported) emit('chainChanged', toHexChainId(reportedChainId()))
      }
    },
    pendingRequests: () => queue.requests(),
    approve: (id) => settle(id, true),
    reject: (id) => settle(id, false),
    setAccounts(list) {
      accountIndexes = list.map((a) => {
        if (typeof a === 'number') return a
        for (let i = 0; i < 50; i++) if (isAddressEqual(accountAt(i).address, a)) return i
        throw new Error(`${a} is not among the first 50 accounts of the dev wallet mnemonic`)
      })
      if (connected) {
        persist()
        emit('accountsChanged', addresses())
      }
    },
    switchChain(next) {
      if (!chains.has(next)) throw new Error(`chain ${next} is not among the dev wallet's chains`)
      setChain(next)
    },
    disconnectSite() {
      if (!connected) return
      connected = false
      wrongChain = undefined
      persist()
      emit('accountsChanged', [])
    },
    emitDisconnect(error) {
      providerConnected = false
      const e = error ?? WALLET_ERRORS.disconnected
      emit('disconnect', new ProviderRpcError(e.code, e.message))
    },
    reconnect() {
      if (providerConnected) return
      providerConnected = true
      emit('connect', { chainId: toHexChainId(reportedChainId()) })
    },
    get state() {
      return { connected, accounts: connected ? addresses() : [], chainId, reportedChainId: reportedChainId(), chains: [...chains.values()] }
    },
  }
  return api
}
