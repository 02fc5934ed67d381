import { useUiStrings } from '../i18n/strings-context.tsx'

export interface SpinnerProps {
  /** Accessible name of the progress indicator. @default strings.loading */
  label?: string
  /** Diameter in px. @default 20 */
  size?: number
  /** Inside a control that already says it is busy (Button aria-busy): drawn but not announced. */
  decorative?: boolean
}

/** Indeterminate progress: role progressbar without a value. */
export function Spinner({ label, size = 20, decorative = false }: SpinnerProps) {
  const ui = useUiStrings()
  const style = { width: size, height: size }
  if (decorative) return <span className="portico-spinner" style={style} aria-hidden="true" />
  return <span className="portico-spinner" style={style} role="progressbar" aria-label={label ?? ui.loading} />
}
