/**
 * A Keplr-style cosmos dev wallet (`window.keplr`) for the demo, e2e tests and app developers' tests: keys from the
 * shared dev mnemonic on cosmjs's default path (m/44'/118'/0'/0/i, the accounts the local cosmos ledger funds), the
 * same consent prompt and failure flags as the EVM dev wallet, signing with cosmjs's own HD wallets (loaded with
 * import() on first use, so importing portico/testing pulls no cosmjs into a host that does not use it).
 */
import { base64, bech32 } from '@scure/base'
import { createDomConsentPrompt, type ConsentPrompt, type ConsentRequest } from './consent-prompt.ts'
import { DEV_WALLET_MNEMONIC } from './dev-wallet.ts'
import { walletError } from './errors.ts'
import { createConsentQueue } from './consent-queue.ts'
import { createFailureState, type FakeWalletFailures } from './failures.ts'

export const COSMOS_DEV_WALLET_NAME = 'Portico Dev Wallet'
export const COSMOS_DEV_WALLET_STORAGE_KEY = '@portico-dev-wallet/cosmos'
/** The event Keplr dispatches on window when the user switches keys. */
export const COSMOS_KEYSTORE_CHANGE_EVENT = 'keplr_keystorechange'

export type CosmosDevWalletChain = {
  chainId: string
  name?: string
  rpcUrl: string
  /** @default 'cosmos' */
  bech32Prefix?: string
}

/**
 * The failure flags (the same for the five fake wallets; see FakeWalletFailures). `reject` and `malformed` take
 * 'enable', 'getKey', 'getAccounts', 'signArbitrary', 'signDirect', 'signAmino', 'experimentalSuggestChain'.
 */
export type CosmosDevWalletFailures = FakeWalletFailures

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export type CosmosDevWalletOptions = {
  chains: CosmosDevWalletChain[]
  mnemonic?: string
  /** Derivation index of the account shown (m/44'/118'/0'/0/i). Default 0. */
  accountIndex?: number
  /** Approve every consent at once (no prompt). Default false. */
  autoApprove?: boolean
  failures?: CosmosDevWalletFailures
  /** Replaces the in-page prompt. Without it (and without a DOM) requests wait for approve()/reject(). */
  prompt?: ConsentPrompt
  /** getOfflineSignerAuto answers an Amino-only signer, as Keplr does for a Ledger key. Default false. */
  aminoOnly?: boolean
  /** Where enabled chains are remembered; default globalThis.localStorage when present, null to not persist. */
  storage?: StorageLike | null
  /** Origin shown in the prompt; default location.origin. */
  origin?: string
}

export type CosmosStdSignature = { pub_key: { type: string; value: string }; signature: string }
export type CosmosKey = { name: string; algo: string; pubKey: Uint8Array; address: Uint8Array; bech32Address: string; isNanoLedger: boolean; isKeystone: boolean }
export type CosmosAccountData = { address: string; algo: 'secp256k1'; pubkey: Uint8Array }
export type CosmosDevOfflineSigner = {
  chainId: string
  getAccounts(): Promise<CosmosAccountData[]>
  signDirect?(signerAddress: string, signDoc: CosmosDirectSignDoc): Promise<{ signed: CosmosDirectSignDoc; signature: CosmosStdSignature }>
  signAmino?(signerAddress: string, signDoc: CosmosAminoSignDoc): Promise<{ signed: CosmosAminoSignDoc; signature: CosmosStdSignature }>
}
/** cosmjs-types SignDoc. */
export type CosmosDirectSignDoc = { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }
/** Amino StdSignDoc. */
export type CosmosAminoSignDoc = {
  chain_id: string
  account_number: string
  sequence: string
  fee: { amount: Array<{ denom: string; amount: string }>; gas: string }
  msgs: Array<{ type: string; value: unknown }>
  memo: string
  timeout_height?: string
}

