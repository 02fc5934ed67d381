/**
 * createFakeWallets: the five dev wallets of portico/testing (eip155, solana, bip122, cosmos, polkadot) in one call,
 * with accounts from one seed, one failure-flag set (FakeWalletFailures) and one consent queue the test answers with
 * `approve()` / `reject()`. `install(window)` makes them visible the way real extensions are (EIP-6963, Wallet
 * Standard, window.keplr, window.injectedWeb3).
 */
import { sha256 } from '@noble/hashes/sha256'
import { english, mnemonicToAccount } from 'viem/accounts'
import { createDomConsentPrompt, type ConsentPrompt, type ConsentRequest } from './consent-prompt.ts'
import { createDevWallet, DEV_WALLET_MNEMONIC, type DevWallet, type DevWalletChain } from './dev-wallet.ts'
import { announceProvider, DEV_WALLET_INFO, type Disposable } from './eip6963.ts'
import { createSolanaDevWallet, registerStandardWallet, type SolanaDevWallet, type SolanaDevWalletChain } from './solana-dev-wallet.ts'
import { createBitcoinDevWallet, type BitcoinDevNetwork, type BitcoinDevWallet } from './bip122-dev-wallet.ts'
import { createCosmosDevWallet, type CosmosDevWallet, type CosmosDevWalletChain } from './cosmos-dev-wallet.ts'
import { createPolkadotDevWallet, POLKADOT_DEV_WALLET_KEY, type PolkadotDevKeyType, type PolkadotDevWallet } from './polkadot-dev-wallet.ts'
import type { FakeWalletFailures } from './failures.ts'

export type { FakeWalletFailures } from './failures.ts'
export { LOCKED_MESSAGE, UNKNOWN_EVM_CHAIN_ID, UNKNOWN_GENESIS_HASH } from './failures.ts'

/** The namespaces portico/testing has a fake wallet for. */
export const FAKE_WALLET_NAMESPACES = ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'] as const
export type FakeNamespace = (typeof FAKE_WALLET_NAMESPACES)[number]

