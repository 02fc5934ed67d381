import { base58, base64 } from '@scure/base'
import { createDomConsentPrompt, type ConsentPrompt, type ConsentRequest } from './consent-prompt.ts'
import { ProviderRpcError, WALLET_ERRORS, walletError } from './errors.ts'
import { createConsentQueue } from './consent-queue.ts'
import { createFailureState, type FakeWalletFailures } from './failures.ts'
import { solanaDevKey, SOLANA_DEV_WALLET_MNEMONIC, type SolanaDevKey } from './solana-keys.ts'

/** Where the Solana side remembers the sites it is connected to (so `silent` connect works after a reload). */
export const SOLANA_DEV_WALLET_STORAGE_KEY = '@portico-dev-wallet/solana-connected'

/** The Wallet Standard chains the dev wallet serves. */
export const SOLANA_DEV_WALLET_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const
export type SolanaDevWalletChain = (typeof SOLANA_DEV_WALLET_CHAINS)[number]

/**
 * The failure flags (the same for the five fake wallets; see FakeWalletFailures). `reject` and `malformed` take
 * feature names such as 'standard:connect', 'solana:signMessage'.
 */
export type SolanaDevWalletFailures = FakeWalletFailures

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type SolanaDevWalletOptions = {
  /** RPC URLs per Wallet Standard chain; signAndSendTransaction sends there. `solana:localnet` is the local stack. */
  rpcUrls?: Partial<Record<SolanaDevWalletChain, string>>
  mnemonic?: string
  /** First derivation index (m/44'/501'/i'/0'). Default 0. */
  accountIndex?: number
  /** How many accounts are exposed. Default 1. */
  accountCount?: number
  autoApprove?: boolean
  failures?: SolanaDevWalletFailures
  prompt?: ConsentPrompt
  storage?: StorageLike | null
  origin?: string
  name?: string
  icon?: `data:image/${string}`
}

/** Wallet Standard account (readonly fields as the standard asks). */
export interface SolanaDevWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly `${string}:${string}`[]
  readonly features: readonly `${string}:${string}`[]
  readonly label?: string
}

type ChangeListener = (properties: { accounts?: readonly SolanaDevWalletAccount[] }) => void

/** The dev wallet as a Wallet Standard `Wallet` plus test controls. */
export interface SolanaDevWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: `data:image/${string}`
  readonly chains: readonly `${string}:${string}`[]
  readonly accounts: readonly SolanaDevWalletAccount[]
  readonly features: Record<string, unknown>
  setAutoApprove(value: boolean): void
  setFailures(failures: SolanaDevWalletFailures): void
  pendingRequests(): ConsentRequest[]
  approve(id?: number): void
  reject(id?: number): void
  /** The user disconnects the site in the wallet: accounts become [] and a change event is emitted. */
  disconnectSite(): void
  /** The user switches to account `index` (of `accountCount`) in the wallet: it comes first, a change event is emitted. */
  switchAccount(index: number): void
  /** The dev keys (for tests that check signatures). */
  readonly keys: readonly SolanaDevKey[]
  readonly state: { connected: boolean; accounts: string[]; chains: string[] }
}

const DEFAULT_RPC: Partial<Record<SolanaDevWalletChain, string>> = {
  'solana:mainnet': 'https://api.mainnet-beta.solana.com',
  'solana:devnet': 'https://api.devnet.solana.com',
}

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null
  } catch {
    return null
  }
}

/**
 * The Solana side of the Portico Dev Wallet: a Wallet Standard wallet with keys from the dev mnemonic (the funded
 * accounts of stack/solana), the same in-page consent prompt as the EVM side ("Approve" / "Reject"; reject is 4001)
 * and the same failure flags. It signs messages and legacy or v0 transactions and sends them to the chain's RPC.
 */
