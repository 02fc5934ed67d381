import type { ReactNode } from 'react'
import type { IconName } from './Icon.tsx'
import { Icon } from './Icon.tsx'

export interface EmptyStateProps {
  title: string
  description?: string
  /** @default 'empty' */
  icon?: IconName
  /** e.g. a Button leading somewhere useful. */
  action?: ReactNode
}

/** What a list shows when it has nothing (no tokens, no wallets found). */
export function EmptyState({ title, description, icon = 'empty', action }: EmptyStateProps) {
  return (
    <div className="portico-state">
      <span className="portico-state-icon">
        <Icon name={icon} size={32} />
      </span>
      <p className="portico-state-title">{title}</p>
      {description && <p className="portico-state-description">{description}</p>}
      {action}
    </div>
  )
}
