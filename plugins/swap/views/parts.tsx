import { formatUnits } from 'portico'
import { KeyValueList, Text } from 'portico/components'

/** A base-unit amount for display: at most 6 decimals, trailing zeros dropped. */
export function shown(amount: bigint, decimals: number): string {
  const full = formatUnits(amount, decimals)
  const [int, frac = ''] = full.split('.')
  const cut = frac.slice(0, 6).replace(/0+$/, '')
  return cut ? `${int}.${cut}` : (int ?? '0')
}

export const percent = (n: number): string => (n < 0.01 ? '< 0.01 %' : `${n.toFixed(2)} %`)

export interface DetailLine {
  term: string
  value: string
}

/** The quote's details as a description list (price impact, network fee, minimum received, slippage). */
export function Details({ lines, label }: { lines: readonly DetailLine[]; label: string }) {
  return <KeyValueList label={label} items={lines.map((l) => ({ label: l.term, value: l.value }))} />
}

/** A SPEC §8 or chain error, announced. */
export function Alert({ text }: { text: string }) {
  return (
    <Text tone="error" role="alert">
      {text}
    </Text>
  )
}
