import { Store, type PluginContext } from 'portico/plugin'
import type { OnrampApi } from './api.ts'
import { amountProblem, defaultOnrampOptions, PAYMENT_METHOD_CARD, toCents, type OnrampOptions, type OnrampQuote } from './limits.ts'

/** SPEC §9 polling interval: how often a pending purchase's order is checked. */
export const ORDER_POLL_MS = 4000
export const PLACEHOLDER_QUOTE_ID = 'placeholder'

export type QuoteStatus = 'idle' | 'loading' | 'ready' | 'placeholder'

export interface OnrampPurchase {
  status: 'idle' | 'opening' | 'pending' | 'completed' | 'failed'
  url?: string
  txHash?: string
  error?: string
  /** What was bought: the quote at the time of Buy. */
  quote?: OnrampQuote
  address?: string
}

export interface OnrampState {
  options: OnrampOptions
  /** Where the options came from: the API, or the built-in defaults after a failure (SPEC §7). */
  optionsSource: 'loading' | 'api' | 'default'
  purchaseCurrency: string
  /** A network `name` of the purchase currency. */
  network: string
  paymentCurrency: string
  paymentMethod: string
  amount: string
  amountError?: string
  quote?: OnrampQuote
  quoteStatus: QuoteStatus
  /** Why the quote is a placeholder. */
  quoteError?: string
  purchase: OnrampPurchase
}

export interface OnrampControllerOptions {
  api: OnrampApi
  /** Opens the provider's page. @default window.open(url, '_blank', 'noopener') */
  openWindow?: (url: string) => void
  /** Payment currency preselected. @default 'USD' */
  defaultPaymentCurrency?: string
  /** Amount preselected (in the payment currency). @default '' */
  defaultAmount?: string
}

