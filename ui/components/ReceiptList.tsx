import type { ReactNode } from 'react'
import { lazyStyles } from './lazy-styles.ts'

export interface ReceiptRow {
  /** The row's term, e.g. 'Network fee'. Unique within the list. */
  label: string
  /** The value: text, or an address with its avatar. */
  value: ReactNode
  /** A muted line under the value, e.g. the USD value of an amount. */
  secondary?: ReactNode
  /** Set the row apart as the total (bold, after a divider). */
  emphasis?: boolean
}

export interface ReceiptListProps {
  /** Accessible name of the list, e.g. 'Transfer' or 'Swap details'. */
  label: string
  rows: readonly ReceiptRow[]
}

/**
 * A preview that reads as a receipt: label and value rows on a card, labels muted and start-aligned, values
 * end-aligned in tabular figures, an optional emphasised total. A `<dl>`, so each value is read with its term.
 */
export function ReceiptList({ label, rows }: ReceiptListProps) {
  return (
    <dl ref={lazyStyles} className="portico-receipt" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className="portico-receipt-row" data-emphasis={row.emphasis ? '' : undefined}>
          <dt>{row.label}</dt>
          <dd>
            <span className="portico-receipt-value">{row.value}</span>
            {row.secondary !== undefined ? <span className="portico-receipt-secondary">{row.secondary}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
