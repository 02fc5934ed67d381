import { useEffect, useMemo, useRef } from 'react'
import { formatAmount } from 'portico/plugin'
import { signForOperation } from '../transactions.ts'
import { groupTransactionsByMonth, type Transaction, type TransactionMonth } from '../index.ts'
import { EmptyState } from 'portico/components'
import { ErrorState } from 'portico/components'
import { Stack, WalletImage } from 'portico/components'
import { useErrorText, useFormatters, useMessages, useStrings } from 'portico/react'
import { LoadingRows } from 'portico/components'
import { LoadMore, useAccountHistory, type HistoryListProps } from './account-history.tsx'
import { messages as accountDataMessages, type AccountDataMessages } from '../messages.ts'

/** 'March 2025' for a SPEC §3 history group, in `locale` ('März 2025' in German). */
export function monthHeading(group: Pick<TransactionMonth, 'year' | 'month'>, locale = 'en-US'): string {
  return new Date(group.year, group.month, 1).toLocaleString(locale, { month: 'long', year: 'numeric' })
}

/** The row title of an operation type in the catalogue's language; an uncatalogued type shows as it comes. */
export function operationTitle(m: AccountDataMessages, operationType: string | undefined): string {
  if (!operationType) return m.transaction
  const key = `op_${operationType}` as keyof AccountDataMessages
  return key in m ? m[key] : operationType[0]!.toUpperCase() + operationType.slice(1)
}

/** SPEC §9 signs plus the transfer's own direction: a send (direction 'out') reads '-', a receive ('in') '+'. */
function signOf(operationType: string | undefined, direction: string | undefined): '+' | '-' | '' {
  return signForOperation(operationType) || (direction === 'out' ? '-' : direction === 'in' ? '+' : '')
}

/**
 * What one history row says: the operation, and each transfer as "+1.234 USDC" (SPEC §9 signs, 3 decimals, grouped
 * per locale; "<0.001" for a tiny amount) with its direction for the colour (incoming green, outgoing plain).
 */
export function describeTransaction(t: Transaction, locale?: string): { title: string; lines: string[]; directions: ('in' | 'out' | undefined)[]; imageUrl?: string; imageName: string } {
  const signs = t.transfers.map((x) => signOf(t.metadata.operationType, x.direction))
  const lines = t.transfers.map((x, i) => {
    const sign = signs[i]
    if (x.nft_info) return `${sign}${x.nft_info.name}`
    return formatAmount(x.quantity.numeric, { sign, symbol: x.fungible_info?.symbol, locale })
  })
  const directions = signs.map((sign) => (sign === '+' ? 'in' : sign === '-' ? 'out' : undefined))
  const first = t.transfers[0]
  const op = t.metadata.operationType
  return {
    title: op ? op[0]!.toUpperCase() + op.slice(1) : 'Transaction',
    lines,
    directions,
    imageUrl: first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url,
    imageName: first?.fungible_info?.symbol ?? first?.nft_info?.name ?? op ?? '?',
  }
}

export interface ActivityListProps extends HistoryListProps {
  groups: readonly TransactionMonth[]
}

/** SPEC §2 Account Activity tab, presentational: transactions under year-month headings, newest first. */
export function ActivityList({ groups, loading, error, hasMore, onLoadMore, onRetry }: ActivityListProps) {
  const strings = useStrings()
  const m = useMessages(accountDataMessages)
  const errorText = useErrorText()
  const { locale } = useFormatters()
  const dayFormat = useMemo(() => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }), [locale])
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

  if (error) return <ErrorState title={errorText(error)} onRetry={onRetry} />
  if (groups.length === 0 && loading) return <LoadingRows label={strings.activity} />
  if (groups.length === 0) return <EmptyState title={strings.noActivity} />
  return (
    <Stack>
      {groups.map((g) => {
        const heading = monthHeading(g, locale)
        return (
          <section key={`${g.year}-${g.month}`} aria-label={heading}>
            <h3 className="portico-section-heading">
              {heading}
            </h3>
            <ul className="portico-list">
              {g.transactions.map((t) => {
                const d = describeTransaction(t, locale)
                const title = operationTitle(m, t.metadata.operationType)
                return (
                  <li key={t.id} className="portico-token-row" aria-label={`${title} ${d.lines.join(', ')}`.trim()}>
                    <WalletImage name={d.imageName} src={d.imageUrl} size={36} decorative />
                    <div className="portico-token-row-main">
                      <span className="portico-token-row-name">{title}</span>
                      <span className="portico-token-row-secondary">{dayFormat.format(new Date(t.metadata.minedAt))}</span>
                    </div>
                    <div className="portico-token-row-amounts">
                      {d.lines.map((line, i) => (
                        <span key={i} className="portico-amount" data-direction={d.directions[i]}>
                          {line}
                        </span>
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
    </Stack>
  )
}

/** The Activity tab: the active account's history on the active network, paged by cursor. */
export default function ActivityTab() {
  const { transactions, list } = useAccountHistory()
  const groups = useMemo(() => groupTransactionsByMonth(transactions), [transactions])
  return <ActivityList groups={groups} {...list} />
}
