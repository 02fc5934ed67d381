/**
 * A Polkadot{.js}-style dev wallet (`window.injectedWeb3['portico-dev-wallet']`) for the demo, e2e tests and app
 * developers' tests: sr25519 or ed25519 keys from dev URIs (//Alice, the accounts the local polkadot chain funds),
 * the same consent prompt and failure flags as the EVM dev wallet, signing with @polkadot/keyring and
 * @polkadot/types exactly as the extension does (loaded with import() on first use, so importing portico/testing
 * pulls no Polkadot SDK into a host that does not use it).
 */
import { createDomConsentPrompt, type ConsentPrompt, type ConsentRequest } from './consent-prompt.ts'
import { walletError } from './errors.ts'
import { createConsentQueue } from './consent-queue.ts'
import { createFailureState, UNKNOWN_GENESIS_HASH, type FakeWalletFailures } from './failures.ts'

export const POLKADOT_DEV_WALLET_KEY = 'portico-dev-wallet'
export const POLKADOT_DEV_WALLET_NAME = 'Portico Dev Wallet'
/** Where the site's authorization is remembered, so a reload enables without a prompt (as an extension does). */
export const POLKADOT_DEV_WALLET_STORAGE_KEY = '@portico-dev-wallet/polkadot'

export type PolkadotDevKeyType = 'sr25519' | 'ed25519'

/**
 * The failure flags (the same for the five fake wallets; see FakeWalletFailures). `reject` and `malformed` take
 * 'enable', 'accounts', 'signRaw', 'signPayload'.
 */
export type PolkadotDevWalletFailures = FakeWalletFailures

export type PolkadotDevWalletOptions = {
  /** Dev secret URIs of the accounts shown, in order. @default ['//Alice'] */
  accounts?: string[]
  /** Key type of every account. @default 'sr25519' */
  keyType?: PolkadotDevKeyType
  /** SS58 prefix of the addresses it reports (extensions report the generic 42 unless told otherwise). @default 42 */
  ss58Format?: number
  /** Approve every consent at once (no prompt). Default false. */
  autoApprove?: boolean
  failures?: PolkadotDevWalletFailures
  /** Replaces the in-page prompt. Without it (and without a DOM) requests wait for approve()/reject(). */
  prompt?: ConsentPrompt
  /** Origin shown in the prompt; default location.origin. */
  origin?: string
  /** Where the authorization is remembered; default globalThis.localStorage when present, null to not persist. */
  storage?: StorageLike | null
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** What `accounts.get()` answers (the extension's InjectedAccount). */
export type PolkadotDevWalletAccount = { address: string; name: string; type: PolkadotDevKeyType; genesisHash?: string | null }

export type PolkadotSignerResult = { id: number; signature: `0x${string}` }
export type PolkadotRawPayload = { address: string; data: string; type: 'bytes' | 'payload' }

/** The extension's Injected object. */
export type PolkadotDevInjected = {
  accounts: {
    get(anyType?: boolean): Promise<PolkadotDevWalletAccount[]>
    subscribe(cb: (accounts: PolkadotDevWalletAccount[]) => void | Promise<void>): () => void
  }
  signer: {
    signRaw(raw: PolkadotRawPayload): Promise<PolkadotSignerResult>
    signPayload(payload: Record<string, unknown>): Promise<PolkadotSignerResult>
  }
}

/** The injectedWeb3 entry plus controls for tests and the demo. */
export type PolkadotDevWallet = {
  readonly isPorticoDevWallet: true
  readonly name: string
  readonly version: string
  enable(originName: string): Promise<PolkadotDevInjected>
  setAutoApprove(value: boolean): void
  setFailures(failures: PolkadotDevWalletFailures): void
  /** Consent requests waiting for an answer, oldest first. */
  pendingRequests(): ConsentRequest[]
  /** Approves the oldest pending request (or the one with `id`). */
  approve(id?: number): void
  /** Rejects (4001) the oldest pending request (or the one with `id`). */
  reject(id?: number): void
  /** Changes the exposed accounts (dev URIs); subscribers hear the new list. */
  setAccounts(uris: string[]): Promise<void>
  /** The user removes the site's authorization: subscribers get [] and the next enable() prompts again. */
  revoke(): void
  /** The accounts as the wallet reports them. */
  accounts(): Promise<PolkadotDevWalletAccount[]>
  readonly state: { authorized: boolean }
}

export type InstalledPolkadotDevWallet = { wallet: PolkadotDevWallet; dispose(): void }

type KeyPair = { address: string; publicKey: Uint8Array; sign(message: Uint8Array): Uint8Array }
type Keys = { pairs: Map<string, KeyPair & { name: string }>; hex(bytes: Uint8Array): `0x${string}`; wrap(bytes: Uint8Array): Uint8Array; fromHex(hex: string): Uint8Array; decode(address: string): Uint8Array; signPayload(payload: Record<string, unknown>, pair: KeyPair): `0x${string}` }

function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null
  } catch {
    return null
  }
}

