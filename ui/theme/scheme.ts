import { useSyncExternalStore } from 'react'
import type { ThemeMode } from './tokens.ts'

const DARK_QUERY = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined
  const query = matchMedia(DARK_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const systemMode = (): ThemeMode => (typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light')

/**
 * The mode the modal shows: the host's `themeMode` when it set one (option or `setThemeMode`), else the visitor's
 * `prefers-color-scheme`, followed live. A server render (no matchMedia) uses the fallback mode.
 */
export function useThemeMode(theme: { themeMode: ThemeMode; themeModeSet?: boolean }): ThemeMode {
  const system = useSyncExternalStore(subscribe, systemMode, () => theme.themeMode)
  return theme.themeModeSet === false ? system : theme.themeMode
}
