import type { ComponentProps, ReactNode } from 'react'

export interface ListItemProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** Main text. */
  label: string
  /** Secondary line under the label. */
  description?: string
  /** Leading image; should be decorative since `label` names the item. */
  image?: ReactNode
  /** Short badge on the right, e.g. 'Installed'. Part of the accessible name. */
  tag?: string
  /** Colour of the tag. @default 'neutral' */
  tagTone?: 'neutral' | 'accent' | 'success'
  /** Content after the tag, e.g. a chevron icon (decorative). */
  trailing?: ReactNode
}

/**
 * A row button of a list. Accessible name: "label, description, tag", explicit so it does not depend on layout, and
 * in the order shown so it starts with the visible text (WCAG 2.5.3 label in name; axe label-content-name-mismatch):
 * the segments are also separated by whitespace in the DOM, so the visible text reads "label description tag", not
 * "labeltag". The image and the trailing content should be decorative.
 */
export function ListItem({
  label,
  description,
  image,
  tag,
  tagTone = 'neutral',
  trailing,
  className,
  type = 'button',
  ...rest
}: ListItemProps) {
  return (
    <button
      aria-label={[label, description, tag].filter(Boolean).join(', ')}
      {...rest}
      type={type}
      className={className ? `portico-list-item ${className}` : 'portico-list-item'}
    >
      {image}
      <span className="portico-list-item-text">
        <span className="portico-list-item-label">{label}</span>
        {description && ' '}
        {description && <span className="portico-list-item-description">{description}</span>}
      </span>
      {tag && ' '}
      {tag && (
        <span className="portico-tag" data-tone={tagTone}>
          {tag}
        </span>
      )}
      {trailing}
    </button>
  )
}
