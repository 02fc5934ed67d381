import type { ReactNode } from 'react'
import { useUiStrings } from '../i18n/strings-context.tsx'
import { Icon } from './Icon.tsx'
import { IconButton } from './IconButton.tsx'

export interface HeaderProps {
  /** The view title. */
  title: string
  /** Id of the title element, so the dialog can point `aria-labelledby` at it. */
  titleId: string
  /** Shows a 'Back' button when set. */
  onBack?: () => void
  /** Shows a 'Close' button when set. */
  onClose?: () => void
  /** Replaces the back button slot (e.g. a help button on the first view). */
  start?: ReactNode
  /** @default strings.back */
  backLabel?: string
  /** @default strings.close */
  closeLabel?: string
}

/** The modal header: back, title, close. The title re-mounts on change so its fade (SPEC §9, 120 ms) replays. */
export function Header({ title, titleId, onBack, onClose, start, backLabel, closeLabel }: HeaderProps) {
  const ui = useUiStrings()
  backLabel ??= ui.back
  closeLabel ??= ui.close
  return (
    <div className="portico-header">
      <div className="portico-header-slot">
        {onBack ? <IconButton label={backLabel} icon={<Icon name="back" />} onClick={onBack} /> : start}
      </div>
      <h2 key={title} id={titleId} className="portico-header-title">
        {title}
      </h2>
      <div className="portico-header-slot">
        {onClose && <IconButton label={closeLabel} icon={<Icon name="close" />} onClick={onClose} />}
      </div>
    </div>
  )
}
