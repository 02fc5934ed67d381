import { Store } from './store.ts'

/** SPEC §5: theme mode is light or dark. */
export type ThemeMode = 'light' | 'dark'

/** CSS variable overrides, e.g. { '--portico-accent': '#0a84ff' }. */
export type ThemeVariables = Partial<Record<`--portico-${string}`, string>>

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  /**
   * Whether the host chose the mode (the `themeMode` option or `setThemeMode`). When it did not, the UI follows the
   * visitor's `prefers-color-scheme` and `themeMode` is only the fallback where that is unknown (a server render).
   */
  themeModeSet: boolean
}

/** Theme mode and variable overrides. */
export class ThemeController {
  readonly store: Store<ThemeState>

  constructor(initial: Partial<ThemeState> = {}) {
    this.store = new Store<ThemeState>({
      themeMode: isThemeMode(initial.themeMode) ? initial.themeMode : 'light',
      themeVariables: initial.themeVariables ?? {},
      themeModeSet: isThemeMode(initial.themeMode),
    })
  }

  /** Sets the mode; anything but light or dark is ignored (SPEC §5). */
  setThemeMode(mode: unknown): void {
    if (isThemeMode(mode)) this.store.set({ themeMode: mode, themeModeSet: true })
  }

  setThemeVariables(vars: ThemeVariables): void {
    this.store.set((s) => ({ themeVariables: { ...s.themeVariables, ...vars } }))
  }
}

export function isThemeMode(v: unknown): v is ThemeMode {
  return v === 'light' || v === 'dark'
}
