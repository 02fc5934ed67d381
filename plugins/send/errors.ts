import { describeWalletError, isUserRejection } from 'portico/plugin'

/** Readable texts of the send flow (SPEC §8 chain errors: the spec gives no texts, these are Portico's). */
export const SendText = {
  REJECTED: 'The wallet rejected the transaction',
  REVERTED: 'The transaction was reverted by the chain',
  INSUFFICIENT_FUNDS: 'Insufficient funds for the amount and the network fee',
  NONCE: 'The transaction nonce is already used or too far ahead; wait for pending transactions and try again',
  FEE_CAP: 'The network fee cap is below the current base fee; try again',
  GAS: 'Not enough gas for this transaction',
  TX_TYPE: 'The wallet or chain does not support this transaction type',
  INVALID_AMOUNT: 'Enter an amount greater than 0',
  INVALID_RECEIVER: 'Enter a valid address or account name',
  NAME_NOT_FOUND: 'No address is registered for this name',
  TOO_MANY_PENDING: 'Too many pending transactions (99); wait for some to confirm',
  SENT: 'Transaction sent',
  SUBMITTED: 'Transaction submitted; waiting for confirmation',
} as const

/** SPEC §5 insufficient balance, blocking the preview. */
export function insufficientBalance(symbol: string): string {
  return `Insufficient ${symbol} balance`
}

/** The amount and the network fee together exceed the native balance. */
export function insufficientForFee(symbol: string): string {
  return `Insufficient ${symbol} for the network fee`
}

const MAX_DEPTH = 5

/** Every message along an error's cause chain (viem and wallets wrap the node's error). */
function messages(error: unknown): string {
  const parts: string[] = []
  let current = error
  for (let depth = 0; depth < MAX_DEPTH && current; depth++) {
    if (typeof current === 'string') parts.push(current)
    else if (typeof current === 'object') {
      const e = current as { message?: unknown; shortMessage?: unknown; details?: unknown; cause?: unknown }
      for (const m of [e.message, e.shortMessage, e.details]) if (typeof m === 'string') parts.push(m)
      current = e.cause
      continue
    }
    break
  }
  return parts.join('\n')
}

/**
 * SPEC §8 chain and wallet errors as text a person reads: user rejection (4001), reverted, insufficient funds, nonce,
 * fee cap, gas, transaction type; anything else keeps its own first line.
 */
export function readableSendError(error: unknown): string {
  if (isUserRejection(error)) return SendText.REJECTED
  const text = messages(error)
  if (/revert/i.test(text)) return SendText.REVERTED
  if (/insufficient funds|exceeds (the )?balance|insufficient balance/i.test(text)) return SendText.INSUFFICIENT_FUNDS
  if (/nonce/i.test(text)) return SendText.NONCE
  if (/fee cap|max fee per gas|maxFeePerGas|base fee/i.test(text)) return SendText.FEE_CAP
  if (/transaction type|tx type/i.test(text)) return SendText.TX_TYPE
  if (/gas required exceeds|intrinsic gas|out of gas|gas too low/i.test(text)) return SendText.GAS
  const first = describeWalletError(error).split('\n')[0]!.trim()
  return first.length > 200 ? `${first.slice(0, 197)}...` : first
}
