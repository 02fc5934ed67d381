import { useEffect, useMemo, useRef } from 'react'
import { formatHistoryQuantity, signForOperation } from 'portico'
import { groupTransactionsByMonth, type Transaction, type TransactionMonth } from '../index.ts'
import { EmptyState } from 'portico/components'
import { ErrorState } from 'portico/components'
import { WalletImage } from 'portico/components'
import { strings } from 'portico/react'
import { LoadingRows } from 'portico/components'
import { LoadMore, useAccountHistory, type HistoryListProps } from './account-history.tsx'

/** 'March 2025' for a SPEC §3 history group. */
export function monthHeading(group: Pick<TransactionMonth, 'year' | 'month'>): string {
  return new Date(group.year, group.month, 1).toLocaleString('en-US', { month: 'long', year: 'numeric' })
}

/** What one history row says: the operation, and each transfer as "+1.234 USDC" (SPEC §9 signs, 3 decimals). */
export function describeTransaction(t: Transaction): { title: string; lines: string[]; imageUrl?: string; imageName: string } {
  const sign = signForOperation(t.metadata.operationType)
  const lines = t.transfers.map((x) => {
    if (x.nft_info) return `${sign}${x.nft_info.name}`
    return `${sign}${formatHistoryQuantity(x.quantity.numeric)} ${x.fungible_info?.symbol ?? ''}`.trim()
  })
  const first = t.transfers[0]
  const op = t.metadata.operationType
  return {
    title: op ? op[0]!.toUpperCase() + op.slice(1) : 'Transaction',
    lines,
    imageUrl: first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url,
    imageName: first?.fungible_info?.symbol ?? first?.nft_info?.name ?? op ?? '?',
  }
}

export interface ActivityListProps extends HistoryListProps {
  groups: readonly TransactionMonth[]
}

/** SPEC §2 Account Activity tab, presentational: transactions under year-month headings, newest first. */
export function ActivityList({ groups, loading, error, hasMore, onLoadMore, onRetry }: ActivityListProps) {
  const sentinel = useRef<HTMLDivElement>(null)
  const more = useRef(onLoadMore)
  more.current = onLoadMore
  // Scroll pagination: the cursor's next page loads when the end of the list comes into view.
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) more.current?.()
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [hasMore, groups])

  if (error) return <ErrorState title={error} onRetry={onRetry} />
  if (groups.length === 0 && loading) return <LoadingRows label={strings.activity} />
  if (groups.length === 0) return <EmptyState title={strings.noActivity} />
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {groups.map((g) => {
        const heading = monthHeading(g)
        return (
          <section key={`${g.year}-${g.month}`} aria-label={heading}>
            <h3 style={{ margin: '0 0 6px', fontSize: 'var(--portico-font-size-sm)', color: 'var(--portico-muted)', fontWeight: 'var(--portico-font-weight-medium)' as never }}>
              {heading}
            </h3>
            <ul className="portico-list">
              {g.transactions.map((t) => {
                const d = describeTransaction(t)
                return (
                  <li key={t.id} className="portico-token-row" aria-label={`${d.title} ${d.lines.join(', ')}`.trim()}>
                    <WalletImage name={d.imageName} src={d.imageUrl} size={36} decorative />
                    <div className="portico-token-row-main">
                      <span className="portico-token-row-name">{d.title}</span>
                      <span className="portico-token-row-secondary">{new Date(t.metadata.minedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}</span>
                    </div>
                    <div className="portico-token-row-amounts">
                      {d.lines.map((line, i) => (
                        <span key={i}>{line}</span>
                      ))}
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        )
      })}
      <div ref={sentinel} aria-hidden="true" />
      <LoadMore hasMore={hasMore} loading={loading} onLoadMore={onLoadMore} />
    </div>
  )
}

/** The Activity tab: the active account's history on the active network, paged by cursor. */
export default function ActivityTab() {
  const { transactions, list } = useAccountHistory()
  const groups = useMemo(() => groupTransactionsByMonth(transactions), [transactions])
  return <ActivityList groups={groups} {...list} />
}