/** The Keplr API subset the dev wallet implements, plus controls for tests and the demo. */
export type CosmosDevWallet = {
  readonly isPorticoDevWallet: true
  readonly name: string
  readonly version: string
  readonly mode: 'extension'
  enable(chainIds: string | string[]): Promise<void>
  disable(chainIds?: string | string[]): Promise<void>
  getKey(chainId: string): Promise<CosmosKey>
  getOfflineSigner(chainId: string): CosmosDevOfflineSigner
  getOfflineSignerOnlyAmino(chainId: string): CosmosDevOfflineSigner
  getOfflineSignerAuto(chainId: string): Promise<CosmosDevOfflineSigner>
  signDirect(chainId: string, signer: string, signDoc: CosmosDirectSignDoc): Promise<{ signed: CosmosDirectSignDoc; signature: CosmosStdSignature }>
  signAmino(chainId: string, signer: string, signDoc: CosmosAminoSignDoc): Promise<{ signed: CosmosAminoSignDoc; signature: CosmosStdSignature }>
  /** ADR-036: signs `data` (a string as its UTF-8 bytes) in an Amino doc with chain id "" and zero fee. */
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<CosmosStdSignature>
  experimentalSuggestChain(chainInfo: { chainId: string; chainName?: string; rpc: string; bech32Config?: { bech32PrefixAccAddr?: string } }): Promise<void>
  // Controls.
  setAutoApprove(value: boolean): void
  setFailures(failures: CosmosDevWalletFailures): void
  pendingRequests(): ConsentRequest[]
  approve(id?: number): void
  reject(id?: number): void
  /** The user picks another key in the wallet: dispatches `keplr_keystorechange`. */
  setAccount(index: number): void
  /** The user revokes the site: every chain is disabled. */
  disconnectSite(): void
  readonly state: { enabledChainIds: string[]; accountIndex: number; chains: CosmosDevWalletChain[] }
}

type EventWindow = Pick<Window, 'dispatchEvent'> & { Event?: typeof Event }

type Signers = {
  address: string
  pubkey: Uint8Array
  direct: { signDirect(address: string, doc: never): Promise<{ signed: unknown; signature: CosmosStdSignature }> }
  amino: { signAmino(address: string, doc: never): Promise<{ signed: unknown; signature: CosmosStdSignature }> }
}

function defaultStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null
  } catch {
    return null
  }
}

/** The ADR-036 sign doc for `data` signed by `signer` (chain id "", account number and sequence 0, no fee). */
export function makeAdr036SignDoc(signer: string, data: string | Uint8Array): CosmosAminoSignDoc {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(bytes) } }],
    memo: '',
  }
}

/** The `malformed` flag: an address that is not bech32, an empty key, an empty signature. */
function malformedCosmos(method: string, result: unknown): unknown {
  const badSignature = (sig: CosmosStdSignature): CosmosStdSignature => ({ ...sig, signature: '' })
  switch (method) {
    case 'getKey':
      return { ...(result as CosmosKey), bech32Address: 'not-a-bech32-address', pubKey: new Uint8Array(0), address: new Uint8Array(0) }
    case 'getAccounts':
      return (result as CosmosAccountData[]).map((a) => ({ ...a, address: 'not-a-bech32-address', pubkey: new Uint8Array(0) }))
    case 'signArbitrary':
      return badSignature(result as CosmosStdSignature)
    case 'signDirect':
    case 'signAmino': {
      const r = result as { signed: unknown; signature: CosmosStdSignature }
      return { ...r, signature: badSignature(r.signature) }
    }
    default:
      return result
  }
}

