import { useUiStrings } from '../i18n/strings-context.tsx'
import { Icon } from './Icon.tsx'
import { IconButton } from './IconButton.tsx'
import { lazyStyles } from './lazy-styles.ts'
import { Spinner } from './Spinner.tsx'

/** SPEC §2: snackbar variants. */
export type SnackbarVariant = 'loading' | 'success' | 'error'

export interface SnackbarProps {
  variant: SnackbarVariant
  message: string
  /** Shows a 'Close' button when set. */
  onClose?: () => void
  /** @default strings.close */
  closeLabel?: string
}

/**
 * A short message. Errors interrupt (role alert); loading and success wait their turn (role status, polite). Its rules
 * are in the lazily loaded components' sheet: it is not on the modal's open path.
 */
export function Snackbar({ variant, message, onClose, closeLabel }: SnackbarProps) {
  const ui = useUiStrings()
  closeLabel ??= ui.close
  const live = variant === 'error' ? { role: 'alert' } : { role: 'status', 'aria-live': 'polite' as const }
  return (
    <div ref={lazyStyles} className={`portico-snackbar portico-snackbar--${variant}`} {...live}>
      <span className="portico-snackbar-icon">
        {variant === 'loading' ? <Spinner size={16} decorative /> : <Icon name={variant === 'error' ? 'alert' : 'check'} size={18} />}
      </span>
      <span className="portico-snackbar-message">{message}</span>
      {onClose && <IconButton label={closeLabel} icon={<Icon name="close" size={16} />} onClick={onClose} />}
    </div>
  )
}
