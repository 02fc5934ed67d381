import type { KeyboardEvent, ReactNode } from 'react'
import { useId, useRef } from 'react'
import { lazyStyles } from './lazy-styles.ts'

export interface TabItem<Id extends string = string> {
  id: Id
  label: string
}

export interface TabsProps<Id extends string = string> {
  /** Accessible name of the tab list, e.g. 'Account'. */
  label: string
  tabs: readonly TabItem<Id>[]
  /** The selected tab (controlled). */
  selectedId: Id
  onSelect: (id: Id) => void
  /** Content of the selected tab's panel. */
  children?: ReactNode
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select (wrapping), Home/End jump.
 * Only the selected tab is in the tab order; one panel is rendered, labelled by its tab.
 */
export function Tabs<Id extends string>({ label, tabs, selectedId, onSelect, children }: TabsProps<Id>) {
  const baseId = useId()
  const listRef = useRef<HTMLDivElement>(null)
  const tabId = (id: string) => `${baseId}-tab-${id}`
  const panelId = `${baseId}-panel`

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selectedId)
    const next = nextIndex(event.key, current, tabs.length)
    if (next === undefined) return
    event.preventDefault()
    const target = tabs[next]
    if (!target) return
    onSelect(target.id)
    listRef.current?.ownerDocument.getElementById(tabId(target.id))?.focus()
  }

  return (
    <div ref={lazyStyles} className="portico-tabs">
      <div ref={listRef} className="portico-tabs-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === selectedId
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="portico-tab"
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div id={panelId} className="portico-tabpanel" role="tabpanel" aria-labelledby={tabId(selectedId)} tabIndex={0}>
        {children}
      </div>
    </div>
  )
}

function nextIndex(key: string, current: number, count: number): number | undefined {
  if (count === 0) return undefined
  if (key === 'ArrowRight') return (current + 1) % count
  if (key === 'ArrowLeft') return (current - 1 + count) % count
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return undefined
}