/** Creates the wallet object (install it with installCosmosDevWallet). */
export function createCosmosDevWallet(win: EventWindow | undefined, opts: CosmosDevWalletOptions): CosmosDevWallet {
  if (opts.chains.length === 0) throw new Error('createCosmosDevWallet needs at least one chain')
  const mnemonic = opts.mnemonic ?? DEV_WALLET_MNEMONIC
  const chains = new Map(opts.chains.map((c) => [c.chainId, { ...c }]))
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage
  const origin = opts.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin ?? 'unknown origin'
  let autoApprove = opts.autoApprove ?? false
  const failures = createFailureState(opts.failures)
  let accountIndex = opts.accountIndex ?? 0
  const prompt: ConsentPrompt | undefined = opts.prompt ?? (typeof document !== 'undefined' ? createDomConsentPrompt(document) : undefined)
  const enabled = new Set<string>()

  try {
    const saved = storage?.getItem(COSMOS_DEV_WALLET_STORAGE_KEY)
    if (saved) {
      const parsed = JSON.parse(saved) as { chainIds?: unknown; accountIndex?: unknown }
      if (Array.isArray(parsed.chainIds)) for (const id of parsed.chainIds) if (typeof id === 'string' && chains.has(id)) enabled.add(id)
      if (opts.accountIndex === undefined && typeof parsed.accountIndex === 'number') accountIndex = parsed.accountIndex
    }
  } catch {
    // Unreadable storage: start with nothing enabled.
  }
  const persist = (): void => {
    try {
      if (enabled.size) storage?.setItem(COSMOS_DEV_WALLET_STORAGE_KEY, JSON.stringify({ chainIds: [...enabled], accountIndex }))
      else storage?.removeItem(COSMOS_DEV_WALLET_STORAGE_KEY)
    } catch {
      // Storage full or blocked: the connection just does not survive a reload.
    }
  }

  // cosmjs HD wallets per (prefix, index), loaded and derived on first use.
  const signers = new Map<string, Promise<Signers>>()
  const signersFor = (prefix: string, index: number): Promise<Signers> => {
    const key = `${prefix}/${index}`
    let s = signers.get(key)
    if (!s) {
      s = (async () => {
        const [amino, proto] = await Promise.all([import('@cosmjs/amino'), import('@cosmjs/proto-signing')])
        const hdPaths = [amino.makeCosmoshubPath(index)]
        const [aminoWallet, directWallet] = await Promise.all([
          amino.Secp256k1HdWallet.fromMnemonic(mnemonic, { hdPaths, prefix }),
          proto.DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { hdPaths, prefix }),
        ])
        const [account] = await aminoWallet.getAccounts()
        return { address: account!.address, pubkey: account!.pubkey, direct: directWallet as unknown as Signers['direct'], amino: aminoWallet as unknown as Signers['amino'] }
      })()
      s.catch(() => signers.delete(key))
      signers.set(key, s)
    }
    return s
  }
  const prefixOf = (chainId: string): string => chains.get(chainId)?.bech32Prefix ?? 'cosmos'
  const chainName = (chainId: string): string => chains.get(chainId)?.name ?? chainId

  const queue = createConsentQueue({ origin, prompt, autoApprove: () => autoApprove, rejectNext: () => failures.takeRejectNext() })

  const consent = (method: string, params: unknown, summary: string[]): Promise<void> => queue.ask(method, params, summary)
  const settle = (id: number | undefined, ok: boolean): void => queue.settle(id, ok)

  /** Runs a wallet method with the failure flags; errors leave as ProviderRpcError or Keplr's plain errors. */
  const handle = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    await failures.gate(method)
    const result = await run()
    return failures.malforms(method) ? (malformedCosmos(method, result) as T) : result
  }
  const knownChain = (chainId: unknown): string => {
    // `unknownChain`: the wallet has moved to a chain the app does not know, so it knows none of the app's chains.
    if (typeof chainId !== 'string' || !chains.has(chainId) || failures.unknownChain('unknown')) throw new Error(`There is no chain info for ${String(chainId)}`)
    return chainId
  }
  const enabledChain = (chainId: unknown): string => {
    const id = knownChain(chainId)
    if (!enabled.has(id)) throw walletError('unauthorized', `${id} is not enabled for this site.`)
    return id
  }
  const requireSigner = async (chainId: string, signer: unknown): Promise<Signers> => {
    const s = await signersFor(prefixOf(chainId), accountIndex)
    if (signer !== s.address) throw walletError('unauthorized', `Unknown signer ${String(signer)}.`)
    return s
  }

  const describeDirect = async (doc: CosmosDirectSignDoc): Promise<string[]> => {
    try {
      const [proto, tx] = await Promise.all([import('@cosmjs/proto-signing'), import('cosmjs-types/cosmos/tx/v1beta1/tx')])
      const body = tx.TxBody.decode(doc.bodyBytes)
      const registry = new proto.Registry()
      const lines = body.messages.map((m) => {
        if (m.typeUrl !== '/cosmos.bank.v1beta1.MsgSend') return `Message ${m.typeUrl}`
        const send = registry.decode(m) as { toAddress: string; amount: Array<{ amount: string; denom: string }> }
        return `Send ${send.amount.map((c) => `${c.amount} ${c.denom}`).join(', ')} to ${send.toAddress}`
      })
      return body.memo ? [...lines, `Memo: ${body.memo}`] : lines
    } catch {
      return ['(undecodable transaction body)']
    }
  }

  const offlineSigner = (chainId: string, modes: { direct: boolean; amino: boolean }): CosmosDevOfflineSigner => {
    const signer: CosmosDevOfflineSigner = {
      chainId,
      getAccounts: () =>
        handle('getAccounts', async () => {
          enabledChain(chainId)
          const s = await signersFor(prefixOf(chainId), accountIndex)
          return [{ address: s.address, algo: 'secp256k1' as const, pubkey: s.pubkey }]
        }),
    }
    if (modes.direct) signer.signDirect = (address, doc) => api.signDirect(chainId, address, doc)
    if (modes.amino) signer.signAmino = (address, doc) => api.signAmino(chainId, address, doc)
    return signer
  }

  let connecting: Promise<void> | undefined
  const api: CosmosDevWallet = {
    isPorticoDevWallet: true,
    name: COSMOS_DEV_WALLET_NAME,
    version: '0.12.0-portico-dev',
    mode: 'extension',

    enable: (chainIds) =>
      handle('enable', async () => {
        const ids = (Array.isArray(chainIds) ? chainIds : [chainIds]).map(knownChain)
        const missing = ids.filter((id) => !enabled.has(id))
        if (!missing.length) return
        // A second call while the first waits for consent shares its prompt.
        connecting ??= (async () => {
          const addresses = await Promise.all(missing.map(async (id) => (await signersFor(prefixOf(id), accountIndex)).address))
          await consent('enable', missing, ['Connect to this site with:', ...new Set(addresses), ...missing.map((id) => `Network: ${chainName(id)} (${id})`)])
          for (const id of missing) enabled.add(id)
          persist()
        })().finally(() => (connecting = undefined))
        await connecting
        for (const id of ids) if (!enabled.has(id)) await api.enable(id)
      }),

    disable: async (chainIds) => {
      if (chainIds === undefined) enabled.clear()
      else for (const id of Array.isArray(chainIds) ? chainIds : [chainIds]) enabled.delete(id)
      persist()
    },

    getKey: (chainId) =>
      handle('getKey', async () => {
        const id = enabledChain(chainId)
        const s = await signersFor(prefixOf(id), accountIndex)
        return {
          name: `Dev account ${accountIndex}`,
          algo: 'secp256k1',
          pubKey: s.pubkey,
          address: bech32.fromWords(bech32.decode(s.address as `${string}1${string}`).words),
          bech32Address: s.address,
          isNanoLedger: false,
          isKeystone: false,
        }
      }),

    getOfflineSigner: (chainId) => offlineSigner(knownChain(chainId), { direct: true, amino: true }),
    getOfflineSignerOnlyAmino: (chainId) => offlineSigner(knownChain(chainId), { direct: false, amino: true }),
    getOfflineSignerAuto: async (chainId) => offlineSigner(knownChain(chainId), opts.aminoOnly ? { direct: false, amino: true } : { direct: true, amino: true }),

    signDirect: (chainId, signer, signDoc) =>
      handle('signDirect', async () => {
        const id = enabledChain(chainId)
        const s = await requireSigner(id, signer)
        if (!signDoc || signDoc.chainId !== id) throw walletError('invalidParams', `The sign doc is for chain ${String(signDoc?.chainId)}, not ${id}.`)
        await consent('signDirect', { chainId: id, signer }, [
          `Sign a transaction as ${s.address}`,
          `Network: ${chainName(id)} (${id}), account number ${String(signDoc.accountNumber)}`,
          ...(await describeDirect(signDoc)),
        ])
        return (await s.direct.signDirect(s.address, signDoc as never)) as { signed: CosmosDirectSignDoc; signature: CosmosStdSignature }
      }),

    signAmino: (chainId, signer, signDoc) =>
      handle('signAmino', async () => {
        const id = enabledChain(chainId)
        const s = await requireSigner(id, signer)
        if (!signDoc || signDoc.chain_id !== id) throw walletError('invalidParams', `The sign doc is for chain ${String(signDoc?.chain_id)}, not ${id}.`)
        await consent('signAmino', { chainId: id, signer }, [
          `Sign a transaction (Amino) as ${s.address}`,
          `Network: ${chainName(id)} (${id}), account number ${signDoc.account_number}, sequence ${signDoc.sequence}`,
          JSON.stringify(signDoc.msgs, null, 2),
          ...(signDoc.memo ? [`Memo: ${signDoc.memo}`] : []),
        ])
        return (await s.amino.signAmino(s.address, signDoc as never)) as { signed: CosmosAminoSignDoc; signature: CosmosStdSignature }
      }),

    signArbitrary: (chainId, signer, data) =>
      handle('signArbitrary', async () => {
        const id = enabledChain(chainId)
        const s = await requireSigner(id, signer)
        if (typeof data !== 'string' && !(data instanceof Uint8Array)) throw walletError('invalidParams', 'Expected a string or bytes.')
        await consent('signArbitrary', { chainId: id, signer, data }, [
          `Sign message as ${s.address}:`,
          typeof data === 'string' ? data : `0x${[...data].map((b) => b.toString(16).padStart(2, '0')).join('')}`,
        ])
        const { signature } = await s.amino.signAmino(s.address, makeAdr036SignDoc(s.address, data) as never)
        return signature
      }),

    experimentalSuggestChain: (info) =>
      handle('experimentalSuggestChain', async () => {
        if (!info || typeof info.chainId !== 'string' || typeof info.rpc !== 'string') throw walletError('invalidParams', 'Expected chain info with chainId and rpc.')
        if (chains.has(info.chainId)) return
        const name = typeof info.chainName === 'string' && info.chainName ? info.chainName : info.chainId
        await consent('experimentalSuggestChain', { chainId: info.chainId }, [`Add network ${name} (${info.chainId})`, `RPC: ${info.rpc}`])
        chains.set(info.chainId, { chainId: info.chainId, name, rpcUrl: info.rpc, bech32Prefix: info.bech32Config?.bech32PrefixAccAddr ?? 'cosmos' })
      }),

    setAutoApprove(value) {
      autoApprove = value
      if (value) queue.approveAll()
    },
    setFailures(next) {
      const before = failures.set(next)
      const after = failures.current
      if (!before.disconnected && after.disconnected) api.disconnectSite()
      else if (before.unknownChain !== after.unknownChain || Boolean(before.locked) !== Boolean(after.locked)) {
        const Ctor = win?.Event ?? (typeof Event === 'undefined' ? undefined : Event)
        if (win && Ctor) win.dispatchEvent(new Ctor(COSMOS_KEYSTORE_CHANGE_EVENT))
      }
    },
    pendingRequests: () => queue.requests(),
    approve: (id) => settle(id, true),
    reject: (id) => settle(id, false),
    setAccount(index) {
      if (!Number.isSafeInteger(index) || index < 0) throw new Error(`Invalid account index ${index}`)
      accountIndex = index
      persist()
      const Ctor = win?.Event ?? (typeof Event === 'undefined' ? undefined : Event)
      if (win && Ctor) win.dispatchEvent(new Ctor(COSMOS_KEYSTORE_CHANGE_EVENT))
    },
    disconnectSite() {
      enabled.clear()
      persist()
      const Ctor = win?.Event ?? (typeof Event === 'undefined' ? undefined : Event)
      if (win && Ctor) win.dispatchEvent(new Ctor(COSMOS_KEYSTORE_CHANGE_EVENT))
    },
    get state() {
      return { enabledChainIds: [...enabled], accountIndex, chains: [...chains.values()] }
    },
  }
  return api
}

export type InstalledCosmosDevWallet = { wallet: CosmosDevWallet; dispose(): void }

/**
 * Creates the cosmos dev wallet and sets it as `window.keplr` (or `window[global]`), named "Portico Dev Wallet".
 * dispose() removes it again.
 */
export function installCosmosDevWallet(win: EventWindow & object, opts: CosmosDevWalletOptions & { global?: string }): InstalledCosmosDevWallet {
  const { global = 'keplr', ...walletOptions } = opts
  const wallet = createCosmosDevWallet(win, walletOptions)
  const target = win as unknown as Record<string, unknown>
  target[global] = wallet
  return {
    wallet,
    dispose() {
      if (target[global] === wallet) delete target[global]
    },
  }
}

