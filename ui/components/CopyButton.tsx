import { useEffect, useRef, useState } from 'react'
import { useUiStrings } from '../i18n/strings-context.tsx'
import { Button } from './Button.tsx'
import { Icon } from './Icon.tsx'
import { IconButton } from './IconButton.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string
  /** Button text, or the accessible name when `compact`. @default strings.copy */
  label?: string
  /** Announced (and shown) after a successful copy. @default strings.copied */
  copiedLabel?: string
  /** Announced when the clipboard refuses. @default strings.copyFailed */
  failedLabel?: string
  /** Icon only (e.g. next to an address). */
  compact?: boolean
  onCopied?: () => void
  onCopyError?: (error: unknown) => void
}

/** How long the check mark stays before the button returns to its resting state. */
const COPIED_FEEDBACK_MS = 1500

/** Copies `text` with the async clipboard API and announces the outcome in a polite status region. */
export function CopyButton({
  text,
  label: labelProp,
  copiedLabel: copiedProp,
  failedLabel: failedProp,
  compact = false,
  onCopied,
  onCopyError,
}: CopyButtonProps) {
  const ui = useUiStrings()
  const label = labelProp ?? ui.copy
  const copiedLabel = copiedProp ?? ui.copied
  const failedLabel = failedProp ?? ui.copyFailed
  const [announcement, setAnnouncement] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const announce = (message: string) => {
    setAnnouncement(message)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setAnnouncement(''), COPIED_FEEDBACK_MS)
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      announce(copiedLabel)
      onCopied?.()
    } catch (error) {
      announce(failedLabel)
      onCopyError?.(error)
    }
  }

  const copied = announcement === copiedLabel
  const icon = <Icon name={copied ? 'check' : 'copy'} size={18} />
  return (
    <span ref={lazyStyles} className="portico-copy-button" data-copied={copied || undefined}>
      {compact ? (
        <IconButton label={label} icon={icon} onClick={copy} />
      ) : (
        <Button variant="secondary" onClick={copy}>
          {icon}
          {label}
        </Button>
      )}
      <span className="portico-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </span>
  )
}
