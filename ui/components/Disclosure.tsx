import { useId, useState, type ReactNode } from 'react'
import { Icon } from './Icon.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface DisclosureProps {
  /** The one-line summary that toggles the content, e.g. the rate '1 ETH = 3,000 USDC'. Its text names the button. */
  summary: ReactNode
  /** Open at first. @default false */
  defaultOpen?: boolean
  /** Shown under the summary while open. */
  children: ReactNode
}

/** A one-line summary that expands into details (a button with aria-expanded and a chevron, and the region it controls). */
export function Disclosure({ summary, defaultOpen = false, children }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen)
  const id = useId()
  return (
    <div ref={lazyStyles} className="portico-stack" data-gap={2}>
      <button type="button" className="portico-disclosure" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span>{summary}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      <div id={id} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  )
}
