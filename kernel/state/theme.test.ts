import { describe, expect, it } from 'vitest'
import { isThemeMode, ThemeController } from './theme.ts'

describe('ThemeController', () => {
  it('SPEC §5 theme mode is light or dark (light by default)', () => {
    expect(new ThemeController().store.getSnapshot().themeMode).toBe('light')
    expect(new ThemeController({ themeMode: 'dark' }).store.getSnapshot().themeMode).toBe('dark')
    expect(isThemeMode('light')).toBe(true)
    expect(isThemeMode('dark')).toBe(true)
  })

  it('SPEC §5 a theme mode other than light or dark is refused', () => {
    for (const bad of ['system', 'auto', 'Dark', '', null, undefined, 1, {}]) expect(isThemeMode(bad)).toBe(false)
    expect(new ThemeController({ themeMode: 'system' as never }).store.getSnapshot().themeMode).toBe('light')
    const theme = new ThemeController({ themeMode: 'dark' })
    theme.setThemeMode('system')
    theme.setThemeMode('LIGHT')
    theme.setThemeMode(undefined)
    expect(theme.store.getSnapshot().themeMode).toBe('dark')
    theme.setThemeMode('light')
    expect(theme.store.getSnapshot().themeMode).toBe('light')
  })

  it('theme variables merge over earlier ones', () => {
    const theme = new ThemeController({ themeVariables: { '--portico-accent': '#000' } })
    theme.setThemeVariables({ '--portico-radius': '8px' })
    theme.setThemeVariables({ '--portico-accent': '#0a84ff' })
    expect(theme.store.getSnapshot().themeVariables).toEqual({ '--portico-accent': '#0a84ff', '--portico-radius': '8px' })
  })
})

describe('ThemeController.themeModeSet (issue 17: prefers-color-scheme when the host sets no mode)', () => {
  it('is false without a mode and true once the host sets one', () => {
    expect(new ThemeController().store.getSnapshot().themeModeSet).toBe(false)
    expect(new ThemeController({ themeMode: 'light' }).store.getSnapshot().themeModeSet).toBe(true)
    const theme = new ThemeController()
    theme.setThemeMode('nope')
    expect(theme.store.getSnapshot().themeModeSet).toBe(false)
    theme.setThemeMode('light')
    expect(theme.store.getSnapshot().themeModeSet).toBe(true)
  })
})
