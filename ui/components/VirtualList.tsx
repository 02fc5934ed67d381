import { useEffect, useState, type ReactNode, type UIEvent } from 'react'

export interface VirtualListProps<T> {
  /** Accessible name of the list. */
  label: string
  items: readonly T[]
  /** Fixed height of every row in px (rows are positioned, not measured). */
  rowHeight: number
  /** Height of the scrolling viewport in px. */
  height: number
  /** Rows rendered beyond each edge of the viewport. @default 3 */
  overscan?: number
  getKey(item: T, index: number): string
  renderRow(item: T, index: number): ReactNode
  /** Called when the viewport nears the end of the list (infinite scroll). */
  onEndReached?(): void
  /** How many rows before the end onEndReached fires. @default 8 */
  endThreshold?: number
  /**
   * Shown under the last row (a loading indicator). Takes one row. Drawn only, hidden from assistive technology: a
   * list may own only list items, and the rows that arrive (with aria-setsize) are what it announces.
   */
  footer?: ReactNode
}

/**
 * A windowed list: only the rows in view (plus a small overscan) are in the DOM, positioned inside a spacer as tall
 * as the whole list, so 1,000 listings cost a screenful of rows. Rows carry aria-posinset/aria-setsize so assistive
 * technology still hears the full size.
 */
export function VirtualList<T>({
  label, items, rowHeight, height, overscan = 3, getKey, renderRow, onEndReached, endThreshold = 8, footer,
}: VirtualListProps<T>) {
  const [scrolled, setScrollTop] = useState(0)
  const visible = Math.ceil(height / rowHeight)
  const total = items.length * rowHeight + (footer ? rowHeight : 0)
  // A list that shrank (a search) leaves the old offset behind until the next scroll event: clamp it.
  const scrollTop = Math.min(scrolled, Math.max(0, total - height))
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(items.length, Math.floor(scrollTop / rowHeight) + visible + overscan)

  useEffect(() => {
    if (onEndReached && last >= items.length - endThreshold) onEndReached()
    // onEndReached is a fresh closure each render; the range and length are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last, items.length, endThreshold])

  const rows: ReactNode[] = []
  for (let i = first; i < last; i++) {
    const item = items[i] as T
    rows.push(
      <div
        key={getKey(item, i)}
        role="listitem"
        aria-posinset={i + 1}
        aria-setsize={items.length}
        style={{ position: 'absolute', top: i * rowHeight, left: 0, right: 0, height: rowHeight, boxSizing: 'border-box', paddingBottom: 8 }}
      >
        {renderRow(item, i)}
      </div>,
    )
  }

  return (
    <div
      role="list"
      aria-label={label}
      className="portico-virtual-list"
      style={{ height, overflowY: 'auto', position: 'relative', overscrollBehavior: 'contain' }}
      onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: total, position: 'relative' }}>
        {rows}
        {footer && (
          <div aria-hidden="true" style={{ position: 'absolute', top: items.length * rowHeight, left: 0, right: 0, height: rowHeight }}>
            {footer}
          </div>
        )}
      </div>
    </div>
  )
}
