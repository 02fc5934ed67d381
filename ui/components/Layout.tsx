import type { ComponentProps, ReactNode } from 'react'
import { lazyStyles } from './lazy-styles.ts'

/** Steps of the spacing scale (docs/DESIGN-LANGUAGE.md): 1 = 4px, 2 = 8px, 3 = 12px, 4 = 16px, 5 = 24px. */
export type SpaceStep = 1 | 2 | 3 | 4 | 5

export interface StackProps extends ComponentProps<'div'> {
  /** Gap between the children, a step of the spacing scale. @default 3 (12px) */
  gap?: SpaceStep
  /** Centre the children (and their text), as the state and connecting views do. */
  align?: 'stretch' | 'center'
  /** Lay the children out in a row (vertically centred) instead of a column. */
  row?: boolean
}

/** The layout primitive of every view: a column (or row) of children on the spacing scale. No inline styles. */
export function Stack({ gap = 3, align = 'stretch', row = false, className, ...rest }: StackProps) {
  return (
    <div
      {...rest}
      className={className ? `portico-stack ${className}` : 'portico-stack'}
      data-gap={gap === 3 ? undefined : gap}
      data-align={align === 'center' ? 'center' : undefined}
      data-row={row || undefined}
    />
  )
}

export interface ActionsProps extends ComponentProps<'div'> {
  /** Side by side in equal columns instead of stacked. */
  row?: boolean
  /**
   * Lay out this many buttons in a balanced grid (`balancedColumns`): labels may take two lines, and a last button
   * that would sit alone on its row spans the row instead.
   */
  balance?: number
}

/**
 * The columns of a balanced grid of `count` buttons: all in one row up to three, two by two for four, otherwise three
 * a row. Narrow enough that every label fits at 320 px in German.
 */
export function balancedColumns(count: number): 1 | 2 | 3 {
  return count <= 1 ? 1 : count === 2 || count === 4 ? 2 : 3
}

/** A group of buttons of equal width: stacked full width (the default), side by side in equal columns, or balanced. */
export function Actions({ row = false, balance, className, ...rest }: ActionsProps) {
  return (
    <div
      {...rest}
      className={className ? `portico-actions ${className}` : 'portico-actions'}
      data-row={(row && balance === undefined) || undefined}
      data-columns={balance === undefined ? undefined : balancedColumns(balance)}
    />
  )
}

export type TextTone = 'default' | 'muted' | 'error' | 'success'

export interface TextProps extends ComponentProps<'p'> {
  /** Render as this element. @default 'p' */
  as?: 'p' | 'span' | 'h3'
  /** title: the view's heading size; body: the default; caption: small. @default 'body' */
  variant?: 'title' | 'body' | 'caption'
  /** @default 'default' */
  tone?: TextTone
  /** One line with an ellipsis. */
  truncate?: boolean
  children?: ReactNode
}

/** Text on the type scale with a semantic colour; the only way views style text. */
export function Text({ as: Tag = 'p', variant = 'body', tone = 'default', truncate = false, className, ...rest }: TextProps) {
  const classes = [
    variant === 'title' ? 'portico-text-title' : variant === 'caption' ? 'portico-text-sm' : '',
    tone === 'default' ? '' : `portico-text-${tone}`,
    truncate ? 'portico-text-truncate' : '',
    className ?? '',
  ].filter(Boolean)
  return <Tag {...rest} className={classes.join(' ') || undefined} />
}

export interface KeyValueListProps {
  /** Accessible name of the list, e.g. 'Details'. */
  label?: string
  items: readonly { label: string; value: ReactNode }[]
}

/** Label and value pairs (a `<dl>`): fees, totals, the details of a transaction. Labels muted, values end-aligned. */
export function KeyValueList({ label, items }: KeyValueListProps) {
  return (
    <dl ref={lazyStyles} className="portico-kv" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className="portico-kv-row">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
