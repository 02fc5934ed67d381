import { ErrorText, formatUnits, Store, type CaipNetwork, type ChainNamespace, type DisplayText, type Disposable } from 'portico/plugin'
import { message } from 'portico/react'
import { messages } from './messages.ts'
import { insufficientBalance, insufficientForFee, readableSendError, SendText } from './errors.ts'
import type { SenderRegistry } from './registry.ts'
import type { NamesLookup, ResolvedName, SendFee, SendRequest, SendToken } from './tokens.ts'

/** SPEC §9 pending-transaction limit. */
export const PENDING_TRANSACTION_LIMIT = 99

/** SPEC §3 send state, plus what the views show while it is edited. */
export interface SendState {
  token?: SendToken
  /** What the user typed in the Amount field (token units). */
  sendTokenAmount: string
  /** What the user typed in the Receiver field: an address or an account name. */
  receiverInput: string
  /** The resolved receiver address (plain); undefined until the input is an address or a resolved name. */
  receiverAddress?: string
  receiverProfileName?: string | null
  receiverProfileImage?: string | null
  /** True while a name or profile lookup runs. */
  receiverLoading: boolean
  /** USD value of the native balance. */
  networkBalanceInUSD?: string
  /** USD price of one unit of the chosen token (POST /v1/fungible/price). */
  tokenPrice?: number
  /** True while sending. */
  loading: boolean
  /** The account's tokens to pick from. */
  tokenBalances: SendToken[]
  tokensLoading: boolean
  /** When loading the tokens last failed. */
  lastRetry?: number
  /** The network fee of the previewed transfer. */
  fee?: SendFee
  feeLoading: boolean
  /** The last validation or chain error, as shown. */
  error?: string
  /** Hashes sent whose receipt has not come in (SPEC §9: at most 99). */
  pending: string[]
}

const INITIAL: SendState = {
  sendTokenAmount: '',
  receiverInput: '',
  receiverLoading: false,
  loading: false,
  tokenBalances: [],
  tokensLoading: false,
  feeLoading: false,
  pending: [],
}

export interface SendControllerDeps {
  senders: SenderRegistry
  /** The active namespace's connected account. */
  active(): { namespace: ChainNamespace; address: string; network: CaipNetwork } | undefined
  /** The account's token balances (the account data's list, with the native balance). */
  loadTokens(opts: { force?: boolean }): Promise<SendToken[]>
  /** USD price of a token (POST /v1/fungible/price); undefined when unknown. */
  price?(token: SendToken): Promise<number | undefined>
  /** The profile (name, avatar) of an address. */
  profile?(address: string, namespace: ChainNamespace): Promise<ResolvedName | undefined>
  /** A names plugin's lookup, when one is present. */
  names?(): NamesLookup | undefined
  /** Success messages are catalogue messages (shown in the modal's language; `message` is their English). */
  snackbar: { showSuccess(message: DisplayText): void; showError(message: DisplayText): void }
  router: { push(view: 'WalletSendPreview' | 'WalletSendSelectToken' | 'WalletSend'): void; replace(view: 'Account'): void; reset(view: 'Account'): void; goBack(): void }
  /** Balance and Activity refresh after a send (the 30 s caches bypassed). */
  refresh(namespace: ChainNamespace): void
  /** SPEC §7 analytics; the analytics client decides whether anything leaves. */
  track?(event: 'SEND_INITIATED' | 'SEND_SUCCESS', properties: Record<string, unknown>): void
  isSmartAccount?(): boolean
  now?(): number
}

/**
 * The send flow (SPEC §3 send state, §4 Send, §5 rules): pick a token, type an amount and a receiver, preview with
 * the network fee, send through the namespace's sender; success resets the state and goes to Account, a failure keeps
 * the form and shows readable text.
 */
export class SendController implements Disposable {
  readonly store = new Store<SendState>({ ...INITIAL })
  private receiverSeq = 0
  private priceSeq = 0

  constructor(private readonly deps: SendControllerDeps) {}

  get state(): SendState {
    return this.store.getSnapshot()
  }

  /** The namespace has a sender (SPEC §5: only those can send). */
  supported(namespace = this.deps.active()?.namespace): boolean {
    return this.deps.senders.has(namespace)
  }

  /** Loads the tokens to pick from; keeps the chosen token's balance current. */
  async loadTokens(opts: { force?: boolean } = {}): Promise<void> {
    this.store.set({ tokensLoading: true })
    try {
      const tokens = await this.deps.loadTokens(opts)
      const chosen = this.state.token
      const fresh = chosen && tokens.find((t) => sameToken(t, chosen))
      const native = tokens.find((t) => !t.address)
      this.store.set({
        tokenBalances: tokens,
        tokensLoading: false,
        lastRetry: undefined,
        ...(fresh ? { token: fresh } : {}),
        networkBalanceInUSD: native?.price !== undefined ? (Number(native.balance) * native.price).toFixed(2) : undefined,
      })
    } catch (error) {
      this.store.set({ tokensLoading: false, lastRetry: this.now(), error: readableSendError(error) })
    }
  }

