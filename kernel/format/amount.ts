import { truncateDecimal } from './decimal.ts'

const DISPLAY_DECIMALS = 3

/** SPEC §9 balance display: truncated (not rounded) to 3 decimals, trailing zeros trimmed, symbol appended. @example formatBalance('1.23456', 'ETH') === '1.234 ETH' */
export function formatBalance(value: string | number, symbol?: string): string {
  const amount = truncateDecimal(value, DISPLAY_DECIMALS)
  return symbol ? `${amount} ${symbol}` : amount
}

/** SPEC §9 history quantity (`quantity.numeric`): truncated to 3 decimals like balances. */
export function formatHistoryQuantity(numeric: string): string {
  return truncateDecimal(numeric, DISPLAY_DECIMALS)
}

/** Exact decimal string of an integer amount in base units, trailing zeros trimmed. @example formatUnits(1500000n, 6) === '1.5' */
export function formatUnits(value: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`Invalid decimals: ${decimals}`)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

const PLUS_OPERATIONS: ReadonlySet<string> = new Set(['receive', 'deposit', 'borrow', 'claim'])
const MINUS_OPERATIONS: ReadonlySet<string> = new Set(['withdraw', 'repay', 'burn'])

/** SPEC §9 sign of a history entry: '+' for receive, deposit, borrow, claim; '-' for withdraw, repay, burn; else ''. */
export function signForOperation(operationType: string | undefined): '+' | '-' | '' {
  if (!operationType) return ''
  if (PLUS_OPERATIONS.has(operationType)) return '+'
  if (MINUS_OPERATIONS.has(operationType)) return '-'
  return ''
}
