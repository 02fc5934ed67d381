import { useUiStrings } from '../i18n/strings-context.tsx'
import { Button } from './Button.tsx'
import { Icon } from './Icon.tsx'

export interface ErrorStateProps {
  /** Catalogued error text (kernel/errors, SPEC §8) or a short summary. */
  title: string
  description?: string
  /** Shows a 'Retry' button when set. */
  onRetry?: () => void
  /** @default strings.retry */
  retryLabel?: string
  /** Busy state of the retry button. */
  retrying?: boolean
}

/** A failed load or action, announced as an alert, with an optional retry. */
export function ErrorState({ title, description, onRetry, retryLabel, retrying = false }: ErrorStateProps) {
  const ui = useUiStrings()
  retryLabel ??= ui.retry
  return (
    <div className="portico-state portico-state--error">
      <div role="alert" className="portico-state-alert">
        <span className="portico-state-icon">
          <Icon name="alert" size={32} />
        </span>
        <p className="portico-state-title">{title}</p>
        {description && <p className="portico-state-description">{description}</p>}
      </div>
      {onRetry && (
        <Button variant="secondary" loading={retrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  )
}
