import { ProviderRpcError, type CaipNetwork } from 'portico/plugin'
import { decodeBitcoinAddress, type BitcoinAddressType } from './address.ts'
import { walletStandardChain } from './networks.ts'

/** sats-connect's address purposes that this plugin asks for: BTC payments and the ordinals (taproot) address. */
export type AddressPurpose = 'payment' | 'ordinals'

/** An account a bitcoin wallet shares, with what it is for. */
export interface BitcoinAccount {
  address: string
  purpose: AddressPurpose
  addressType: BitcoinAddressType
  /** Hex public key, when the wallet shares it. */
  publicKey?: string
}

/** Which inputs of a PSBT each address signs (sats-connect's `signInputs`). */
export type SignInputs = Record<string, number[]>

/**
 * What the plugin needs from a bitcoin wallet, whichever interface it speaks. `fromWalletStandard` and
 * `fromSatsConnect` adapt the two standard ones; a host can pass its own.
 */
export interface BitcoinWallet {
  /** Stable id (the connector id is `bip122:` + it). */
  id: string
  name: string
  icon?: string
  /** 'ANNOUNCED' for Wallet Standard registrations, 'INJECTED' for window providers. */
  type?: 'ANNOUNCED' | 'INJECTED'
  /** Asks for the payment and ordinals accounts. */
  connect(network: CaipNetwork): Promise<BitcoinAccount[]>
  /** Accounts already granted, without a prompt (undefined when the wallet cannot tell). */
  authorizedAccounts?(): BitcoinAccount[] | undefined
  /** Signs a message; answers the base64 signature (BIP-322 simple for segwit, legacy for P2PKH). */
  signMessage(args: { address: string; message: string; protocol: 'BIP322' | 'ECDSA'; network: CaipNetwork }): Promise<string>
  /** Signs the listed inputs of a base64 PSBT; answers the signed base64 PSBT. */
  signPsbt(args: { psbt: string; signInputs: SignInputs; network: CaipNetwork }): Promise<string>
  /** The wallet builds, signs and broadcasts a transfer itself (sats-connect); answers the txid. */
  sendTransfer?(args: { recipients: Array<{ address: string; amount: number }>; network: CaipNetwork }): Promise<string>
  disconnect?(): Promise<void>
  /** The wallet switched accounts (an empty list: it disconnected us). Returns the unsubscribe. */
  onAccountsChanged?(listener: (accounts: BitcoinAccount[]) => void): () => void
}

// ─── Shared helpers ───────────────────────────────────────────────────────────────────────────────────────────────

const MAX_NAME = 64

/** Wallet names are plain text; icons only data:image/ or https: URLs. */
export function cleanName(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME)
  return clean || undefined
}

export function cleanIcon(icon: unknown): string | undefined {
  if (typeof icon !== 'string') return undefined
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon)) return icon
  try {
    return new URL(icon).protocol === 'https:' ? icon : undefined
  } catch {
    return undefined
  }
}