/** The eip155 chain a fake wallet uses when none is given: the stack's first dev chain on anvil's default port. */
export const DEFAULT_FAKE_EVM_CHAIN: DevWalletChain = { chainId: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:8545' }
/** The cosmos chain a fake wallet uses when none is given. */
export const DEFAULT_FAKE_COSMOS_CHAIN: CosmosDevWalletChain = { chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: 'http://127.0.0.1:26657' }

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
type EventWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & { CustomEvent?: typeof CustomEvent; Event?: typeof Event }

/** Everything is serialisable (no functions) unless `prompt` is a function, so the same options work in a browser fixture. */
export type FakeWalletsOptions = {
  /** BIP-39 mnemonic of every namespace's accounts. Default: the dev mnemonic (`test test ... junk`), which the local stack funds. */
  mnemonic?: string
  /** Any string (or bytes): a mnemonic is derived from it (sha256 → 128-bit entropy → 12 words). Ignored with `mnemonic`. */
  seed?: string | Uint8Array
  /** Which wallets to create. Default all five. */
  namespaces?: readonly FakeNamespace[]
  /** Chains per namespace. */
  chains?: {
    /** Default [DEFAULT_FAKE_EVM_CHAIN]. */
    eip155?: DevWalletChain[]
    /** RPC URLs per Wallet Standard chain ('solana:localnet' is the local stack); signAndSendTransaction sends there. */
    solana?: Partial<Record<SolanaDevWalletChain, string>>
    bip122?: { network?: BitcoinDevNetwork; esploraUrl?: string }
    /** Default [DEFAULT_FAKE_COSMOS_CHAIN]. */
    cosmos?: CosmosDevWalletChain[]
    /**
     * Secret URIs of the Polkadot accounts. Default ['//Alice'] with the dev mnemonic (the accounts the local chain
     * funds), otherwise the mnemonic itself (sr25519) and `<mnemonic>//i` for further accounts.
     */
    polkadot?: { accounts?: string[]; keyType?: PolkadotDevKeyType; ss58Format?: number }
  }
  /** How many accounts each wallet shows (eip155, solana, polkadot with a custom seed). Default 1. */
  accountCount?: number
  /** Approve every request at once. Default false: requests wait for `approve()` / `reject()`. */
  autoApprove?: boolean
  /** The failure flags every wallet starts with. */
  failures?: FakeWalletFailures
  /**
   * 'test' (default): requests wait for `approve()` / `reject()` only. 'dom': the in-page prompt is shown as well
   * (role dialog "Portico Dev Wallet" with Approve / Reject). Or your own prompt function.
   */
  prompt?: 'test' | 'dom' | ConsentPrompt
  /** Where connections are remembered; default localStorage when present, null to not persist. */
  storage?: StorageLike | null
  /** Origin shown in prompts; default location.origin. */
  origin?: string
  /** The wallets' name. Default 'Portico Dev Wallet'. */
  name?: string
  /** The window cosmos events go to (keplr_keystorechange). Default the global window when there is one. */
  window?: EventWindow
}

/** A request waiting for the user, tagged with its wallet's namespace. `id` is unique across the namespaces. */
export type FakeWalletRequest = { id: number; namespace: FakeNamespace; method: string; summary: string[]; origin: string; params: unknown }

export type FakeWalletAccounts = Partial<Record<FakeNamespace, string[]>>

export interface FakeWallets {
  readonly namespaces: readonly FakeNamespace[]
  /** The mnemonic the accounts come from. */
  readonly mnemonic: string
  readonly eip155?: DevWallet
  readonly solana?: SolanaDevWallet
  readonly bip122?: BitcoinDevWallet
  readonly cosmos?: CosmosDevWallet
  readonly polkadot?: PolkadotDevWallet
  /** Every wallet's account addresses (bip122: payment then ordinals; cosmos: on the first chain's prefix). */
  accounts(): Promise<FakeWalletAccounts>
  /** Replaces the failure flags of every wallet (or of the namespaces listed). `setFailures({})` clears them. */
  setFailures(failures: FakeWalletFailures, namespaces?: readonly FakeNamespace[]): void
  setAutoApprove(value: boolean): void
  /** Requests waiting for the user, oldest first, across the wallets. */
  pendingRequests(): FakeWalletRequest[]
  /** Resolves with the oldest pending request once there is one (polls every 10 ms; rejects after `timeoutMs`, default 10 s). */
  nextRequest(options?: { timeoutMs?: number; namespace?: FakeNamespace }): Promise<FakeWalletRequest>
  /** Approves the oldest pending request (or the one with `id`); throws when there is none. */
  approve(id?: number): void
  /** Rejects the oldest pending request (or the one with `id`) with 4001; throws when there is none. */
  reject(id?: number): void
  /** Announces the wallets on `win` as extensions do; dispose() takes them away again. */
  install(win: EventWindow & object): Disposable
}

/** BIP-39: 128 bits of sha256(seed) plus a 4-bit checksum as 12 words of the English list. */
export function mnemonicFromSeed(seed: string | Uint8Array): string {
  const entropy = sha256(typeof seed === 'string' ? new TextEncoder().encode(seed) : seed).slice(0, 16)
  const checksum = sha256(entropy)[0]! >> 4
  let bits = [...entropy].map((b) => b.toString(2).padStart(8, '0')).join('') + checksum.toString(2).padStart(4, '0')
  const words: string[] = []
  while (bits.length) {
    words.push(english[Number.parseInt(bits.slice(0, 11), 2)]!)
    bits = bits.slice(11)
  }
  return words.join(' ')
}

function defaultWindow(): EventWindow | undefined {
  return typeof window === 'undefined' ? undefined : window
}

/** Creates the fake wallets (not yet visible to a page: see `install` and installFakeWallets). */
export function createFakeWallets(options: FakeWalletsOptions = {}): FakeWallets {
  const mnemonic = options.mnemonic ?? (options.seed !== undefined ? mnemonicFromSeed(options.seed) : DEV_WALLET_MNEMONIC)
  const namespaces = [...new Set(options.namespaces ?? FAKE_WALLET_NAMESPACES)]
  for (const ns of namespaces) if (!FAKE_WALLET_NAMESPACES.includes(ns)) throw new Error(`No fake wallet for namespace "${String(ns)}"`)
  const wants = (ns: FakeNamespace): boolean => namespaces.includes(ns)
  const count = options.accountCount ?? 1
  const name = options.name ?? DEV_WALLET_INFO.name

  // One queue of requests across the wallets, answered by approve() / reject() (and the in-page prompt with 'dom').
  type Entry = FakeWalletRequest & { settle(ok: boolean): void }
  const pending: Entry[] = []
  let nextId = 1
  const dom = options.prompt === 'dom' && typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined
  const custom = typeof options.prompt === 'function' ? options.prompt : undefined
  const promptFor =
    (namespace: FakeNamespace): ConsentPrompt =>
    (request: ConsentRequest, signal: AbortSignal) =>
      new Promise<boolean>((resolve) => {
        const inner = new AbortController()
        let done = false
        const settle = (ok: boolean): void => {
          if (done) return
          done = true
          const i = pending.indexOf(entry)
          if (i >= 0) pending.splice(i, 1)
          inner.abort()
          resolve(ok)
        }
        const { method, summary, origin, params } = request
        const entry: Entry = { id: nextId++, namespace, method, summary: [...summary], origin, params, settle }
        if (signal.aborted) return settle(false)
        signal.addEventListener('abort', () => settle(false), { once: true })
        pending.push(entry)
        const shown = custom ?? dom
        shown?.(request, inner.signal).then(settle, () => settle(false))
      })

  const common = (ns: FakeNamespace) => ({
    autoApprove: options.autoApprove ?? false,
    failures: { ...options.failures },
    prompt: promptFor(ns),
    ...(options.storage !== undefined ? { storage: options.storage } : {}),
    ...(options.origin !== undefined ? { origin: options.origin } : {}),
  })

  const eip155 = wants('eip155')
    ? createDevWallet({ ...common('eip155'), chains: options.chains?.eip155 ?? [DEFAULT_FAKE_EVM_CHAIN], mnemonic, accountCount: count })
    : undefined
  const solana = wants('solana')
    ? createSolanaDevWallet({ ...common('solana'), rpcUrls: options.chains?.solana ?? {}, mnemonic, accountCount: count, name })
    : undefined
  const bip122 = wants('bip122')
    ? createBitcoinDevWallet({ ...common('bip122'), mnemonic, name, network: options.chains?.bip122?.network ?? 'regtest', ...(options.chains?.bip122?.esploraUrl ? { esploraUrl: options.chains.bip122.esploraUrl } : {}) })
    : undefined
  const cosmosChains = options.chains?.cosmos ?? [DEFAULT_FAKE_COSMOS_CHAIN]
  const cosmos = wants('cosmos') ? createCosmosDevWallet(options.window ?? defaultWindow(), { ...common('cosmos'), chains: cosmosChains, mnemonic }) : undefined
  const polkadotUris =
    options.chains?.polkadot?.accounts ??
    (mnemonic === DEV_WALLET_MNEMONIC
      ? ['//Alice', '//Bob', '//Charlie', '//Dave', '//Eve', '//Ferdie'].slice(0, Math.max(1, count))
      : Array.from({ length: count }, (_, i) => (i === 0 ? mnemonic : `${mnemonic}//${i}`)))
  const polkadot = wants('polkadot')
    ? createPolkadotDevWallet({
        ...common('polkadot'),
        accounts: polkadotUris,
        ...(options.chains?.polkadot?.keyType ? { keyType: options.chains.polkadot.keyType } : {}),
        ...(options.chains?.polkadot?.ss58Format !== undefined ? { ss58Format: options.chains.polkadot.ss58Format } : {}),
      })
    : undefined

  const wallets = { eip155, solana, bip122, cosmos, polkadot }
  const each = (fn: (w: { setFailures(f: FakeWalletFailures): void; setAutoApprove(v: boolean): void }, ns: FakeNamespace) => void, only?: readonly FakeNamespace[]) => {
    for (const ns of namespaces) {
      const w = wallets[ns]
      if (w && (!only || only.includes(ns))) fn(w as never, ns)
    }
  }

  const take = (id: number | undefined): Entry => {
    const entry = id === undefined ? pending[0] : pending.find((p) => p.id === id)
    if (!entry) throw new Error(id === undefined ? 'no pending fake wallet request' : `no pending fake wallet request ${id}`)
    return entry
  }
  const publicRequest = ({ settle: _settle, ...request }: Entry): FakeWalletRequest => ({ ...request, summary: [...request.summary] })

  return {
    namespaces,
    mnemonic,
    ...(eip155 ? { eip155 } : {}),
    ...(solana ? { solana } : {}),
    ...(bip122 ? { bip122 } : {}),
    ...(cosmos ? { cosmos } : {}),
    ...(polkadot ? { polkadot } : {}),
    async accounts() {
      const out: FakeWalletAccounts = {}
      if (eip155) out.eip155 = Array.from({ length: count }, (_, i) => mnemonicToAccount(mnemonic, { addressIndex: i }).address)
      if (solana) out.solana = solana.keys.map((k) => k.address)
      if (bip122) out.bip122 = (await bip122.accounts()).map((a) => a.address)
      if (cosmos) {
        const amino = await import('@cosmjs/amino')
        const hd = await amino.Secp256k1HdWallet.fromMnemonic(mnemonic, { hdPaths: [amino.makeCosmoshubPath(0)], prefix: cosmosChains[0]?.bech32Prefix ?? 'cosmos' })
        out.cosmos = (await hd.getAccounts()).map((a) => a.address)
      }
      if (polkadot) out.polkadot = (await polkadot.accounts()).map((a) => a.address)
      return out
    },
    setFailures(failures, only) {
      each((w) => w.setFailures({ ...failures }), only)
    },
    setAutoApprove(value) {
      each((w) => w.setAutoApprove(value))
      if (value) for (const entry of [...pending]) entry.settle(true)
    },
    pendingRequests: () => pending.map(publicRequest),
    async nextRequest({ timeoutMs = 10_000, namespace } = {}) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const entry = pending.find((p) => !namespace || p.namespace === namespace)
        if (entry) return publicRequest(entry)
        if (Date.now() > deadline) throw new Error(`no fake wallet request${namespace ? ` for ${namespace}` : ''} within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    approve: (id) => take(id).settle(true),
    reject: (id) => take(id).settle(false),
    install(win) {
      const undo: Array<() => void> = []
      if (eip155) {
        const uuid = globalThis.crypto?.randomUUID?.() ?? `fake-${Date.now()}-${Math.random()}`
        const announcement = announceProvider(win, { info: { uuid, ...DEV_WALLET_INFO, name }, provider: eip155 })
        undo.push(() => announcement.dispose())
      }
      if (solana) {
        const registration = registerStandardWallet(win, solana)
        undo.push(() => registration.dispose())
      }
      if (bip122) {
        const registration = registerStandardWallet(win, bip122.standardWallet)
        undo.push(() => registration.dispose())
      }
      const target = win as unknown as Record<string, unknown> & { injectedWeb3?: Record<string, unknown> }
      if (cosmos) {
        target.keplr = cosmos
        undo.push(() => {
          if (target.keplr === cosmos) delete target.keplr
        })
      }
      if (polkadot) {
        target.injectedWeb3 ??= {}
        target.injectedWeb3[POLKADOT_DEV_WALLET_KEY] = polkadot
        undo.push(() => {
          if (target.injectedWeb3?.[POLKADOT_DEV_WALLET_KEY] === polkadot) delete target.injectedWeb3[POLKADOT_DEV_WALLET_KEY]
        })
      }
      let disposed = false
      return {
        dispose() {
          if (disposed) return
          disposed = true
          for (const u of undo.splice(0).reverse()) u()
        },
      }
    },
  }
}

export type InstalledFakeWallets = Disposable & { wallets: FakeWallets }

/** createFakeWallets(options) and install(win) in one: `const { wallets, dispose } = installFakeWallets(window)`. */
export function installFakeWallets(win: EventWindow & object, options: FakeWalletsOptions = {}): InstalledFakeWallets {
  const wallets = createFakeWallets({ window: win, ...options })
  const installed = wallets.install(win)
  return { wallets, dispose: () => installed.dispose() }
}
