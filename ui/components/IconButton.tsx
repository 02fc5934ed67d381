import type { ComponentProps, ReactNode } from 'react'

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'aria-label' | 'children'> {
  /** The accessible name (aria-label) and tooltip. Required: an icon alone names nothing. */
  label: string
  /** The icon, e.g. `<Icon name="close" />`. */
  icon: ReactNode
}

/** A round button showing only an icon. */
export function IconButton({ label, icon, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `portico-icon-button ${className}` : 'portico-icon-button'}
      aria-label={label}
      title={label}
    >
      {icon}
    </button>
  )
}
