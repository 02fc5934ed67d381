import { defineMessages } from 'portico/react'

/** The swap views' strings (English here, each other language a lazy chunk in ./messages/). */
export const messages = defineMessages(
  {
    selectToken: 'Select token',
    priceImpact: 'Price impact',
    networkFee: 'Network fee',
    minimumReceived: 'Minimum received',
    slippageTolerance: 'Slippage tolerance',
    loadingTokens: 'Loading swap tokens',
    notSupported: 'Network not supported for Swaps',
    tokensUnavailable: 'Swap tokens unavailable',
    sideToken: '{side}: {token}',
    balance: 'Balance: {amount}',
    switchTokens: 'Switch tokens',
    gettingQuote: 'Getting a quote...',
    youPay: 'You pay',
    youReceive: 'You receive',
    max: 'Max',
    rate: '1 {from} = {rate} {to}',
    slippageSettings: 'Slippage settings',
    slippageField: 'Slippage tolerance (%)',
    swapDetails: 'Swap details',
    selectAToken: 'Select a token',
    enterAmount: 'Enter an amount',
    reviewSwap: 'Review swap',
    quoteGone: 'The quote is no longer available; go back and enter an amount',
    payFor: '{paid} for about {received}',
    allowFirst: 'Allow the swap contract to use {amount} first.',
    approving: 'Approving...',
    approve: 'Approve {symbol}',
    swapping: 'Swapping...',
    swap: 'Swap',
    noTokens: 'No tokens to swap on this network',
    swapFrom: 'Swap from',
    swapTo: 'Swap to',
    tokenBalance: '{name}, balance {amount}',
    selected: 'Selected',
    approved: 'Approved {symbol}',
    swapped: 'Swapped {amount} {symbol}',
    swappedFor: 'Swapped {amount} {symbol} for about {received}',
  },
  (locale) => import(`./messages/${locale}.ts`),
)

export type SwapMessages = typeof messages.en

/** Strings and formatting of a presentational swap card (English by default; the views pass the modal's). */
export interface SwapLocalized {
  t?: SwapMessages
  /** Shows a SPEC §8 text in the modal's language (useErrorText). @default as it is */
  errorText?: (text: string) => string
  /** BCP 47 locale for amounts. @default 'en' */
  locale?: string
}
