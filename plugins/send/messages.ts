import { defineMessages, formatMessage } from 'portico/react'
import { SendText } from './errors.ts'

/**
 * The send views' strings (English here, each other language a lazy chunk in ./messages/). The flow's own error
 * texts (errors.ts SendText) are catalogued too, keyed `error_<KEY>`, and shown translated through `sendErrorText`.
 */
const en = {
  loadingTokens: 'Loading tokens',
  noTokens: 'No tokens to send',
  noTokensDescription: 'This account holds no tokens on this network.',
  tokensToSend: 'Tokens to send',
  selected: 'Selected',
  selectToken: 'Select token',
  changeToken: 'Token: {symbol}',
  balance: 'Balance {amount}',
  amount: 'Amount',
  max: 'Max',
  receiver: 'Receiver',
  receiverPlaceholder: 'Address or account name',
  lookingUpReceiver: 'Looking up the receiver…',
  avatarOf: '{name} avatar',
  receiverAvatar: 'Receiver avatar',
  previewSend: 'Preview send',
  reviewSend: 'Review send',
  transfer: 'Transfer',
  from: 'From',
  toRow: 'To',
  network: 'Network',
  networkFee: 'Network fee',
  estimating: 'Estimating…',
  cancel: 'Cancel',
  send: 'Send',
  sending: 'Sending {amount}',
  confirmInWallet: 'Confirm the transaction in your wallet.',
  nothingToSend: 'Nothing to send',
  nothingToSendDescription: 'Choose a token, an amount and a receiver first.',
  insufficientBalance: 'Insufficient {symbol} balance',
  insufficientForFee: 'Insufficient {symbol} for the network fee',
  error_REJECTED: SendText.REJECTED,
  error_REVERTED: SendText.REVERTED,
  error_INSUFFICIENT_FUNDS: SendText.INSUFFICIENT_FUNDS,
  error_NONCE: SendText.NONCE,
  error_FEE_CAP: SendText.FEE_CAP,
  error_GAS: SendText.GAS,
  error_TX_TYPE: SendText.TX_TYPE,
  error_INVALID_AMOUNT: SendText.INVALID_AMOUNT,
  error_INVALID_RECEIVER: SendText.INVALID_RECEIVER,
  error_NAME_NOT_FOUND: SendText.NAME_NOT_FOUND,
  error_TOO_MANY_PENDING: SendText.TOO_MANY_PENDING,
  error_SENT: SendText.SENT,
  error_SUBMITTED: SendText.SUBMITTED,
}

export const messages = defineMessages<{ [K in keyof typeof en]: string }>(en, (locale) => import(`./messages/${locale}.ts`))

export type SendMessages = typeof messages.en

const byText = new Map<string, keyof SendMessages>(Object.entries(SendText).map(([k, text]) => [text, `error_${k}` as keyof SendMessages]))

/**
 * A send error as shown: the flow's own texts and the two balance rules translated; anything else (a SPEC §8 text,
 * already through useErrorText, or a wallet's own words) as it is.
 */
export function sendErrorText(t: SendMessages, text: string): string {
  const key = byText.get(text)
  if (key) return t[key]
  const fee = /^Insufficient (\S+) for the network fee$/.exec(text)
  if (fee) return formatMessage(t.insufficientForFee, { symbol: fee[1]! })
  const balance = /^Insufficient (\S+) balance$/.exec(text)
  if (balance) return formatMessage(t.insufficientBalance, { symbol: balance[1]! })
  return text
}
