/**
 * The code samples of docs/THEMING.md, here so `tsc` checks them (docs/ is outside the project's tsconfig).
 * ui/theme/tokens.test.ts asserts that every sample block of the doc appears in this file verbatim.
 */
import { createModal, KernelTokens, type Modal } from 'portico'
import { themeTokens, type ThemeTokenName } from 'portico/components'

export function example1(): Modal {
  // #region create
  const modal = createModal({
    themeMode: 'dark', // omit it to follow the visitor's prefers-color-scheme
    themeVariables: {
      '--portico-accent': '#d6336c',
      '--portico-accent-fg': '#ffffff',
      '--portico-font-family': '"Inter", system-ui, sans-serif',
      '--portico-border-radius': '8px',
      '--portico-modal-width': '400px',
      '--portico-z-index': '2147483000',
      '--portico-overlay': 'rgba(0, 0, 0, 0.7)',
    },
  })
  // #endregion create
  return modal
}

export function example2(modal: Modal): void {
  // #region runtime
  const theme = modal.get(KernelTokens.Theme)
  theme.setThemeMode('light') // from now on the host's choice wins over prefers-color-scheme
  theme.setThemeVariables({ '--portico-accent': '#0a7d50' }) // merged over the earlier overrides
  // #endregion runtime
}

export function example3(): Partial<Record<ThemeTokenName, string>> {
  // #region typed
  // `satisfies` catches a misspelt variable name at compile time.
  const brand = {
    '--portico-accent': '#6b3df5',
    '--portico-radius-dialog': '16px',
    '--portico-font-size-md': '14px',
  } satisfies Partial<Record<ThemeTokenName, string>>
  // #endregion typed
  return brand
}

export function example4(): string {
  // #region defaults
  const lightAccent = themeTokens.light['--portico-accent'] // '#2f5bea'
  // #endregion defaults
  return lightAccent
}
