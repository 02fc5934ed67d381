import type { ReactNode } from 'react'

export interface FieldErrorProps {
  /** The id the field's `aria-describedby` names. */
  id: string
  /** The problem, already worded; nothing is rendered without one. */
  children?: ReactNode
}

/**
 * A card field's error line (AddressCard, TokenAmountCard): small error text under the field, announced when it
 * appears (role alert) and describing the input through its id.
 */
export function FieldError({ id, children }: FieldErrorProps) {
  if (children === undefined || children === null || children === '' || children === false) return null
  return (
    <p id={id} className="portico-text-sm portico-text-error" role="alert">
      {children}
    </p>
  )
}
