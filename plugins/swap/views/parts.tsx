import type { CSSProperties } from 'react'
import { formatUnits } from 'portico'

export const column: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'var(--portico-space-3)', padding: 'var(--portico-space-4)' }
const row: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 'var(--portico-space-2)', margin: 0 }
const muted: CSSProperties = { color: 'var(--portico-muted)', margin: 0 }

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
  return (
    <dl aria-label={label} style={{ ...column, padding: 0, margin: 0 }}>
      {lines.map((l) => (
        <div key={l.term} style={row}>
          <dt style={muted}>{l.term}</dt>
          <dd style={{ margin: 0 }}>{l.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A SPEC §8 or chain error, announced. */
export function Alert({ text }: { text: string }) {
  return (
    <div className="portico-state-alert" role="alert">
      <p className="portico-state-description" style={{ color: 'var(--portico-error)' }}>
        {text}
      </p>
    </div>
  )
}
