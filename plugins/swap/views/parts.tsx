import { formatUnits } from 'portico/plugin'
import { ReceiptList, Text } from 'portico/components'

/** A base-unit amount for display: at most 6 decimals, trailing zeros dropped, in `locale`'s signs. */
export function shown(amount: bigint, decimals: number, locale = 'en'): string {
  const full = formatUnits(amount, decimals)
  const [int, frac = ''] = full.split('.')
  const cut = frac.slice(0, 6).replace(/0+$/, '')
  return localDecimal(cut ? `${int}.${cut}` : (int ?? '0'), locale)
}

/** A decimal string with `locale`'s grouping and decimal signs, every digit kept ('1234.5' → '1.234,5' in de). */
export function localDecimal(value: string, locale = 'en'): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim())
  if (!m) return value
  const nf = new Intl.NumberFormat(locale)
  const decimalSign = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${m[1]}${nf.format(BigInt(m[2]!))}${m[3] ? decimalSign + m[3] : ''}`
}

export const percent = (n: number, locale = 'en'): string => {
  const f = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return n < 0.01 ? `< ${f.format(0.01)} %` : `${f.format(n)} %`
}

/** The USD value of a display-unit amount at the token's price, e.g. '$10.00'; undefined without a price or an amount. */
export function usd(amount: string, prices: Readonly<Record<string, number>>, token: { address: string }, locale = 'en'): string | undefined {
  const price = prices[token.address.toLowerCase()]
  const n = Number(amount)
  if (price === undefined || !amount.trim() || !Number.isFinite(n)) return undefined
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(n * price)
}

export interface DetailLine {
  term: string
  value: string
}

/** The quote's details as a receipt (network fee, price impact, slippage, minimum received). */
export function Details({ lines, label }: { lines: readonly DetailLine[]; label: string }) {
  return <ReceiptList label={label} rows={lines.map((l) => ({ label: l.term, value: l.value }))} />
}

/** A SPEC §8 or chain error, announced. */
export function Alert({ text }: { text: string }) {
  return (
    <Text tone="error" role="alert">
      {text}
    </Text>
  )
}