  /** Chooses the token to send and asks its USD price. */
  selectToken(token: SendToken): void {
    this.store.set({ token, tokenPrice: token.price, fee: undefined, error: undefined })
    const seq = ++this.priceSeq
    const price = this.deps.price?.(token)
    if (!price) return
    price.then(
      (value) => {
        if (seq === this.priceSeq && value !== undefined) this.store.set({ tokenPrice: value })
      },
      () => undefined,
    )
  }

  setAmount(text: string): void {
    this.store.set({ sendTokenAmount: text.trim(), fee: undefined, error: undefined })
  }

  /**
   * Sets the receiver from an address or an account name. An address of the namespace is taken as it is (its profile
   * is looked up); anything else goes to the names lookup when a names plugin provides one.
   */
  async setReceiver(text: string): Promise<void> {
    const input = text.trim()
    const seq = ++this.receiverSeq
    const current = () => seq === this.receiverSeq
    this.store.set({ receiverInput: input, receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImage: undefined, fee: undefined, error: undefined })
    const active = this.deps.active()
    const sender = this.deps.senders.get(active?.namespace)
    if (!input || !active || !sender) return
    if (sender.isAddress(input)) {
      this.store.set({ receiverAddress: input })
      if (!this.deps.profile) return
      this.store.set({ receiverLoading: true })
      const profile = await this.deps.profile(input, active.namespace).catch(() => undefined)
      if (current()) this.store.set({ receiverLoading: false, receiverProfileName: profile?.name ?? undefined, receiverProfileImage: profile?.avatar ?? undefined })
      return
    }
    const names = this.deps.names?.()
    if (!names || !input.includes('.')) return
    this.store.set({ receiverLoading: true })
    try {
      const found = await names.resolve(input, active.namespace)
      if (!current()) return
      const ok = found && sender.isAddress(found.address)
      this.store.set({
        receiverLoading: false,
        receiverAddress: ok ? found.address : undefined,
        receiverProfileName: ok ? (found.name ?? input) : undefined,
        receiverProfileImage: ok ? (found.avatar ?? undefined) : undefined,
        error: ok ? undefined : SendText.NAME_NOT_FOUND,
      })
    } catch (error) {
      if (current()) this.store.set({ receiverLoading: false, error: readableSendError(error) })
    }
  }

  /** The first SPEC §5 rule the current state breaks, or undefined. */
  validate(): string | undefined {
    const s = this.state
    const active = this.deps.active()
    if (!this.supported(active?.namespace)) return ErrorText.UNSUPPORTED_CHAIN
    if (!s.sendTokenAmount || !s.receiverInput) return ErrorText.AMOUNT_AND_RECEIVER_REQUIRED
    if (!s.token) return ErrorText.TOKEN_REQUIRED
    const amount = this.amount()
    if (amount === undefined || amount <= 0n) return SendText.INVALID_AMOUNT
    if (!s.receiverAddress) return s.receiverLoading ? undefined : SendText.INVALID_RECEIVER
    if (amount > toBase(s.token.balance, s.token.decimals)) return insufficientBalance(s.token.symbol)
    if (s.pending.length >= PENDING_TRANSACTION_LIMIT) return SendText.TOO_MANY_PENDING
    return undefined
  }

  /** The typed amount in base units; undefined when it is not a number with at most the token's decimals. */
  amount(): bigint | undefined {
    const { token, sendTokenAmount } = this.state
    if (!token || !/^(\d+\.?\d*|\.\d+)$/.test(sendTokenAmount)) return undefined
    const [, fraction = ''] = sendTokenAmount.split('.')
    if (fraction.length > token.decimals) return undefined
    return parseUnits(sendTokenAmount, token.decimals)
  }


  /**
   * SPEC §4 "Max": the whole balance; for the native token the network fee of the transfer is kept back (estimated
   * with eth_estimateGas × gas price on eip155).
   */
  async max(): Promise<void> {
    const s = this.state
    const active = this.deps.active()
    const sender = this.deps.senders.get(active?.namespace)
    if (!s.token || !active || !sender) return
    const balance = toBase(s.token.balance, s.token.decimals)
    if (s.token.address) return this.setAmount(formatUnits(balance, s.token.decimals))
    this.store.set({ feeLoading: true })
    try {
      const fee = await sender.estimateFee(this.request(active, s.receiverAddress ?? active.address, s.token, balance > 0n ? 1n : 0n))
      const max = balance > fee.amount ? balance - fee.amount : 0n
      this.store.set({ feeLoading: false })
      this.setAmount(formatUnits(max, s.token.decimals))
    } catch (error) {
      this.store.set({ feeLoading: false, error: readableSendError(error) })
    }
  }

