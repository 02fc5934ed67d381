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

/** A row button of a list. Accessible name: "label, tag" (explicit so it does not depend on layout). */
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
      aria-label={tag ? `${label}, ${tag}` : label}
      {...rest}
      type={type}
      className={className ? `portico-list-item ${className}` : 'portico-list-item'}
    >
      {image}
      <span className="portico-list-item-text">
        <span className="portico-list-item-label">{label}</span>
        {description && <span className="portico-list-item-description">{description}</span>}
      </span>
      {tag && (
        <span className="portico-tag" data-tone={tagTone}>
          {tag}
        </span>
      )}
      {trailing}
    </button>
  )
}
