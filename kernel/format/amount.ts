import { toPlainDecimal, truncateDecimal } from './decimal.ts'

const DISPLAY_DECIMALS = 3

/** SPEC §9 balance display: truncated (not rounded) to 3 decimals, trailing zeros trimmed, symbol appended. @example formatBalance('1.23456', 'ETH') === '1.234 ETH' */
export function formatBalance(value: string | number, symbol?: string): string {
  const amount = truncateDecimal(value, DISPLAY_DECIMALS)
  return symbol ? `${amount} ${symbol}` : amount
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

/** Options of {@link formatAmount}. */
export interface FormatAmountOptions {
  /** Appended after a space, e.g. 'ETH'. */
  symbol?: string | undefined
  /** BCP 47 locale(s) for `Intl.NumberFormat`; the runtime's default when absent. */
  locale?: string | readonly string[] | undefined
  /** A sign put in front (SPEC §9 '+' for incoming, '-' for outgoing history entries); the value's own sign is dropped. */
  sign?: '+' | '-' | '' | undefined
}

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * SPEC §9 amounts for display: truncated (not rounded) to 3 decimals, then grouped and punctuated per locale with
 * `Intl.NumberFormat` (exact for long decimal strings). A non-zero amount under 0.001 reads '<0.001', never '0'.
 * @example formatAmount('1234.56789', { symbol: 'ETH', locale: 'en' }) === '1,234.567 ETH'
 * @example formatAmount('0.0009', { symbol: 'USDC', sign: '+', locale: 'en' }) === '+<0.001 USDC'
 */
export function formatAmount(value: string | number, { symbol, locale, sign }: FormatAmountOptions = {}): string {
  const key = String(locale ?? '')
  let nf = formatters.get(key)
  if (!nf) formatters.set(key, (nf = new Intl.NumberFormat(locale as string[] | undefined, { maximumFractionDigits: DISPLAY_DECIMALS })))
  let body = truncateDecimal(value, DISPLAY_DECIMALS)
  let negative = body.startsWith('-')
  if (negative) body = body.slice(1)
  let text: string
  const plain = toPlainDecimal(value)
  if (body === '0' && plain && /[1-9]/.test(plain.fraction)) {
    text = `<${nf.format('0.001' as unknown as number)}`
    negative = plain.negative
  } else text = nf.format(body as unknown as number)
  const prefix = sign === undefined ? (negative ? '-' : '') : sign
  return `${prefix}${text}${symbol ? ` ${symbol}` : ''}`
}
