/**
 * SPEC §3 Onramp options and quote, and the SPEC §5 default limits. Dependency-free: the API server (stack/api) reads
 * the same defaults, so the modal's fallback and the local server agree.
 */

/** SPEC §3 Onramp options: a network a purchase currency can be bought on. */
export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

export interface OnrampPurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: OnrampNetwork[]
}

export interface OnrampPaymentMethodLimit {
  /** 'card' or 'ACH_BANK_ACCOUNT'. */
  id: string
  /** Decimal strings with 2 places, e.g. '10.00'. */
  min: string
  max: string
}

export interface OnrampPaymentCurrency {
  id: string
  payment_method_limits: OnrampPaymentMethodLimit[]
}

export interface OnrampOptions {
  purchaseCurrencies: OnrampPurchaseCurrency[]
  paymentCurrencies: OnrampPaymentCurrency[]
}

/** SPEC §3 Onramp quote amounts. */
export interface OnrampAmount {
  amount: string
  currency: string
}

export interface OnrampQuote {
  coinbaseFee: OnrampAmount
  networkFee: OnrampAmount
  paymentSubtotal: OnrampAmount
  paymentTotal: OnrampAmount
  purchaseAmount: OnrampAmount
  quoteId: string
}

export const PAYMENT_METHOD_CARD = 'card'
export const PAYMENT_METHOD_ACH = 'ACH_BANK_ACCOUNT'

/** Human names of the payment methods. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  [PAYMENT_METHOD_CARD]: 'Card',
  [PAYMENT_METHOD_ACH]: 'Bank account (ACH)',
}

/** SPEC §5 on-ramp default limits (USD and EUR): card 10.00 to 7500.00, bank account (ACH) 10.00 to 25000.00. */
export function defaultPaymentMethodLimits(): OnrampPaymentMethodLimit[] {
  return [
    { id: PAYMENT_METHOD_CARD, min: '10.00', max: '7500.00' },
    { id: PAYMENT_METHOD_ACH, min: '10.00', max: '25000.00' },
  ]
}

/** SPEC §5: the currencies the default limits are for. */
export const DEFAULT_PAYMENT_CURRENCIES = ['USD', 'EUR'] as const

/** The built-in options (SPEC §7: the options failure falls back to them): ETH on Ethereum, paid in USD or EUR. */
export function defaultOnrampOptions(networks: OnrampNetwork[] = [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }]): OnrampOptions {
  return {
    purchaseCurrencies: [{ id: 'ETH', name: 'Ethereum', symbol: 'ETH', networks }],
    paymentCurrencies: DEFAULT_PAYMENT_CURRENCIES.map((id) => ({ id, payment_method_limits: defaultPaymentMethodLimits() })),
  }
}

/** A decimal amount with at most 2 places, no sign or exponent. */
const AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/

/** Amount in cents, or undefined when it is not a plain decimal with at most 2 places. */
export function toCents(amount: string): number | undefined {
  const text = amount.trim()
  if (!AMOUNT.test(text)) return undefined
  const [whole, frac = ''] = text.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/**
 * The problem with an amount for a payment currency and method, or undefined when it is within the limits.
 * @example amountProblem('5', 'USD', 'card', options) // 'The minimum amount is 10.00 USD'
 */
export function amountProblem(amount: string, currency: string, method: string, options: OnrampOptions): string | undefined {
  const payment = options.paymentCurrencies.find((c) => c.id === currency)
  if (!payment) return `Unknown payment currency: ${currency}`
  const limit = payment.payment_method_limits.find((l) => l.id === method)
  if (!limit) return `Unknown payment method: ${method}`
  if (!amount.trim()) return 'Enter an amount'
  const cents = toCents(amount)
  if (cents === undefined) return 'Enter an amount with at most 2 decimals'
  const min = toCents(limit.min)
  const max = toCents(limit.max)
  if (min !== undefined && cents < min) return `The minimum amount is ${limit.min} ${currency}`
  if (max !== undefined && cents > max) return `The maximum amount is ${limit.max} ${currency}`
  return undefined
}