  /** Checks the rules and estimates the fee; goes to the preview when both pass. Resolves whether it did. */
  async preview(): Promise<boolean> {
    const error = this.validate()
    if (error) {
      this.store.set({ error })
      return false
    }
    const s = this.state
    const active = this.deps.active()!
    const sender = this.deps.senders.get(active.namespace)!
    const amount = this.amount()!
    this.store.set({ feeLoading: true, error: undefined })
    try {
      const fee = await sender.estimateFee(this.request(active, s.receiverAddress!, s.token!, amount))
      const native = this.state.tokenBalances.find((t) => !t.address && t.chainId === active.network.caipNetworkId)
      const spent = fee.amount + (s.token!.address ? 0n : amount)
      const nativeBalance = s.token!.address ? (native ? toBase(native.balance, native.decimals) : undefined) : toBase(s.token!.balance, s.token!.decimals)
      if (nativeBalance !== undefined && spent > nativeBalance) {
        this.store.set({ feeLoading: false, fee, error: insufficientForFee(fee.symbol) })
        return false
      }
      this.store.set({ feeLoading: false, fee })
      this.deps.router.push('WalletSendPreview')
      return true
    } catch (error) {
      this.store.set({ feeLoading: false, error: readableSendError(error) })
      return false
    }
  }

  /**
   * SPEC §4 Send: loading, send, reset. Success shows a snackbar, refreshes balance and Activity, and goes to Account
   * (ERC-20 and other non-native tokens replace the view); a failure keeps the form and shows readable text.
   */
  async send(): Promise<boolean> {
    const error = this.validate()
    if (error) {
      this.store.set({ error })
      return false
    }
    if (this.state.loading) return false
    const s = this.state
    const active = this.deps.active()!
    const sender = this.deps.senders.get(active.namespace)!
    const token = s.token!
    const request = this.request(active, s.receiverAddress!, token, this.amount()!)
    const properties = {
      isSmartAccount: this.deps.isSmartAccount?.() ?? false,
      token: token.address ?? token.symbol,
      amount: s.sendTokenAmount,
      network: active.network.caipNetworkId,
    }
    this.store.set({ loading: true, error: undefined })
    this.deps.track?.('SEND_INITIATED', properties)
    try {
      const receipt = await sender.send(request)
      if (receipt.status === 'reverted') throw new Error('execution reverted')
      const pending = receipt.status === 'pending' ? [...this.state.pending, receipt.hash] : this.state.pending
      this.deps.track?.('SEND_SUCCESS', { ...properties, hash: receipt.hash })
      this.deps.snackbar.showSuccess(message(messages, receipt.status === 'pending' ? 'error_SUBMITTED' : 'error_SENT'))
      this.reset()
      this.store.set({ pending })
      this.deps.refresh(active.namespace)
      if (token.address) this.deps.router.replace('Account')
      else this.deps.router.reset('Account')
      return true
    } catch (e) {
      this.store.set({ loading: false, error: readableSendError(e) })
      return false
    }
  }

  /** Marks a pending hash as settled (its receipt came in). */
  settled(hash: string): void {
    this.store.set({ pending: this.state.pending.filter((h) => h !== hash) })
  }

  /** SPEC §4: the send state back to empty (the token list and pending hashes stay). */
  reset(): void {
    this.receiverSeq++
    this.priceSeq++
    const { tokenBalances, pending, lastRetry, networkBalanceInUSD } = this.state
    this.store.set({ ...INITIAL, token: undefined, receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImage: undefined, tokenPrice: undefined, fee: undefined, error: undefined, tokenBalances, pending, lastRetry, networkBalanceInUSD })
  }

  /** Clears the error (e.g. on leaving the preview). */
  clearError(): void {
    this.store.set({ error: undefined })
  }

  dispose(): void {
    this.receiverSeq++
    this.priceSeq++
  }

  private request(active: { address: string; network: CaipNetwork }, to: string, token: SendToken, amount: bigint): SendRequest {
    return { network: active.network, from: active.address, to, token, amount }
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now()
  }
}

function sameToken(a: SendToken, b: SendToken): boolean {
  return a.chainId === b.chainId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase()
}

/** A display-units balance in base units (extra digits beyond the decimals are cut). */
export function toBase(value: string, decimals: number): bigint {
  // Balances may come as exponent notation ('1e-7'): written out first.
  const text = /e/i.test(value) && Number.isFinite(Number(value)) ? Number(value).toFixed(Math.min(decimals, 100)) : value.trim()
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (!match[1] && !match[2])) return 0n
  return parseUnits(`${match[1] || '0'}.${(match[2] ?? '').slice(0, decimals) || '0'}`, decimals)
}

/**
 * A plain decimal ('1.5', '.5', '2.') in base units, e.g. parseUnits('1.5', 6) === 1500000n. Fraction digits beyond
 * `decimals` are cut (callers check the count first). Kept here rather than viem's so the initial load has no viem.
 */
export function parseUnits(text: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = text.split('.')
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}
