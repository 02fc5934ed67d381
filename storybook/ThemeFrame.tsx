import { useId, type CSSProperties, type ReactNode } from 'react'
import { Header } from '../ui/components/Header.tsx'
import { PorticoStyles } from '../ui/components/PorticoStyles.tsx'
import type { ThemeMode, ThemeVariables } from '../ui/theme/tokens.ts'
import { themeStyle } from '../ui/theme/tokens.ts'

export interface ThemeFrameProps {
  /** Rendered once per mode. */
  children: (mode: ThemeMode) => ReactNode
  /** @default ['light', 'dark'] */
  modes?: readonly ThemeMode[]
  /** Host theme variables applied to every frame. */
  overrides?: ThemeVariables
  /** Width of each frame; the modal width by default so views look as in the dialog. */
  width?: number | string
  /**
   * A view's header title: the content is shown in the dialog's chrome (header with back and close, the body's
   * padding), as the modal shell shows a view. Without it the content sits in a plain padded frame (components).
   */
  view?: string
  /** Show the back button in the view's header. @default true */
  back?: boolean
  /** Text direction of the frame, e.g. 'rtl' to review a right-to-left layout. */
  dir?: 'ltr' | 'rtl'
}

/**
 * Shows a story's content side by side in light and dark.
 * @example export const Default = { render: () => <ThemeFrame>{(mode) => <ConnectView />}</ThemeFrame> }
 */
export function ThemeFrame({ children, modes = ['light', 'dark'], overrides, width = 'var(--portico-modal-width)', view, back = true, dir }: ThemeFrameProps) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      <PorticoStyles />
      {modes.map((mode) => (
        <section
          key={mode}
          aria-label={`${mode} theme`}
          className="portico-root"
          data-theme={mode}
          dir={dir}
          style={{ ...(themeStyle(mode, overrides) as CSSProperties), ...(view === undefined ? frameStyle : viewFrameStyle), width }}
        >
          <div style={view === undefined ? captionStyle : { ...captionStyle, padding: '8px 16px 0' }}>{dir === 'rtl' ? `${mode} · rtl` : mode}</div>
          {view === undefined ? children(mode) : <ViewChrome title={view} back={back}>{children(mode)}</ViewChrome>}
        </section>
      ))}
    </div>
  )
}

/** The dialog's header and body around a view, as ui/react/shell.tsx lays it out (without the overlay). */
function ViewChrome({ title, back, children }: { title: string; back: boolean; children: ReactNode }) {
  const titleId = useId()
  const noop = () => undefined
  return (
    <div role="group" aria-labelledby={titleId}>
      <Header title={title} titleId={titleId} onBack={back ? noop : undefined} onClose={noop} />
      <div className="portico-dialog-content">{children}</div>
    </div>
  )
}

/** A story decorator form of ThemeFrame for stories that take args. */
export function bothThemes(Story: () => ReactNode) {
  return <ThemeFrame>{() => <Story />}</ThemeFrame>
}

const frameStyle: CSSProperties = {
  background: 'var(--portico-bg)',
  color: 'var(--portico-fg)',
  border: '1px solid var(--portico-border)',
  borderRadius: 16,
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
}

const viewFrameStyle: CSSProperties = {
  background: 'var(--portico-bg)',
  color: 'var(--portico-fg)',
  border: '1px solid var(--portico-border)',
  borderRadius: 'var(--portico-radius-dialog)',
  boxShadow: 'var(--portico-shadow)',
  overflow: 'hidden',
}

const captionStyle: CSSProperties = {
  fontSize: 'var(--portico-font-size-xs)',
  color: 'var(--portico-muted)',
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
}
