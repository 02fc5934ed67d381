/** A decimal number as sign, integer digits and fraction digits (no exponent), or undefined if not numeric. */
interface PlainDecimal {
  negative: boolean
  integer: string
  fraction: string
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Parses '1.5', '-0.001', '1e-7', 1e21 into exact digits (numbers go through their shortest string form). */
export function toPlainDecimal(value: string | number): PlainDecimal | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined
  const match = DECIMAL.exec(String(value).trim())
  if (!match) return undefined
  const [, sign = '', intDigits = '', fracDigits = '', exp = '0'] = match
  if (intDigits === '' && fracDigits === '') return undefined
  // Shift the decimal point by the exponent over the concatenated digits.
  const digits = intDigits + fracDigits
  const point = intDigits.length + Number(exp)
  const padded = point < 0 ? '0'.repeat(-point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits
  const at = Math.max(point, 0)
  const integer = padded.slice(0, at).replace(/^0+/, '') || '0'
  const fraction = padded.slice(at)
  return { negative: sign === '-', integer, fraction }
}

/** Truncates (never rounds) to `places` decimals and trims trailing zeros; '0' for non-numeric input. */
export function truncateDecimal(value: string | number, places: number): string {
  const parsed = toPlainDecimal(value)
  if (!parsed) return '0'
  const fraction = parsed.fraction.slice(0, places).replace(/0+$/, '')
  const body = fraction ? `${parsed.integer}.${fraction}` : parsed.integer
  const isZero = /^0(\.0*)?$/.test(body)
  return parsed.negative && !isZero ? `-${body}` : body
}
