import type { ReactNode } from 'react'
import { lazyStyles } from './lazy-styles.ts'

export interface IconButtonRowItem {
  /** Stable key. */
  id: string
  /** The accessible name and tooltip. Required: an icon alone names nothing. */
  label: string
  /** The icon or logo (decorative: alt="" on an image), e.g. a social provider's logo. */
  icon: ReactNode
  onClick(): void
  disabled?: boolean
  /** The button is working (aria-busy). */
  busy?: boolean
}

export interface IconButtonRowProps {
  /** Accessible name of the group, e.g. 'Other sign-in options'. */
  label: string
  items: readonly IconButtonRowItem[]
}

/**
 * A row of equal icon-only buttons, 44px high on the surface, sharing the width (AppKit's social row): every button
 * carries its label as its accessible name and tooltip. Past five the row wraps in rows of five.
 */
export function IconButtonRow({ label, items }: IconButtonRowProps) {
  return (
    <div ref={lazyStyles} role="group" aria-label={label} className="portico-icon-row" data-count={Math.min(items.length, 5)}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          className="portico-icon-row-button"
          aria-label={item.label}
          title={item.label}
          disabled={item.disabled}
          aria-busy={item.busy || undefined}
          onClick={item.onClick}
        >
          {item.icon}
        </button>
      ))}
    </div>
  )
}