/** SPEC §7: a quote failure yields a placeholder quote (no fees, nothing bought) for the amount entered. */
export function placeholderQuote(amount: string, paymentCurrency: string, purchaseCurrency: string): OnrampQuote {
  const cents = toCents(amount) ?? 0
  const money = { amount: (cents / 100).toFixed(2), currency: paymentCurrency }
  return {
    coinbaseFee: { amount: '0.00', currency: paymentCurrency },
    networkFee: { amount: '0.00', currency: paymentCurrency },
    paymentSubtotal: money,
    paymentTotal: money,
    purchaseAmount: { amount: '0', currency: purchaseCurrency },
    quoteId: PLACEHOLDER_QUOTE_ID,
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * The Buy flow: options (API, else built-in defaults), the choice of purchase currency and network, payment currency
 * and method, an amount checked against the SPEC §5 limits, a quote (else a placeholder), then the provider's page
 * from POST /v1/generators/onrampurl, and the purchase pending until the provider reports it paid.
 */
export class OnrampController {
  readonly store: Store<OnrampState>
  private quoteSeq = 0
  private optionsLoad?: Promise<void>
  private pollTimer?: ReturnType<typeof setTimeout>
  private disposed = false

  constructor(
    private readonly ctx: Pick<PluginContext, 'connection' | 'router' | 'get' | 'state' | 'balance'>,
    private readonly opts: OnrampControllerOptions,
  ) {
    const options = defaultOnrampOptions()
    this.store = new Store<OnrampState>({
      options,
      optionsSource: 'loading',
      purchaseCurrency: '',
      network: '',
      paymentCurrency: opts.defaultPaymentCurrency ?? 'USD',
      paymentMethod: PAYMENT_METHOD_CARD,
      amount: opts.defaultAmount ?? '',
      quoteStatus: 'idle',
      purchase: { status: 'idle' },
    })
  }

  get state(): OnrampState {
    return this.store.getSnapshot()
  }

  /** Loads the options once (the view calls it when it opens); a failure falls back to the built-in defaults. */
  load(): Promise<void> {
    this.optionsLoad ??= (async () => {
      let options: OnrampOptions
      let source: 'api' | 'default'
      try {
        options = await this.opts.api.getOptions()
        if (!options.purchaseCurrencies.length || !options.paymentCurrencies.length) throw new Error('options: empty')
        source = 'api'
      } catch {
        options = defaultOnrampOptions()
        source = 'default'
      }
      if (this.disposed) return
      this.store.set({ options, optionsSource: source })
      this.selectDefaults()
      if (this.state.amount) this.setAmount(this.state.amount)
    })()
    return this.optionsLoad
  }

  /** Picks the first purchase currency, the network of the active chain when offered, and known payment choices. */
  private selectDefaults(): void {
    const { options } = this.state
    const purchase = options.purchaseCurrencies.find((c) => c.id === this.state.purchaseCurrency) ?? options.purchaseCurrencies[0]
    const activeChainId = String(this.ctx.connection.active('eip155')?.network.id ?? '')
    const network = purchase?.networks.find((n) => n.chain_id === activeChainId) ?? purchase?.networks[0]
    const payment = options.paymentCurrencies.find((c) => c.id === this.state.paymentCurrency) ?? options.paymentCurrencies[0]
    const method = payment?.payment_method_limits.find((l) => l.id === this.state.paymentMethod) ?? payment?.payment_method_limits[0]
    this.store.set({ purchaseCurrency: purchase?.id ?? '', network: network?.name ?? '', paymentCurrency: payment?.id ?? '', paymentMethod: method?.id ?? '' })
  }

  setPurchaseCurrency(id: string): void {
    const purchase = this.state.options.purchaseCurrencies.find((c) => c.id === id)
    if (!purchase) return
    const network = purchase.networks.find((n) => n.name === this.state.network) ?? purchase.networks[0]
    this.store.set({ purchaseCurrency: id, network: network?.name ?? '' })
    this.refreshQuote()
  }

  setNetwork(name: string): void {
    this.store.set({ network: name })
    this.refreshQuote()
  }

  setPaymentCurrency(id: string): void {
    this.store.set({ paymentCurrency: id })
    this.selectDefaults()
    this.refreshQuote()
  }

  setPaymentMethod(id: string): void {
    this.store.set({ paymentMethod: id })
    this.refreshQuote()
  }

  /** The amount typed; the SPEC §5 limit problem is shown as soon as the amount is complete. */
  setAmount(amount: string): void {
    this.store.set({ amount })
    this.refreshQuote()
  }

  /** The current amount's problem with the SPEC §5 limits, or undefined. */
  amountProblem(): string | undefined {
    const s = this.state
    return amountProblem(s.amount, s.paymentCurrency, s.paymentMethod, s.options)
  }

  private refreshQuote(): void {
    const seq = ++this.quoteSeq
    const s = this.state
    const problem = s.amount.trim() ? this.amountProblem() : undefined
    if (!s.amount.trim() || problem) {
      this.store.set({ amountError: problem, quote: undefined, quoteStatus: 'idle', quoteError: undefined })
      return
    }
    this.store.set({ amountError: undefined, quoteStatus: 'loading', quoteError: undefined })
    const input = { purchaseCurrency: s.purchaseCurrency, paymentCurrency: s.paymentCurrency, amount: s.amount.trim(), network: s.network, paymentMethod: s.paymentMethod }
    this.opts.api.getQuote(input).then(
      (quote) => {
        if (seq === this.quoteSeq && !this.disposed) this.store.set({ quote, quoteStatus: 'ready' })
      },
      (err: unknown) => {
        if (seq !== this.quoteSeq || this.disposed) return
        this.store.set({ quote: placeholderQuote(input.amount, input.paymentCurrency, this.symbol()), quoteStatus: 'placeholder', quoteError: errorText(err) })
      },
    )
  }

  private symbol(): string {
    const c = this.state.options.purchaseCurrencies.find((p) => p.id === this.state.purchaseCurrency)
    return c?.symbol ?? this.state.purchaseCurrency
  }

  /** Buy: the provider's URL for the connected wallet, opened in a new window; the purchase is then pending. */
  async buy(): Promise<void> {
    const s = this.state
    if (s.purchase.status === 'opening') return
    const problem = this.amountProblem()
    if (problem) {
      this.store.set({ amountError: problem })
      return
    }
    const address = this.ctx.connection.active('eip155')?.address
    if (!address) {
      this.store.set({ purchase: { status: 'failed', error: 'Connect a wallet to buy' } })
      return
    }
    this.store.set({ purchase: { status: 'opening', address } })
    try {
      const url = await this.opts.api.generateUrl({
        address,
        network: s.network,
        purchaseCurrency: s.purchaseCurrency,
        presetFiatAmount: s.amount.trim(),
        presetCryptoAmount: s.quoteStatus === 'ready' ? s.quote?.purchaseAmount.amount : undefined,
        fiatCurrency: s.paymentCurrency,
        paymentMethod: s.paymentMethod,
        partnerUserId: address,
      })
      if (this.disposed) return
      const open = this.opts.openWindow ?? ((u: string) => void globalThis.open?.(u, '_blank', 'noopener'))
      open(url)
      this.store.set({ purchase: { status: 'pending', url, address, quote: s.quoteStatus === 'ready' ? s.quote : undefined } })
      this.ctx.router.push('BuyInProgress')
      this.schedulePoll(url)
    } catch (err) {
      if (!this.disposed) this.store.set({ purchase: { status: 'failed', address, error: errorText(err) } })
    }
  }

  /** Opens the provider's page of the pending purchase again (a closed or blocked window). */
  reopen(): void {
    const url = this.state.purchase.url
    if (!url) return
    const open = this.opts.openWindow ?? ((u: string) => void globalThis.open?.(u, '_blank', 'noopener'))
    open(url)
  }

  private schedulePoll(url: string): void {
    clearTimeout(this.pollTimer)
    if (!this.opts.api.getOrder || this.disposed) return
    this.pollTimer = setTimeout(() => void this.poll(url), ORDER_POLL_MS)
  }

  private async poll(url: string): Promise<void> {
    if (this.state.purchase.url !== url || this.state.purchase.status !== 'pending') return
    let order
    try {
      order = await this.opts.api.getOrder!(url)
    } catch {
      // A failed check is retried at the next interval.
    }
    if (this.disposed || this.state.purchase.url !== url) return
    if (!order) return this.schedulePoll(url)
    if (order.status === 'completed') {
      this.store.set({ purchase: { ...this.state.purchase, status: 'completed', txHash: order.txHash } })
      if (this.ctx.connection.active('eip155')) void this.ctx.balance.refresh('eip155', { force: true }).catch(() => undefined)
    } else if (order.status === 'failed') {
      this.store.set({ purchase: { ...this.state.purchase, status: 'failed', error: order.error ?? 'The purchase failed' } })
    } else {
      this.schedulePoll(url)
    }
  }

  /** Back to the form for another purchase. */
  reset(): void {
    clearTimeout(this.pollTimer)
    this.store.set({ purchase: { status: 'idle' } })
  }

  dispose(): void {
    this.disposed = true
    clearTimeout(this.pollTimer)
  }
}
