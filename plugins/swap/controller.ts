import { ErrorText, Store, formatAmount, formatUnits, isUserRejection, describeWalletError, type DisplayText } from 'portico/plugin'
import { message } from 'portico/react'
import { messages } from './messages.ts'
import { ConvertApiError, type ConvertClient, type ConvertQuote, type ConvertToken, type ConvertTransaction } from './api.ts'

/** SPEC §9: swap slippage tolerance default, in percent. */
export const DEFAULT_SLIPPAGE = '1'
/** Quiet time after the last keystroke before a quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 500
/** While the Swap view is open, the quote and gas price are read again this often. */
export const QUOTE_REFRESH_MS = 10_000
/** Gas assumed for a swap before the API estimated one (the fee shown on the form). */
export const ESTIMATED_SWAP_GAS = 150_000n
/** Upper bound of the slippage field, in percent. */
export const MAX_SLIPPAGE = 50

/** The native token's CAIP-10 placeholder in the convert API. */
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Readable texts of the swap flow (the SPEC §8 ones are ErrorText's, verbatim). */
export const SwapText = {
  INVALID_AMOUNT: 'Enter an amount greater than 0',
  INVALID_SLIPPAGE: `Enter a slippage tolerance above 0 and at most ${MAX_SLIPPAGE} %`,
  REJECTED: 'The wallet rejected the transaction',
  REVERTED: 'The transaction was reverted by the chain',
  NO_QUOTE: 'No quote for this amount',
} as const

export const insufficientBalance = (symbol: string): string => `Insufficient ${symbol} balance`

/** A swap token with the account's balance (display units) when known. */
export interface SwapToken extends ConvertToken {
  balance?: string
}

export interface SwapState {
  /** loading: reading the tokens; unsupported: SPEC §8 "Network not supported for Swaps"; error: tokens unreadable. */
  status: 'idle' | 'loading' | 'ready' | 'unsupported' | 'error'
  error?: string
  tokens: readonly SwapToken[]
  from?: SwapToken
  to?: SwapToken
  /** As typed, in the from token's display units. */
  amount: string
  amountProblem?: string
  quote?: ConvertQuote
  quoteStatus: 'idle' | 'loading' | 'ready' | 'error'
  quoteError?: string
  /** Percent, as typed. */
  slippage: string
  slippageProblem?: string
  gasPrice?: bigint
  /** SPEC §8 "Network not supported for Gas Price", or why the gas price is unknown. */
  gasError?: string
  /** USD prices by lower-cased CAIP-10 address. */
  prices: Readonly<Record<string, number>>
  allowance?: bigint
  /** idle, or which transaction is with the wallet or the chain. */
  step: 'idle' | 'approving' | 'swapping'
  txError?: string
}

/** What the controller needs from the modal; the plugin wires the real ones, tests fakes. */
export interface SwapControllerDeps {
  api: ConvertClient
  /** The connected account: CAIP-2 network and plain address. */
  active(): { namespace: string; caipNetworkId: string; address: string } | undefined
  /** Balances in base units by lower-cased CAIP-10 token address (native as 0xeeee...), when readable. */
  balances?(tokens: readonly ConvertToken[]): Promise<Record<string, bigint>>
  /** eth_sendTransaction through the connected wallet; answers the hash. */
  sendTransaction(tx: ConvertTransaction): Promise<string>
  /** Waits for the receipt: true when it succeeded. */
  waitForReceipt(hash: string): Promise<boolean>
  /** Success messages are catalogue messages (shown in the modal's language; `message` is their English). */
  snackbar: { showSuccess(message: DisplayText): void; showError(message: DisplayText): void }
  /** After a successful swap: refresh balances and leave the flow. */
  done(): void
}

/** Display units to base units; undefined when `text` is not a plain decimal with at most `decimals` places. */
export function toBaseUnits(text: string, decimals: number): bigint | undefined {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined
  const frac = m[2] ?? ''
  if (frac.length > decimals) return undefined
  return BigInt(`${m[1] || '0'}${frac.padEnd(decimals, '0')}` || '0')
}

/** Slippage percent text to basis points; undefined unless 0 < s <= MAX_SLIPPAGE with at most 2 decimals. */
export function slippageBps(text: string): bigint | undefined {
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text.trim())) return undefined
  const bps = BigInt(Math.round(Number(text) * 100))
  return bps > 0n && bps <= BigInt(MAX_SLIPPAGE * 100) ? bps : undefined
}

/** The least the swap may pay out: the quote less the slippage. */
export function minimumReceived(toAmount: bigint, bps: bigint): bigint {
  return (toAmount * (10_000n - bps)) / 10_000n
}