/** Keeps well-formed addresses; the purpose is the wallet's word, else taproot means ordinals. */
export function toAccount(address: unknown, purpose?: unknown, publicKey?: unknown): BitcoinAccount | undefined {
  if (typeof address !== 'string') return undefined
  const decoded = decodeBitcoinAddress(address)
  if (!decoded) return undefined
  const p: AddressPurpose =
    purpose === 'payment' || purpose === 'ordinals' ? purpose : decoded.type === 'p2tr' ? 'ordinals' : 'payment'
  return { address, purpose: p, addressType: decoded.type, publicKey: typeof publicKey === 'string' && /^[0-9a-f]+$/i.test(publicKey) ? publicKey : undefined }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

// ─── Wallet Standard (bitcoin:connect, bitcoin:signMessage, bitcoin:signTransaction) ─────────────────────────────

/** The Wallet Standard surface read here (structural, so any registered wallet object fits). */
export interface StandardBitcoinWallet {
  name: string
  icon?: string
  chains?: readonly string[]
  accounts: readonly StandardAccount[]
  features: Readonly<Record<string, unknown>>
}
export interface StandardAccount {
  address: string
  publicKey: Uint8Array
  chains?: readonly string[]
  features?: readonly string[]
}

type ConnectFeature = { connect(input: { purposes: AddressPurpose[] }): Promise<{ accounts: readonly StandardAccount[] }> }
type SignMessageFeature = {
  signMessage(...inputs: Array<{ account: StandardAccount; message: Uint8Array }>): Promise<unknown>
}
type SignTransactionFeature = {
  signTransaction(
    ...inputs: Array<{ psbt: Uint8Array; inputsToSign: Array<{ account: StandardAccount; signingIndexes: number[] }>; chain?: string }>
  ): Promise<unknown>
}
type EventsFeature = { on(event: 'change', listener: (props: { accounts?: readonly StandardAccount[] }) => void): () => void }

/** True when a registered wallet speaks the Bitcoin Wallet Standard. */
export function isStandardBitcoinWallet(wallet: unknown): wallet is StandardBitcoinWallet {
  const w = wallet as StandardBitcoinWallet | undefined
  return Boolean(w && typeof w.name === 'string' && w.features && typeof (w.features['bitcoin:connect'] as ConnectFeature | undefined)?.connect === 'function')
}

/** A method answering one output or, as the Exodus features do, a list with one output per input. */
const first = <T>(result: unknown): T => (Array.isArray(result) ? result[0] : result) as T

/** Adapts a Wallet Standard bitcoin wallet. */
export function fromWalletStandard(wallet: StandardBitcoinWallet): BitcoinWallet {
  const name = cleanName(wallet.name) ?? 'Bitcoin wallet'
  const granted = new Map<string, StandardAccount>()
  const convert = (accounts: readonly StandardAccount[]): BitcoinAccount[] => {
    const out: BitcoinAccount[] = []
    for (const a of accounts) {
      const account = toAccount(a.address, undefined, a.publicKey instanceof Uint8Array ? hex(a.publicKey) : undefined)
      if (!account) continue
      granted.set(a.address, a)
      out.push(account)
    }
    return out
  }
  const feature = <F>(id: string): F => {
    const f = wallet.features[id] as F | undefined
    if (!f) throw new ProviderRpcError(4200, `${name} does not support ${id}`)
    return f
  }
  const account = (address: string): StandardAccount => {
    const a = granted.get(address) ?? wallet.accounts.find((x) => x.address === address)
    if (!a) throw new ProviderRpcError(4100, `${name} has not shared ${address}`)
    return a
  }
  return {
    id: `ws:${name}`,
    name,
    icon: cleanIcon(wallet.icon),
    type: 'ANNOUNCED',
    async connect() {
      const { accounts } = await feature<ConnectFeature>('bitcoin:connect').connect({ purposes: ['payment', 'ordinals'] })
      return convert(accounts)
    },
    authorizedAccounts: () => (wallet.accounts.length ? convert(wallet.accounts) : undefined),
    async signMessage({ address, message }) {
      const out = first<{ signature?: Uint8Array }>(
        await feature<SignMessageFeature>('bitcoin:signMessage').signMessage({ account: account(address), message: new TextEncoder().encode(message) }),
      )
      if (!(out?.signature instanceof Uint8Array)) throw new Error(`${name} answered no signature`)
      return toBase64(out.signature)
    },
    async signPsbt({ psbt, signInputs, network }) {
      const inputsToSign = Object.entries(signInputs).map(([address, signingIndexes]) => ({ account: account(address), signingIndexes }))
      const out = first<{ signedPsbt?: Uint8Array }>(
        await feature<SignTransactionFeature>('bitcoin:signTransaction').signTransaction({ psbt: fromBase64(psbt), inputsToSign, chain: walletStandardChain(network) }),
      )
      if (!(out?.signedPsbt instanceof Uint8Array)) throw new Error(`${name} answered no signed PSBT`)
      return toBase64(out.signedPsbt)
    },
    async disconnect() {
      const f = wallet.features['standard:disconnect'] as { disconnect?: () => Promise<void> } | undefined
      await f?.disconnect?.()
    },
    onAccountsChanged(listener) {
      const events = wallet.features['standard:events'] as EventsFeature | undefined
      if (!events?.on) return () => undefined
      return events.on('change', ({ accounts }) => {
        if (accounts) listener(convert(accounts))
      })
    },
  }
}

// ─── sats-connect provider interface (JSON-RPC style request(method, params)) ─────────────────────────────────────

/** sats-connect's `BitcoinProvider.request`: answers `{ jsonrpc, id, result }` or `{ jsonrpc, id, error }`. */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(event: 'accountChange' | 'disconnect', listener: (event?: unknown) => void): (() => void) | void
}

