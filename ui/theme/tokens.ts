/**
 * Design tokens as CSS custom properties (`--portico-*`). Components read only these variables, so a host
 * re-themes the modal by overriding a few of them (`themeVariables`) without touching the stylesheet.
 */

/** The two colour schemes of SPEC §2 ("Theme is light or dark"). */
export type ThemeMode = 'light' | 'dark'

/** SPEC §2: default modal width is 360px. */
export const DEFAULT_MODAL_WIDTH = 360
/** SPEC §2: default z-index is 999. */
export const DEFAULT_Z_INDEX = 999
/** SPEC §9 animation durations, in milliseconds. */
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150 } as const

/**
 * Tokens that do not change between light and dark: the design language of docs/DESIGN-LANGUAGE.md. Spacing is a
 * 4/8 grid; every size, radius, shadow and duration the stylesheet uses is one of these.
 */
const sharedTokens = {
  '--portico-font-family':
    'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  '--portico-font-family-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  '--portico-font-size-xs': '12px',
  '--portico-font-size-sm': '13px',
  '--portico-font-size-md': '15px',
  '--portico-font-size-lg': '18px',
  '--portico-font-size-xl': '24px',
  '--portico-line-height': '1.4',
  '--portico-font-weight-regular': '400',
  '--portico-font-weight-medium': '500',
  '--portico-font-weight-bold': '600',
  '--portico-border-radius': '12px',
  '--portico-radius-sm': '8px',
  '--portico-radius-lg': '16px',
  '--portico-radius-dialog': '24px',
  '--portico-radius-full': '999px',
  '--portico-space-1': '4px',
  '--portico-space-2': '8px',
  '--portico-space-3': '12px',
  '--portico-space-4': '16px',
  '--portico-space-5': '24px',
  '--portico-space-6': '32px',
  '--portico-control-height': '44px',
  '--portico-row-height': '56px',
  '--portico-icon-size-sm': '16px',
  '--portico-icon-size-md': '20px',
  '--portico-icon-size-lg': '32px',
  '--portico-logo-size-sm': '36px',
  '--portico-logo-size-lg': '80px',
  '--portico-modal-width': `${DEFAULT_MODAL_WIDTH}px`,
  '--portico-z-index': String(DEFAULT_Z_INDEX),
  '--portico-duration-fast': '120ms',
  '--portico-duration-header-text': `${ANIMATION_MS.headerText}ms`,
  '--portico-duration-modal-height': `${ANIMATION_MS.modalHeight}ms`,
  '--portico-duration-view': `${ANIMATION_MS.viewTransition}ms`,
  '--portico-easing': 'cubic-bezier(.2, 0, 0, 1)',
}

/** Colour tokens; both modes define the same keys. Contrast of fg/muted/accent-fg against their backgrounds is >= 4.5:1. */
const colorTokens: Record<ThemeMode, Record<ColorTokenName, string>> = {
  light: {
    '--portico-color-scheme': 'light',
    '--portico-bg': '#ffffff',
    '--portico-surface': '#f3f4f6',
    '--portico-surface-hover': '#e7e9ed',
    '--portico-fg': '#111318',
    '--portico-muted': '#5b6270',
    '--portico-border': '#dfe2e7',
    '--portico-accent': '#2f5bea',
    '--portico-accent-fg': '#ffffff',
    '--portico-error': '#c4261d',
    '--portico-error-fg': '#ffffff',
    '--portico-success': '#16794a',
    '--portico-overlay': 'rgba(10, 12, 16, 0.45)',
    '--portico-focus-ring': '#2f5bea',
    '--portico-shadow': '0 12px 40px rgba(10, 12, 16, 0.18)',
    '--portico-shadow-sm': '0 1px 3px rgba(10, 12, 16, 0.12)',
    '--portico-incoming': '#16794a',
    '--portico-outgoing': '#111318',
  },
  dark: {
    '--portico-color-scheme': 'dark',
    '--portico-bg': '#16181d',
    '--portico-surface': '#22252c',
    '--portico-surface-hover': '#2c3038',
    '--portico-fg': '#f2f3f5',
    '--portico-muted': '#a3a9b5',
    '--portico-border': '#30343c',
    '--portico-accent': '#6d8dff',
    '--portico-accent-fg': '#0b0d12',
    '--portico-error': '#ff6b61',
    '--portico-error-fg': '#0b0d12',
    '--portico-success': '#45c988',
    '--portico-overlay': 'rgba(0, 0, 0, 0.6)',
    '--portico-focus-ring': '#8ea8ff',
    '--portico-shadow': '0 12px 40px rgba(0, 0, 0, 0.5)',
    '--portico-shadow-sm': '0 1px 3px rgba(0, 0, 0, 0.4)',
    '--portico-incoming': '#45c988',
    '--portico-outgoing': '#f2f3f5',
  },
}

type ColorTokenName =
  | '--portico-color-scheme'
  | '--portico-bg'
  | '--portico-surface'
  | '--portico-surface-hover'
  | '--portico-fg'
  | '--portico-muted'
  | '--portico-border'
  | '--portico-accent'
  | '--portico-accent-fg'
  | '--portico-error'
  | '--portico-error-fg'
  | '--portico-success'
  | '--portico-overlay'
  | '--portico-focus-ring'
  | '--portico-shadow'
  | '--portico-shadow-sm'
  | '--portico-incoming'
  | '--portico-outgoing'

/** Every token name the stylesheet reads. */
export type ThemeTokenName = keyof typeof sharedTokens | ColorTokenName

/** The full token set of each mode. */
export const themeTokens: Record<ThemeMode, Readonly<Record<ThemeTokenName, string>>> = {
  light: { ...sharedTokens, ...colorTokens.light },
  dark: { ...sharedTokens, ...colorTokens.dark },
}

/**
 * Host overrides (the `themeVariables` option). Any token may be overridden; these are the documented ones.
 * @example { '--portico-accent': '#ff007a', '--portico-border-radius': '4px' }
 */
export type ThemeVariables = Partial<
  {
    '--portico-accent': string
    '--portico-accent-fg': string
    '--portico-font-family': string
    '--portico-border-radius': string
    '--portico-z-index': string
    '--portico-modal-width': string
  } & Record<ThemeTokenName, string>
>

/**
 * The custom properties for the modal's root element: the mode's tokens with the host overrides on top.
 * Undefined overrides are ignored, so a partial object never blanks a token.
 * @example <div className="portico-root" style={themeStyle('dark', { '--portico-accent': '#f0a' }) as CSSProperties} />
 */
export function themeStyle(mode: ThemeMode, overrides: ThemeVariables = {}): Record<string, string> {
  const style: Record<string, string> = { ...themeTokens[mode] }
  for (const [name, value] of Object.entries(overrides)) {
    if (typeof value === 'string' && value.trim() !== '') style[name] = value
  }
  return style
}
