import type { Locale } from './locales.ts'

export interface Formatters {
  readonly locale: Locale
  /** A number with the locale's grouping and decimal signs; at most `maxDecimals` (default 3, SPEC §9). */
  number(value: number, maxDecimals?: number): string
  /** A decimal string (a balance) without losing digits to floating point: grouping of the integer part only. */
  decimal(value: string): string
  currency(value: number, currency?: string): string
  date(value: Date | number, style?: 'short' | 'medium'): string
  /** Category of `count` for plural messages (one, few, many, other...). */
  plural(count: number): Intl.LDMLPluralRule
}

export function createFormatters(locale: Locale): Formatters {
  const numbers = new Map<number, Intl.NumberFormat>()
  const numberFormat = (max: number): Intl.NumberFormat => {
    let f = numbers.get(max)
    if (!f) {
      f = new Intl.NumberFormat(locale, { maximumFractionDigits: max })
      numbers.set(max, f)
    }
    return f
  }
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5)
  const group = parts.find((p) => p.type === 'group')?.value ?? ','
  const decimalSign = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const plurals = new Intl.PluralRules(locale)
  return {
    locale,
    number: (value, maxDecimals = 3) => numberFormat(maxDecimals).format(value),
    decimal: (value) => {
      const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim())
      if (!m) return value
      const integer = m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, group)
      return `${m[1]}${integer}${m[3] ? decimalSign + m[3] : ''}`
    },
    currency: (value, currency = 'USD') => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value),
    date: (value, style = 'medium') => new Intl.DateTimeFormat(locale, { dateStyle: style }).format(value),
    plural: (count) => plurals.select(count),
  }
}
