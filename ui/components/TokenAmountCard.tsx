import { useId, type ReactNode } from 'react'
import { FieldError } from './FieldError.tsx'
import { Skeleton } from './Skeleton.tsx'
import { TokenPill, type TokenPillProps } from './TokenPill.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface TokenAmountCardProps {
  /** What the card is, e.g. 'You pay', 'You receive', 'Amount': the card's heading and the amount's accessible name. */
  label: string
  /** The amount as typed (editable) or as quoted (read-only), in display units. */
  amount: string
  /** Makes the amount an input; without it the amount is an output announced politely (e.g. a quote). */
  onAmount?(text: string): void
  /** The token pill: its symbol and logo, the picker's callback and accessible name. */
  token: TokenPillProps
  /** The amount's value, already formatted ('$1,500.00'); shown muted under the amount. */
  usdValue?: string | undefined
  /** The balance line, already worded and formatted ('Balance: 1,000 USDC'). */
  balance?: string | undefined
  /** Shows a Max button after the balance. */
  onMax?(): void
  /** The Max button's text. @default 'Max' */
  maxLabel?: string
  /** The Max button is working (e.g. reading the fee it must leave). */
  maxLoading?: boolean
  /** A problem with the amount (aria-invalid, linked by aria-describedby, announced). */
  error?: string | undefined
  /** The amount is wrong without a text here (the view's primary button names the problem): aria-invalid and the error border. */
  invalid?: boolean
  /** The amount is on its way (a quote): a skeleton stands in for it. */
  loading?: boolean
  disabled?: boolean
  /** @default '0' */
  placeholder?: string
  /** Extra content under the card's rows (e.g. a hint). */
  children?: ReactNode
}

/**
 * A token amount as a card (Swap's "You pay" / "You receive", Send's "Amount"): the label, a large amount beside the
 * token pill, then the USD value and the balance with Max. An input when `onAmount` is given, otherwise an output.
 */
export function TokenAmountCard({ label, amount, onAmount, token, usdValue, balance, onMax, maxLabel = 'Max', maxLoading, error, invalid = false, loading, disabled, placeholder = '0', children }: TokenAmountCardProps) {
  const id = useId()
  const labelId = `${id}-label`
  const errorId = `${id}-error`
  return (
    <div ref={lazyStyles} role="group" aria-labelledby={labelId} className="portico-amount-card" data-invalid={error || invalid ? '' : undefined}>
      <label id={labelId} htmlFor={onAmount ? `${id}-amount` : undefined} className="portico-amount-card-label">
        {label}
      </label>
      <div className="portico-amount-card-row">
        {loading ? (
          <span className="portico-amount-card-amount">
            <Skeleton width="60%" height={28} />
          </span>
        ) : onAmount ? (
          <input
            id={`${id}-amount`}
            className="portico-amount-card-amount"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            value={amount}
            disabled={disabled}
            aria-invalid={error || invalid ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onAmount(e.currentTarget.value)}
          />
        ) : (
          <output className="portico-amount-card-amount" aria-labelledby={labelId} aria-live="polite" data-placeholder={amount ? undefined : ''}>
            {amount || placeholder}
          </output>
        )}
        <TokenPill {...token} disabled={token.disabled ?? disabled} />
      </div>
      {usdValue !== undefined || balance !== undefined || onMax ? (
        <div className="portico-amount-card-row portico-amount-card-meta">
          <span className="portico-amount-card-usd">{usdValue ?? ''}</span>
          {balance !== undefined ? <span className="portico-amount-card-balance">{balance}</span> : null}
          {onMax ? (
            <button type="button" className="portico-amount-card-max" onClick={onMax} disabled={disabled || maxLoading} aria-busy={maxLoading || undefined}>
              {maxLabel}
            </button>
          ) : null}
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
      {children}
    </div>
  )
}
