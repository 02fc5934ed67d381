// @vitest-environment happy-dom
/**
 * Issue 17 item 4: theming at runtime. `themeMode` and `themeVariables` change while the modal is open; with no
 * `themeMode` from the host the modal follows `prefers-color-scheme` (a matchMedia stand-in, switched live); the
 * stylesheet turns the SPEC §9 animations off under `prefers-reduced-motion` (checked in Chromium by
 * tests/e2e/theme-motion.e2e.ts).
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KernelTokens, type Modal as ModalInstance } from '../../kernel/index.ts'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'
import { porticoCss } from './styles.ts'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
  vi.unstubAllGlobals()
})

/** A matchMedia whose `(prefers-color-scheme: dark)` answer the test flips, notifying listeners as a browser does. */
function fakeColorScheme(initialDark: boolean) {
  let dark = initialDark
  const listeners = new Set<() => void>()
  const matchMedia = (query: string) => ({
    get matches() {
      return query.includes('prefers-color-scheme: dark') ? dark : false
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  })
  vi.stubGlobal('matchMedia', matchMedia)
  return {
    set(value: boolean) {
      dark = value
      for (const l of listeners) l()
    },
  }
}

async function openModal(options: Parameters<typeof createStoryModal>[0] = {}) {
  modal = await createStoryModal({ ...options, embedded: true })
  render(
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>,
  )
  await screen.findByRole('dialog')
  return document.querySelector<HTMLElement>('.portico-root')!
}

describe('theming', () => {
  beforeEach(() => fakeColorScheme(false))

  it('themeMode and themeVariables change while the modal is shown', async () => {
    const root = await openModal({ themeMode: 'light' })
    expect(root.dataset['theme']).toBe('light')
    expect(root.style.getPropertyValue('--portico-bg')).toBe('#ffffff')
    const theme = modal!.get(KernelTokens.Theme)
    await act(async () => theme.setThemeMode('dark'))
    expect(root.dataset['theme']).toBe('dark')
    expect(root.style.getPropertyValue('--portico-bg')).toBe('#16181d')
    await act(async () => theme.setThemeVariables({ '--portico-accent': '#d6336c', '--portico-border-radius': '4px' }))
    expect(root.style.getPropertyValue('--portico-accent')).toBe('#d6336c')
    expect(root.style.getPropertyValue('--portico-border-radius')).toBe('4px')
    await act(async () => theme.setThemeVariables({ '--portico-modal-width': '420px', '--portico-z-index': '2000' }))
    expect(root.style.getPropertyValue('--portico-modal-width')).toBe('420px')
    expect(root.style.getPropertyValue('--portico-z-index')).toBe('2000')
    expect(root.style.getPropertyValue('--portico-accent')).toBe('#d6336c')
  })

  it('follows prefers-color-scheme when the host sets no themeMode, live, until the host picks one', async () => {
    const scheme = fakeColorScheme(true)
    const root = await openModal()
    expect(root.dataset['theme']).toBe('dark')
    await act(async () => scheme.set(false))
    expect(root.dataset['theme']).toBe('light')
    await act(async () => scheme.set(true))
    expect(root.dataset['theme']).toBe('dark')
    await act(async () => modal!.get(KernelTokens.Theme).setThemeMode('light'))
    expect(root.dataset['theme']).toBe('light')
    await act(async () => scheme.set(true))
    expect(root.dataset['theme']).toBe('light')
  })

  it('a host themeMode wins over the system scheme', async () => {
    fakeColorScheme(true)
    const root = await openModal({ themeMode: 'light' })
    expect(root.dataset['theme']).toBe('light')
  })

  it('the stylesheet switches every animation and transition off under prefers-reduced-motion', () => {
    const block = /@media \(prefers-reduced-motion:reduce\)\{([\s\S]*?)\n\}/.exec(porticoCss)?.[1] ?? ''
    expect(block).toMatch(/\.portico-root \*[^{]*\.portico-overlay,\.portico-dialog\{animation:none!important;transition:none!important\}/)
  })
})