export function createSolanaDevWallet(opts: SolanaDevWalletOptions = {}): SolanaDevWallet {
  const mnemonic = opts.mnemonic ?? SOLANA_DEV_WALLET_MNEMONIC
  const first = opts.accountIndex ?? 0
  const keys = Array.from({ length: opts.accountCount ?? 1 }, (_, i) => solanaDevKey(first + i, mnemonic))
  const rpcUrls = { ...DEFAULT_RPC, ...opts.rpcUrls }
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage
  const origin = opts.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? 'unknown origin'
  const prompt = opts.prompt ?? (typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined)
  let autoApprove = opts.autoApprove ?? false
  const failures = createFailureState(opts.failures)
  const knownChains = SOLANA_DEV_WALLET_CHAINS.filter((c) => rpcUrls[c])
  /** The account the wallet shows first (the user's current one); switchAccount changes it. */
  let primary = 0
  const makeAccounts = (chains: readonly `${string}:${string}`[]): SolanaDevWalletAccount[] =>
    [keys[primary]!, ...keys.filter((_, i) => i !== primary)].map((k) => Object.freeze({ address: k.address, publicKey: k.publicKey.slice(), chains: [...chains], features: [...FEATURES], label: `Account ${k.path}` }))
  let normalAccounts = makeAccounts(knownChains)
  let walletAccounts = normalAccounts
  let chains: readonly `${string}:${string}`[] = knownChains
  /** Applies `unknownChain`: the accounts (and the wallet) move to a chain the app does not know. */
  const applyChain = (): void => {
    const unknown = failures.unknownChain<string>('solana:unknown')
    chains = unknown ? [unknown as `${string}:${string}`] : knownChains
    walletAccounts = unknown ? makeAccounts(chains) : normalAccounts
  }
  applyChain()

  const remembered = (): boolean => {
    try {
      return storage?.getItem(SOLANA_DEV_WALLET_STORAGE_KEY) === origin
    } catch {
      return false
    }
  }
  let connected = remembered()
  const persist = () => {
    try {
      if (connected) storage?.setItem(SOLANA_DEV_WALLET_STORAGE_KEY, origin)
      else storage?.removeItem(SOLANA_DEV_WALLET_STORAGE_KEY)
    } catch {
      // Blocked storage: the connection just does not survive a reload.
    }
  }

  const listeners = new Set<ChangeListener>()
  const emitChange = () => {
    for (const l of [...listeners]) {
      try {
        l({ accounts: wallet.accounts })
      } catch (error) {
        console.error('[portico dev wallet] change listener threw', error)
      }
    }
  }

  const queue = createConsentQueue({ origin, prompt, autoApprove: () => autoApprove, rejectNext: () => failures.takeRejectNext() })

  const consent = (method: string, params: unknown, summary: string[]): Promise<void> => queue.ask(method, params, summary)
  const settle = (id: number | undefined, ok: boolean): void => queue.settle(id, ok)

  /** Failure flags first, then the feature itself; anything but a ProviderRpcError reads as -32603. */
  const guarded = <A extends unknown[], R>(feature: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const wait = failures.gate(feature)
      if (wait) await wait
      try {
        const result = await fn(...args)
        return failures.malforms(feature) ? (malformedOutput(feature, result) as R) : result
      } catch (error) {
        if (error instanceof ProviderRpcError) throw error
        throw new ProviderRpcError(WALLET_ERRORS.internal.code, error instanceof Error ? error.message : String(error))
      }
    }

  const keyOf = (account: { address?: string } | undefined): SolanaDevKey => {
    if (!connected) throw walletError('unauthorized')
    const key = keys.find((k) => k.address === account?.address)
    if (!key) throw walletError('unauthorized', `Unknown account ${String(account?.address)}.`)
    return key
  }

  const signWire = (key: SolanaDevKey, wire: Uint8Array): Uint8Array => {
    const { signatureOffset, count, message, signers } = parseWire(wire)
    const slot = signers.findIndex((s) => base58.encode(s) === key.address)
    if (slot < 0 || slot >= count) throw walletError('invalidParams', `${key.address} is not a signer of this transaction.`)
    const out = wire.slice()
    out.set(key.sign(message), signatureOffset + slot * 64)
    return out
  }

  const send = async (chain: string | undefined, signed: Uint8Array, options?: Record<string, unknown>): Promise<Uint8Array> => {
    const url = rpcUrls[(chain ?? 'solana:localnet') as SolanaDevWalletChain]
    if (!url) throw walletError('invalidParams', `No RPC URL for ${String(chain)}.`)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [base64.encode(signed), { encoding: 'base64', preflightCommitment: options?.preflightCommitment ?? 'confirmed', skipPreflight: options?.skipPreflight, maxRetries: options?.maxRetries }],
      }),
    })
    const body = (await response.json()) as { result?: string; error?: { code: number; message: string; data?: unknown } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return base58.decode(String(body.result))
  }

  const wallet: SolanaDevWallet = {
    version: '1.0.0',
    name: opts.name ?? 'Portico Dev Wallet',
    icon: opts.icon ?? DEFAULT_ICON,
    get chains() {
      return chains
    },
    get accounts() {
      return connected && !failures.current.locked ? walletAccounts : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: guarded('standard:connect', async (input?: { silent?: boolean }) => {
          if (!connected) {
            if (input?.silent) return { accounts: [] }
            await consent('standard:connect', {}, [`Connect ${walletAccounts.length} Solana account(s):`, ...walletAccounts.map((a) => a.address)])
            connected = true
            persist()
            emitChange()
          }
          return { accounts: walletAccounts }
        }),
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          if (!connected) return
          connected = false
          persist()
          emitChange()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: ChangeListener) => {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: guarded('solana:signMessage', async (...inputs: { account: SolanaDevWalletAccount; message: Uint8Array }[]) => {
          const outputs = []
          for (const { account, message } of inputs) {
            const key = keyOf(account)
            await consent('solana:signMessage', { message }, [`Sign message as ${key.address}:`, readable(message)])
            outputs.push({ signedMessage: message, signature: key.sign(message), signatureType: 'ed25519' as const })
          }
          return outputs
        }),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: guarded('solana:signTransaction', async (...inputs: { account: SolanaDevWalletAccount; transaction: Uint8Array; chain?: string }[]) => {
          const outputs = []
          for (const { account, transaction, chain } of inputs) {
            const key = keyOf(account)
            await consent('solana:signTransaction', { chain }, txSummary('Sign transaction', key, transaction, chain))
            outputs.push({ signedTransaction: signWire(key, transaction) })
          }
          return outputs
        }),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: guarded(
          'solana:signAndSendTransaction',
          async (...inputs: { account: SolanaDevWalletAccount; transaction: Uint8Array; chain: string; options?: Record<string, unknown> }[]) => {
            const outputs = []
            for (const { account, transaction, chain, options } of inputs) {
              const key = keyOf(account)
              await consent('solana:signAndSendTransaction', { chain }, txSummary('Sign and send transaction', key, transaction, chain))
              outputs.push({ signature: await send(chain, signWire(key, transaction), options) })
            }
            return outputs
          },
        ),
      },
    },
    setAutoApprove(value) {
      autoApprove = value
      if (value) queue.approveAll()
    },
    setFailures(next) {
      const before = failures.set(next)
      const after = failures.current
      if (!before.disconnected && after.disconnected) wallet.disconnectSite()
      let changed = false
      if (before.unknownChain !== after.unknownChain) {
        applyChain()
        changed = true
      }
      if (Boolean(before.locked) !== Boolean(after.locked)) changed = true
      if (changed && connected) emitChange()
    },
    pendingRequests: () => queue.requests(),
    approve: (id) => settle(id, true),
    reject: (id) => settle(id, false),
    disconnectSite() {
      if (!connected) return
      connected = false
      persist()
      emitChange()
    },
    switchAccount(index) {
      if (!keys[index]) throw new Error(`The wallet has ${keys.length} account(s); there is no account ${index} (create it with accountCount)`)
      primary = index
      normalAccounts = makeAccounts(knownChains)
      applyChain()
      if (connected) emitChange()
    },
    keys,
    get state() {
      return { connected, accounts: connected ? walletAccounts.map((a) => a.address) : [], chains: [...chains] }
    },
  }
  return wallet
}

