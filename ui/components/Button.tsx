import type { ComponentProps, MouseEvent } from 'react'
import { Spinner } from './Spinner.tsx'

/**
 * The button hierarchy (docs/DESIGN-LANGUAGE.md): one primary action per view; secondary for the alternatives;
 * danger for destructive actions (red text on the secondary surface, never a solid red block); text for low-weight
 * links such as help.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text'

export interface ButtonProps extends ComponentProps<'button'> {
  /** @default 'primary' */
  variant?: ButtonVariant
  /** Shows a spinner, sets aria-busy and ignores clicks while keeping focus on the button. */
  loading?: boolean
  /** Stretch to the container's width. */
  fullWidth?: boolean
}

/** A text button. Its accessible name is its text, which stays rendered while loading. */
export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  // aria-disabled rather than disabled while loading: a disabled button drops focus mid-action.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) return event.preventDefault()
    onClick?.(event)
  }
  return (
    <button
      {...rest}
      type={type}
      className={joinClassNames(`portico-button portico-button--${variant}`, className)}
      data-full-width={fullWidth || undefined}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {loading && <Spinner size={16} decorative />}
      {children}
    </button>
  )
}

function joinClassNames(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base
}