/** sats-connect's user rejection code. */
const SATS_USER_REJECTION = -32000

async function satsRequest<T>(provider: SatsConnectProvider, method: string, params: unknown): Promise<T> {
  const response = (await provider.request(method, params)) as { result?: T; error?: { code?: number; message?: string } } | undefined
  if (response?.error) {
    const { code, message = 'The wallet failed' } = response.error
    // The kernel recognises rejections by the EIP-1193 code.
    throw new ProviderRpcError(code === SATS_USER_REJECTION ? 4001 : (code ?? -32603), message)
  }
  if (!response || !('result' in response)) throw new Error(`The wallet answered ${method} without a result`)
  return response.result as T
}

/** Adapts a sats-connect provider (Xverse-style `request('getAccounts' | 'signMessage' | 'signPsbt' | 'sendTransfer')`). */
export function fromSatsConnect(entry: { id: string; name: string; icon?: string; provider: SatsConnectProvider }): BitcoinWallet {
  const { provider } = entry
  const name = cleanName(entry.name) ?? 'Bitcoin wallet'
  const convert = (list: unknown): BitcoinAccount[] =>
    (Array.isArray(list) ? list : [])
      .filter((a) => a?.purpose === 'payment' || a?.purpose === 'ordinals')
      .map((a) => toAccount(a.address, a.purpose, a.publicKey))
      .filter((a): a is BitcoinAccount => Boolean(a))
  return {
    id: `sats:${entry.id}`,
    name,
    icon: cleanIcon(entry.icon),
    type: 'INJECTED',
    async connect() {
      return convert(await satsRequest(provider, 'getAccounts', { purposes: ['payment', 'ordinals'] }))
    },
    async signMessage({ address, message, protocol }) {
      const { signature } = await satsRequest<{ signature: string }>(provider, 'signMessage', { address, message, protocol })
      return signature
    },
    async signPsbt({ psbt, signInputs }) {
      return (await satsRequest<{ psbt: string }>(provider, 'signPsbt', { psbt, signInputs, broadcast: false })).psbt
    },
    async sendTransfer({ recipients }) {
      return (await satsRequest<{ txid: string }>(provider, 'sendTransfer', { recipients })).txid
    },
    async disconnect() {
      await satsRequest(provider, 'wallet_renouncePermissions', undefined).catch(() => undefined)
    },
    onAccountsChanged(listener) {
      const off = provider.addListener?.('accountChange', () => {
        satsRequest(provider, 'getAccounts', { purposes: ['payment', 'ordinals'] }).then(
          (list) => listener(convert(list)),
          () => listener([]),
        )
      })
      return typeof off === 'function' ? off : () => undefined
    },
  }
}

/** sats-connect's provider list on window: `btc_providers` entries name a provider by its path on window. */
export function satsConnectProviders(win: object): BitcoinWallet[] {
  const list = (win as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(list)) return []
  const out: BitcoinWallet[] = []
  for (const info of list) {
    if (typeof info?.id !== 'string' || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(info.id)) continue
    let provider: unknown = win
    for (const key of (info.id as string).split('.')) provider = (provider as Record<string, unknown> | undefined)?.[key]
    const name = cleanName(info.name)
    if (!name || typeof (provider as SatsConnectProvider | undefined)?.request !== 'function') continue
    out.push(fromSatsConnect({ id: info.id, name, icon: info.icon, provider: provider as SatsConnectProvider }))
  }
  return out
}