/** The `malformed` flag: keys and signatures of the wrong length, an address that is not base58. */
function malformedOutput(feature: string, result: unknown): unknown {
  switch (feature) {
    case 'standard:connect': {
      const accounts = (result as { accounts: readonly SolanaDevWalletAccount[] }).accounts
      return { accounts: accounts.map((a) => ({ ...a, address: 'not-a-base58-address!', publicKey: new Uint8Array(3) })) }
    }
    case 'solana:signMessage':
      return (result as Array<Record<string, unknown>>).map((o) => ({ ...o, signature: new Uint8Array(3) }))
    case 'solana:signTransaction':
      return (result as unknown[]).map(() => ({ signedTransaction: new Uint8Array(1) }))
    case 'solana:signAndSendTransaction':
      return (result as unknown[]).map(() => ({ signature: new Uint8Array(3) }))
    default:
      return result
  }
}

/** Splits a wire transaction: signature slots, the signed message, and the required signers' keys. */
export function parseWire(wire: Uint8Array): { signatureOffset: number; count: number; message: Uint8Array; signers: Uint8Array[] } {
  const [count, countLength] = compactU16(wire, 0)
  const signatureOffset = countLength
  const messageOffset = signatureOffset + count * 64
  const message = wire.subarray(messageOffset)
  if (message.length < 4) throw walletError('invalidParams', 'Truncated transaction.')
  // A v0 message starts with 0x80 | version; a legacy one with the header.
  let at = message[0]! & 0x80 ? 1 : 0
  const required = message[at]!
  at += 3
  const [keyCount, keyCountLength] = compactU16(message, at)
  at += keyCountLength
  if (required !== count || keyCount < required || message.length < at + keyCount * 32) throw walletError('invalidParams', 'Malformed transaction.')
  const signers = Array.from({ length: required }, (_, i) => message.subarray(at + i * 32, at + (i + 1) * 32))
  return { signatureOffset, count, message, signers }
}

