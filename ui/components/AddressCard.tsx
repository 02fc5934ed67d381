import { useId, type ComponentProps } from 'react'
import { FieldError } from './FieldError.tsx'
import { Avatar } from './Avatar.tsx'
import { Spinner } from './Spinner.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface AddressCardProps extends Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'> {
  /** The card's heading and the input's accessible name, e.g. 'Receiver'. */
  label: string
  /** As typed: an address or an account name. */
  value: string
  onValue(text: string): void
  /** The account the text resolved to: its address, and the name and avatar the names service gave it. */
  resolved?: { address: string; /** SPEC §9 short form (truncateAddress), e.g. '0x99…B0A4dc'. */ shortAddress: string; name?: string | null | undefined; avatarUrl?: string | null | undefined } | undefined
  /** Text while the name is being looked up (announced politely), e.g. 'Looking up the receiver…'. */
  loadingText?: string | undefined
  /** A problem with the receiver (aria-invalid, described by it). */
  error?: string | undefined
}

/**
 * A receiver as a card: the label, the address or name as typed (monospace), and under it the account it resolves
 * to, with its avatar, name and short address (SPEC §9: 4 + 6), the full address in the tooltip.
 */
export function AddressCard({ label, value, onValue, resolved, loadingText, error, ...rest }: AddressCardProps) {
  const id = useId()
  const resolvedId = `${id}-resolved`
  const errorId = `${id}-error`
  const describedBy = [resolved ? resolvedId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div ref={lazyStyles} role="group" aria-labelledby={`${id}-label`} className="portico-amount-card" data-invalid={error ? '' : undefined}>
      <label id={`${id}-label`} htmlFor={id} className="portico-amount-card-label">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        className="portico-address-card-input"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValue(e.currentTarget.value)}
      />
      {loadingText ? (
        <p className="portico-address-card-account portico-text-muted" aria-live="polite">
          <Spinner size={16} decorative />
          {loadingText}
        </p>
      ) : resolved ? (
        <p id={resolvedId} className="portico-address-card-account" title={resolved.address}>
          <Avatar address={resolved.address} imageUrl={resolved.avatarUrl ?? undefined} size={24} alt="" />
          {resolved.name ? <span className="portico-address-card-name">{resolved.name}</span> : null}
          <span className="portico-address portico-text-muted">{resolved.shortAddress}</span>
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
