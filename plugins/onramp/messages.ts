import { defineMessages } from 'portico/react'

/** The onramp views' strings (English here, each other language a lazy chunk in ./messages/). */
export const messages = defineMessages(
  {
    loadingOptions: 'Loading buy options',
    defaultOptions: "Showing the default buy options: the provider's list is unavailable.",
    buy: 'Buy',
    network: 'Network',
    payWithCurrency: 'Pay with currency',
    paymentMethod: 'Payment method',
    methodCard: 'Card',
    methodAch: 'Bank account (ACH)',
    range: '{min} to {max}',
    methodRange: '{method}: {min} to {max} {currency}',
    quote: 'Quote',
    gettingQuote: 'Getting a quote',
    youGet: 'You get',
    amountByProvider: '{symbol} (amount shown by the provider)',
    fees: 'Fees',
    feesValue: '{fee} + {networkFee} network',
    total: 'Total',
    quoteUnavailable: 'Quote unavailable. The provider shows the final amount.',
    quoteUnavailableBecause: 'Quote unavailable: {reason}. The provider shows the final amount.',
    buySymbol: 'Buy {symbol}',
    purchaseComplete: 'Purchase complete',
    arrived: '{amount} arrived in your wallet. It is listed in Activity.',
    purchaseArrived: 'Your purchase arrived in your wallet. It is listed in Activity.',
    viewActivity: 'View Activity',
    purchaseFailed: 'Purchase failed',
    tryAgain: 'Try again',
    purchasePending: 'Purchase pending',
    completeOf: "Complete the purchase of {amount} in the provider's window. This updates when the payment arrives.",
    complete: "Complete the purchase in the provider's window. This updates when the payment arrives.",
    reopen: "Open the provider's page again",
    // The pickers that replaced the native selects (issue 30): a choice's button names what it is and its value.
    back: 'Back',
    current: '{what}: {value}',
    youPay: 'You pay',
  },
  (locale) => import(`./messages/${locale}.ts`),
)

export type OnrampMessages = typeof messages.en

/** Strings and formatting of a presentational onramp card (English by default; the views pass the modal's). */
export interface OnrampLocalized {
  t?: OnrampMessages
  /** Shows a SPEC §8 text in the modal's language (useErrorText). @default as it is */
  errorText?: (text: string) => string
  /** BCP 47 locale for amounts. @default 'en' */
  locale?: string
}

/** A decimal string with `locale`'s grouping and decimal signs, every digit kept ('7500.00' → '7.500,00' in de). */
export function localDecimal(value: string, locale = 'en'): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!m) return value
  const nf = new Intl.NumberFormat(locale)
  const decimalSign = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${m[1]}${nf.format(BigInt(m[2]!))}${m[3] ? decimalSign + m[3] : ''}`
}
