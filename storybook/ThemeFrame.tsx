import type { CSSProperties, ReactNode } from 'react'
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
}

/**
 * Shows a story's content side by side in light and dark.
 * @example export const Default = { render: () => <ThemeFrame>{(mode) => <ConnectView />}</ThemeFrame> }
 */
export function ThemeFrame({ children, modes = ['light', 'dark'], overrides, width = 'var(--portico-modal-width)' }: ThemeFrameProps) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      <PorticoStyles />
      {modes.map((mode) => (
        <section
          key={mode}
          aria-label={`${mode} theme`}
          className="portico-root"
          data-theme={mode}
          style={{ ...(themeStyle(mode, overrides) as CSSProperties), ...frameStyle, width }}
        >
          <div style={captionStyle}>{mode}</div>
          {children(mode)}
        </section>
      ))}
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

const captionStyle: CSSProperties = {
  fontSize: 'var(--portico-font-size-xs)',
  color: 'var(--portico-muted)',
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
}