/**
 * Price impact in percent: how much less the output is worth than the input at the tokens' USD prices (0 when the
 * output is worth as much or more). Undefined without both prices.
 */
export function priceImpact(
  from: { amount: bigint; decimals: number; price?: number },
  to: { amount: bigint; decimals: number; price?: number },
): number | undefined {
  if (!from.price || !to.price || from.amount === 0n) return undefined
  const inUsd = (Number(from.amount) / 10 ** from.decimals) * from.price
  const outUsd = (Number(to.amount) / 10 ** to.decimals) * to.price
  return Math.max(0, ((inUsd - outUsd) / inUsd) * 100)
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase()
const isNative = (t: ConvertToken | undefined) => lower(t?.address).endsWith(`:${NATIVE}`)

/** The swap flow of SPEC §2 Swap: tokens, amount, debounced and refreshed quotes, approval, then the swap. */
export class SwapController {
  readonly store = new Store<SwapState>({
    status: 'idle',
    tokens: [],
    amount: '',
    quoteStatus: 'idle',
    slippage: DEFAULT_SLIPPAGE,
    prices: {},
    step: 'idle',
  })
  private debounce: ReturnType<typeof setTimeout> | undefined
  private refresh: ReturnType<typeof setTimeout> | undefined
  private isOpen = false
  private quoteSeq = 0
  private opened = 0

  constructor(private readonly deps: SwapControllerDeps) {}

  get state(): SwapState {
    return this.store.getSnapshot()
  }

  /** The Swap view opened: reads tokens, balances, prices and the gas price; refreshes quotes until `close`. */
  async open(): Promise<void> {
    const run = ++this.opened
    this.close()
    const session = this.deps.active()
    this.store.set({ status: 'loading', error: undefined, txError: undefined, step: 'idle' })
    if (!session || session.namespace !== 'eip155') {
      this.store.set({ status: 'unsupported', error: ErrorText.NETWORK_NOT_SUPPORTED_FOR_SWAPS, tokens: [] })
      return
    }
    let tokens: ConvertToken[]
    try {
      tokens = await this.deps.api.tokens(session.caipNetworkId)
    } catch (error) {
      if (run !== this.opened) return
      const unsupported = error instanceof ConvertApiError && error.message === ErrorText.NETWORK_NOT_SUPPORTED_FOR_SWAPS
      this.store.set(unsupported ? { status: 'unsupported', error: ErrorText.NETWORK_NOT_SUPPORTED_FOR_SWAPS } : { status: 'error', error: (error as Error).message })
      return
    }
    if (run !== this.opened) return
    // SPEC §4: an unsupported network answers an empty list.
    if (!tokens.length) {
      this.store.set({ status: 'unsupported', error: ErrorText.NETWORK_NOT_SUPPORTED_FOR_SWAPS, tokens: [] })
      return
    }
    const withBalances = await this.readBalances(tokens)
    if (run !== this.opened) return
    const keep = (t: SwapToken | undefined) => (t ? withBalances.find((x) => lower(x.address) === lower(t.address)) : undefined)
    const from = keep(this.state.from) ?? withBalances[0]
    const to = keep(this.state.to)
    this.store.set({ status: 'ready', tokens: withBalances, from, to: to && lower(to.address) !== lower(from?.address) ? to : undefined })
    this.isOpen = true
    void this.loadPrices(withBalances)
    void this.loadGasPrice()
    void this.requote()
  }

  /** The next refresh of quote and gas price, QUOTE_REFRESH_MS after the last quote (or the open without one). */
  private scheduleRefresh(): void {
    clearTimeout(this.refresh)
    if (!this.isOpen) return
    this.refresh = setTimeout(() => {
      void this.loadGasPrice()
      void this.requote()
    }, QUOTE_REFRESH_MS)
  }

  /** The Swap view closed: no timer keeps running. */
  close(): void {
    this.isOpen = false
    clearTimeout(this.debounce)
    clearTimeout(this.refresh)
    this.debounce = undefined
    this.refresh = undefined
  }

  dispose(): void {
    this.opened++
    this.close()
  }

  /** Typing in the amount field: validated now, quoted once typing pauses (QUOTE_DEBOUNCE_MS). */
  setAmount(text: string): void {
    this.store.set({ amount: text, txError: undefined })
    this.store.set({ amountProblem: this.amountProblem() })
    clearTimeout(this.debounce)
    // No refresh in the middle of typing: the debounced quote schedules the next one.
    clearTimeout(this.refresh)
    this.quoteSeq++
    if (!this.amountBase()) {
      this.store.set({ quote: undefined, quoteStatus: 'idle', quoteError: undefined })
      this.scheduleRefresh()
      return
    }
    this.store.set({ quoteStatus: 'loading' })
    this.debounce = setTimeout(() => void this.requote(), QUOTE_DEBOUNCE_MS)
  }

  setSlippage(text: string): void {
    this.store.set({ slippage: text, slippageProblem: slippageBps(text) === undefined ? SwapText.INVALID_SLIPPAGE : undefined })
  }

  /** Picks a token for one side; picking the other side's token swaps the two. */
  selectToken(side: 'from' | 'to', picked: SwapToken): void {
    const { from, to, tokens } = this.state
    // The listed entry carries the balance.
    const token = tokens.find((t) => lower(t.address) === lower(picked.address)) ?? picked
    const other = side === 'from' ? to : from
    const clash = other && lower(other.address) === lower(token.address)
    const next = side === 'from' ? { from: token, to: clash ? from : to } : { to: token, from: clash ? to : from }
    this.store.set({ ...next, quote: undefined, allowance: undefined, txError: undefined })
    this.store.set({ amountProblem: this.amountProblem() })
    void this.requote()
  }

  switchTokens(): void {
    const { from, to } = this.state
    if (!to) return
    this.store.set({ from: to, to: from, quote: undefined, allowance: undefined })
    this.store.set({ amountProblem: this.amountProblem() })
    void this.requote()
  }

  /** The typed amount in base units, when it is a valid positive amount of the from token. */
  amountBase(): bigint | undefined {
    const { from, amount } = this.state
    if (!from) return undefined
    const base = toBaseUnits(amount, from.decimals)
    return base && base > 0n ? base : undefined
  }

  private amountProblem(): string | undefined {
    const { from, amount } = this.state
    if (!from || amount.trim() === '') return undefined
    const base = toBaseUnits(amount, from.decimals)
    if (!base || base <= 0n) return SwapText.INVALID_AMOUNT
    if (from.balance !== undefined) {
      const held = toBaseUnits(from.balance, from.decimals)
      if (held !== undefined && base > held) return insufficientBalance(from.symbol)
    }
    return undefined
  }

  /** True when the from token's allowance is below the amount (the native token needs none). */
  needsApproval(): boolean {
    const amount = this.amountBase()
    const { from, allowance } = this.state
    if (!amount || !from || isNative(from)) return false
    return allowance === undefined || allowance < amount
  }

  /** The numbers the form and the preview show, derived from the state. */
  details(): { minimumReceived?: bigint; priceImpact?: number; networkFee?: bigint } {
    const { quote, from, to, prices, gasPrice, slippage } = this.state
    const bps = slippageBps(slippage)
    return {
      minimumReceived: quote && bps !== undefined ? minimumReceived(quote.toAmount, bps) : undefined,
      priceImpact:
        quote && from && to
          ? priceImpact(
              { amount: quote.fromAmount, decimals: from.decimals, price: prices[lower(from.address)] },
              { amount: quote.toAmount, decimals: to.decimals, price: prices[lower(to.address)] },
            )
          : undefined,
      networkFee: gasPrice !== undefined ? gasPrice * ESTIMATED_SWAP_GAS : undefined,
    }
  }

  /** Can the preview be opened: tokens, a quoted amount within the balance, a valid slippage. */
  canPreview(): boolean {
    const s = this.state
    return s.status === 'ready' && !!s.from && !!s.to && !!this.amountBase() && !s.amountProblem && !s.slippageProblem && s.quoteStatus === 'ready' && !!s.quote
  }

  /** Asks for a quote (and the allowance) for the current tokens and amount; stale answers are dropped. */
  async requote(): Promise<void> {
    const session = this.deps.active()
    const { from, to } = this.state
    const amount = this.amountBase()
    if (!session || !from || !to || !amount || this.state.status !== 'ready') {
      this.scheduleRefresh()
      return
    }
    const seq = ++this.quoteSeq
    const userAddress = `${session.caipNetworkId}:${session.address}`
    this.store.set({ quoteStatus: 'loading', quoteError: undefined })
    try {
      const [quote, allowance] = await Promise.all([
        this.deps.api.quote({ amount, userAddress, from: from.address, to: to.address, gasPrice: this.state.gasPrice }),
        isNative(from) ? Promise.resolve(undefined) : this.deps.api.allowance({ tokenAddress: from.address, userAddress }),
      ])
      if (seq !== this.quoteSeq) return
      if (!quote) this.store.set({ quote: undefined, quoteStatus: 'error', quoteError: SwapText.NO_QUOTE, allowance })
      else this.store.set({ quote, quoteStatus: 'ready', allowance })
    } catch (error) {
      if (seq !== this.quoteSeq) return
      this.store.set({ quote: undefined, quoteStatus: 'error', quoteError: (error as Error).message || SwapText.NO_QUOTE })
    }
    this.scheduleRefresh()
  }

  private async loadGasPrice(): Promise<void> {
    const session = this.deps.active()
    if (!session) return
    try {
      const { standard } = await this.deps.api.gasPrice(session.caipNetworkId)
      this.store.set({ gasPrice: standard, gasError: undefined })
    } catch (error) {
      const text = error instanceof ConvertApiError && error.message === ErrorText.NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE ? ErrorText.NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE : (error as Error).message
      this.store.set({ gasPrice: undefined, gasError: text })
    }
  }

  private async loadPrices(tokens: readonly ConvertToken[]): Promise<void> {
    try {
      this.store.set({ prices: await this.deps.api.prices(tokens.map((t) => t.address)) })
    } catch {
      // Without prices the price impact and USD values are left out.
    }
  }

  private async readBalances(tokens: readonly ConvertToken[]): Promise<SwapToken[]> {
    if (!this.deps.balances) return [...tokens]
    try {
      const held = await this.deps.balances(tokens)
      return tokens.map((t) => {
        const b = held[lower(t.address)]
        return b === undefined ? { ...t } : { ...t, balance: formatUnits(b, t.decimals) }
      })
    } catch {
      return [...tokens]
    }
  }

  /** The Approve step: an approval of the amount to the router, then the allowance read again. */
  async approve(): Promise<boolean> {
    const session = this.deps.active()
    const { from, to } = this.state
    const amount = this.amountBase()
    if (!session || !from || !to || !amount || this.state.step !== 'idle') return false
    const userAddress = `${session.caipNetworkId}:${session.address}`
    this.store.set({ step: 'approving', txError: undefined })
    try {
      const tx = await this.deps.api.buildApprove({ userAddress, from: from.address, to: to.address, amount })
      const hash = await this.deps.sendTransaction(tx)
      if (!(await this.deps.waitForReceipt(hash))) throw new Error(SwapText.REVERTED)
      const allowance = await this.deps.api.allowance({ tokenAddress: from.address, userAddress })
      this.store.set({ allowance, step: 'idle' })
      this.deps.snackbar.showSuccess(message(messages, 'approved', { symbol: from.symbol }))
      return true
    } catch (error) {
      this.store.set({ step: 'idle', txError: readableSwapError(error) })
      return false
    }
  }

  /** The swap: the router call with the minimum at the slippage; on success a snackbar and `done()`. */
  async swap(): Promise<boolean> {
    const session = this.deps.active()
    const { from, to, slippage } = this.state
    const amount = this.amountBase()
    if (!session || !from || !to || !amount || this.state.step !== 'idle' || slippageBps(slippage) === undefined) return false
    if (this.needsApproval()) return false
    const userAddress = `${session.caipNetworkId}:${session.address}`
    this.store.set({ step: 'swapping', txError: undefined })
    try {
      const tx = await this.deps.api.buildTransaction({ amount, from: from.address, to: to.address, userAddress, slippage: slippage.trim() })
      const hash = await this.deps.sendTransaction(tx)
      if (!(await this.deps.waitForReceipt(hash))) throw new Error(SwapText.REVERTED)
      // Amounts in the number format of the language the snackbar is shown in.
      const paid = this.state.amount.trim()
      const swapped = { amount: (locale: string) => formatAmount(paid, { locale }), symbol: from.symbol }
      const quote = this.state.quote
      this.deps.snackbar.showSuccess(
        quote
          ? message(messages, 'swappedFor', { ...swapped, received: (locale) => formatAmount(formatUnits(quote.toAmount, to.decimals), { locale, symbol: to.symbol }) })
          : message(messages, 'swapped', swapped),
      )
      this.store.set({ step: 'idle', amount: '', quote: undefined, quoteStatus: 'idle', allowance: undefined })
      this.close()
      this.deps.done()
      return true
    } catch (error) {
      this.store.set({ step: 'idle', txError: readableSwapError(error) })
      return false
    }
  }
}

/** SPEC §8 chain and wallet errors as readable text; the form is kept. */
export function readableSwapError(error: unknown): string {
  if (isUserRejection(error)) return SwapText.REJECTED
  const text = describeWalletError(error)
  if (/revert/i.test(text)) return SwapText.REVERTED
  return text
}