const nameOf = (uri: string) => uri.replace(/^\/\//, '').split('/')[0] || uri

/** Makes the wallet without installing it. */
export function createPolkadotDevWallet(opts: PolkadotDevWalletOptions = {}): PolkadotDevWallet {
  const keyType = opts.keyType ?? 'sr25519'
  const ss58Format = opts.ss58Format ?? 42
  let uris = [...(opts.accounts ?? ['//Alice'])]
  let autoApprove = opts.autoApprove ?? false
  const failures = createFailureState(opts.failures)
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage
  const readAuthorized = (): boolean => {
    try {
      return storage?.getItem(POLKADOT_DEV_WALLET_STORAGE_KEY) === 'authorized'
    } catch {
      return false
    }
  }
  const setAuthorized = (value: boolean): void => {
    authorized = value
    try {
      if (value) storage?.setItem(POLKADOT_DEV_WALLET_STORAGE_KEY, 'authorized')
      else storage?.removeItem(POLKADOT_DEV_WALLET_STORAGE_KEY)
    } catch {
      // Storage blocked: the authorization just does not survive a reload.
    }
  }
  let authorized = readAuthorized()
  const origin = opts.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? 'unknown origin'
  const prompt: ConsentPrompt | undefined = opts.prompt ?? (typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined)
  const subscribers = new Set<(accounts: PolkadotDevWalletAccount[]) => void | Promise<void>>()

  let keysPromise: Promise<Keys> | undefined
  const keys = (): Promise<Keys> =>
    (keysPromise ??= (async () => {
      const [{ Keyring }, crypto, util, { TypeRegistry }] = await Promise.all([
        import('@polkadot/keyring'),
        import('@polkadot/util-crypto'),
        import('@polkadot/util'),
        import('@polkadot/types'),
      ])
      await crypto.cryptoWaitReady()
      const keyring = new Keyring({ type: keyType, ss58Format })
      const pairs = new Map<string, KeyPair & { name: string }>()
      for (const uri of uris) {
        const pair = keyring.addFromUri(uri)
        pairs.set(util.u8aToHex(pair.publicKey), Object.assign(pair, { name: nameOf(uri) }))
      }
      return {
        pairs,
        hex: (bytes) => util.u8aToHex(bytes),
        wrap: (bytes) => util.u8aWrapBytes(bytes),
        fromHex: (hex) => util.hexToU8a(hex),
        decode: (address) => crypto.decodeAddress(address),
        signPayload(payload, pair) {
          // As the extension signs: a registry knowing the payload's signed extensions encodes the payload.
          const registry = new TypeRegistry()
          registry.setSignedExtensions(payload.signedExtensions as string[])
          const extrinsic = registry.createType('ExtrinsicPayload', payload, { version: payload.version as number })
          return extrinsic.sign(pair as never).signature
        },
      }
    })())

  const list = async (): Promise<PolkadotDevWalletAccount[]> => {
    const genesisHash = failures.unknownChain<string>(UNKNOWN_GENESIS_HASH) ?? null
    const accounts = [...(await keys()).pairs.values()].map((p) => ({ address: p.address, name: p.name, type: keyType, genesisHash }))
    return failures.malforms('accounts') ? accounts.map((a) => ({ ...a, address: 'not-an-ss58-address' })) : accounts
  }
  /** What the site sees: nothing while unauthorized, locked or disconnected. */
  const visible = async (): Promise<PolkadotDevWalletAccount[]> =>
    authorized && !failures.current.locked && !failures.current.disconnected ? list() : []

  const queue = createConsentQueue({ origin, prompt, autoApprove: () => autoApprove, rejectNext: () => failures.takeRejectNext() })
  let signId = 1

  const consent = (method: string, params: unknown, summary: string[]): Promise<void> => queue.ask(method, params, summary)

  const gate = async (method: string): Promise<void> => failures.gate(method)
  const badSignature = (method: string, result: PolkadotSignerResult): PolkadotSignerResult =>
    failures.malforms(method) ? { ...result, signature: '0x' } : result

  const pairFor = async (address: unknown): Promise<KeyPair & { name: string }> => {
    if (!authorized) throw walletError('unauthorized')
    const k = await keys()
    let publicKey: string
    try {
      publicKey = k.hex(k.decode(String(address)))
    } catch {
      throw walletError('invalidParams', 'Expected an SS58 address.')
    }
    const pair = k.pairs.get(publicKey)
    if (!pair) throw walletError('unauthorized')
    return pair
  }

  const readable = (bytes: Uint8Array, hex: string): string => {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      return /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\r\t]*$/u.test(text) ? text : hex
    } catch {
      return hex
    }
  }

  const injected: PolkadotDevInjected = {
    accounts: {
      get: async () => {
        if (failures.current.delayMs) await new Promise((r) => setTimeout(r, failures.current.delayMs))
        return visible()
      },
      subscribe(cb) {
        subscribers.add(cb)
        void visible().then((accounts) => subscribers.has(cb) && authorized && cb(accounts))
        return () => void subscribers.delete(cb)
      },
    },
    signer: {
      async signRaw(raw) {
        await gate('signRaw')
        const pair = await pairFor(raw?.address)
        const k = await keys()
        if (typeof raw.data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(raw.data)) throw walletError('invalidParams', 'Expected hex data.')
        const bytes = k.fromHex(raw.data)
        await consent('signRaw', raw, [`Sign message as ${pair.address}:`, readable(bytes, raw.data)])
        return badSignature('signRaw', { id: signId++, signature: k.hex(pair.sign(k.wrap(bytes))) })
      },
      async signPayload(payload) {
        await gate('signPayload')
        const pair = await pairFor(payload?.address)
        const k = await keys()
        await consent('signPayload', payload, [
          `Sign transaction as ${pair.address}`,
          `Call: ${String(payload.method)}`,
          `Nonce: ${BigInt(String(payload.nonce ?? '0'))}`,
          `Tip: ${BigInt(String(payload.tip ?? '0'))}`,
          `Genesis: ${String(payload.genesisHash)}`,
        ])
        return badSignature('signPayload', { id: signId++, signature: k.signPayload(payload, pair) })
      },
    },
  }

  const notify = async (): Promise<void> => {
    const accounts = await visible()
    for (const cb of [...subscribers]) {
      try {
        await cb(accounts)
      } catch (err) {
        console.error('[portico dev wallet] accounts subscriber threw', err)
      }
    }
  }

  let enabling: Promise<void> | undefined
  const settle = (id: number | undefined, ok: boolean): void => queue.settle(id, ok)

  return {
    isPorticoDevWallet: true,
    name: POLKADOT_DEV_WALLET_NAME,
    version: '0.1.0',
    async enable(originName) {
      await gate('enable')
      if (!authorized) {
        const accounts = await list()
        enabling ??= consent('enable', { originName }, [
          `${String(originName)} asks to see your accounts:`,
          ...accounts.map((a) => `${a.name} ${a.address}`),
        ])
          .then(() => setAuthorized(true))
          .finally(() => (enabling = undefined))
        await enabling
      }
      return injected
    },
    setAutoApprove(value) {
      autoApprove = value
      if (value) queue.approveAll()
    },
    setFailures(next) {
      const before = failures.set(next)
      const after = failures.current
      if (!before.disconnected && after.disconnected) setAuthorized(false)
      if (
        Boolean(before.disconnected) !== Boolean(after.disconnected) ||
        before.unknownChain !== after.unknownChain ||
        Boolean(before.locked) !== Boolean(after.locked) ||
        JSON.stringify(before.malformed) !== JSON.stringify(after.malformed)
      ) {
        void notify()
      }
    },
    pendingRequests: () => queue.requests(),
    approve: (id) => settle(id, true),
    reject: (id) => settle(id, false),
    async setAccounts(next) {
      uris = [...next]
      keysPromise = undefined
      await notify()
    },
    revoke() {
      setAuthorized(false)
      void notify()
    },
    accounts: async () => [...(await keys()).pairs.values()].map((p) => ({ address: p.address, name: p.name, type: keyType, genesisHash: null })),
    get state() {
      return { authorized }
    },
  }
}

/**
 * Adds the wallet to `window.injectedWeb3` under 'portico-dev-wallet', as a Polkadot extension injects itself.
 * `dispose()` removes it.
 */
export function installPolkadotDevWallet(target: Window, opts: PolkadotDevWalletOptions = {}): InstalledPolkadotDevWallet {
  const wallet = createPolkadotDevWallet(opts)
  const host = target as Window & { injectedWeb3?: Record<string, unknown> }
  host.injectedWeb3 ??= {}
  host.injectedWeb3[POLKADOT_DEV_WALLET_KEY] = wallet
  return {
    wallet,
    dispose() {
      if (host.injectedWeb3?.[POLKADOT_DEV_WALLET_KEY] === wallet) delete host.injectedWeb3[POLKADOT_DEV_WALLET_KEY]
    },
  }
}