function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw walletError('invalidParams', 'Truncated transaction.')
    value |= (byte & 0x7f) << (7 * i)
    if (!(byte & 0x80)) return [value, i + 1]
  }
  throw walletError('invalidParams', 'Malformed length.')
}

function readable(message: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(message)
  return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : `0x${[...message].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

function txSummary(title: string, key: SolanaDevKey, wire: Uint8Array, chain: string | undefined): string[] {
  return [`${title} as ${key.address}`, `Chain: ${chain ?? 'unspecified'}`, `${wire.length} bytes`]
}

const DEFAULT_ICON = ('data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b82f6"/>' +
      '<path d="M9 24V8h8a5 5 0 0 1 0 10h-4v6z" fill="#fff"/></svg>',
  )) as `data:image/${string}`

/**
 * Registers a wallet through the Wallet Standard window events (`wallet-standard:register-wallet`, and again on
 * every `wallet-standard:app-ready`), as browser extensions do. dispose() unregisters it.
 */
export function registerStandardWallet(
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & { CustomEvent?: typeof CustomEvent },
  wallet: object,
): { dispose(): void } {
  const unregisters: Array<() => void> = []
  const callback = ({ register }: { register(...wallets: object[]): () => void }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent<{ register(...wallets: object[]): () => void }>).detail)
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  const Ctor = win.CustomEvent ?? CustomEvent
  // The standard's event is not cancelable and carries the callback as `detail`.
  win.dispatchEvent(new Ctor('wallet-standard:register-wallet', { detail: callback }))
  let disposed = false
  return {
    dispose() {
      if (disposed) return
      disposed = true
      win.removeEventListener('wallet-standard:app-ready', onAppReady)
      for (const unregister of unregisters.splice(0)) unregister()
    },
  }
}

export type InstalledSolanaDevWallet = { wallet: SolanaDevWallet; dispose(): void }

/** Creates the Solana dev wallet and registers it through Wallet Standard as "Portico Dev Wallet". */
export function installSolanaDevWallet(
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & { CustomEvent?: typeof CustomEvent },
  opts: SolanaDevWalletOptions = {},
): InstalledSolanaDevWallet {
  const wallet = createSolanaDevWallet(opts)
  const registration = registerStandardWallet(win, wallet)
  return { wallet, dispose: () => registration.dispose() }
}
