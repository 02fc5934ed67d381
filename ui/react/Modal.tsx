import { useEffect, useState } from 'react'
import { KernelTokens, type Modal as ModalInstance } from '../../kernel/index.ts'
import { useModalInstance, useStore } from './context.tsx'
import { whenIdle } from './idle.ts'

type ShellModule = typeof import('./shell.tsx')

let shell: ShellModule | undefined
let loading: Promise<ShellModule> | undefined

/** Loads the dialog shell (shell.tsx) once per page; a failed load is tried again next time. */
function loadShell(): Promise<ShellModule> {
  loading ??= import('./shell.tsx').then(
    (m) => (shell = m),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * The modal: a labelled dialog rendering the router's top view. Focus moves in and is trapped, Esc closes, focus
 * returns to the opener. In embedded mode it renders in place, without an overlay.
 *
 * This component is small on purpose: the dialog shell, its stylesheet and the first view are loaded lazily while
 * the page is idle, so they weigh nothing on the host's initial load. Once they are in, the closed dialog is
 * pre-rendered: mounted, styled and laid out but invisible (`visibility: hidden`: not painted, not focusable, not in
 * the accessibility tree, no pointer events), so opening only flips two attributes on its root and paints
 * (open-to-first-view is a benchmark of ours, issues 9 and 31). What must not run while it is closed sits in
 * `<WhenShown>` (shown.tsx).
 * After each close the dialog is discarded and a fresh one pre-rendered when the page is idle, so every open starts
 * afresh; opened again before that, it is replaced at once. Opened before the shell has loaded, the dialog appears as
 * soon as it has.
 */
export function Modal({ container }: { container?: Element } = {}) {
  const modal = useModalInstance()
  const state = useStore(modal.get(KernelTokens.Modal).store)
  const embedded = Boolean(modal.get(KernelTokens.Options).options.embedded)
  const [ready, setReady] = useState(false)
  // The mounted dialog has been shown and closed: replaced by a fresh one at idle, or at once when opened before
  // (React's "state from the previous render" pattern).
  const [wasOpen, setWasOpen] = useState(state.open)
  const [used, setUsed] = useState(false)
  const [generation, setGeneration] = useState(0)
  if (wasOpen !== state.open) {
    setWasOpen(state.open)
    if (!state.open) setUsed(true)
    else if (used) {
      setUsed(false)
      setGeneration(generation + 1)
    }
  }
  usePreloadShell(modal, () => setReady(true))
  useEffect(() => {
    if (!used) return
    return whenIdle(() => {
      setUsed(false)
      setGeneration((g) => g + 1)
    })
  }, [used])
  useEffect(() => {
    if (!state.open || shell) return
    let live = true
    loadShell().then(
      () => live && setReady(true),
      (error: unknown) => {
        if (!live) return
        modal.events.emit('error', { source: 'modal', error })
        modal.close()
      },
    )
    return () => {
      live = false
    }
  }, [modal, state.open])
  if (!shell || !(state.open || ready)) return null
  const { ModalShell } = shell
  return <ModalShell key={generation} open={state.open} modal={modal} container={container} embedded={embedded} shake={state.shake} />
}

/** While the page is idle: the shell, its stylesheet and the first view. Failures are left for the real open. */
function usePreloadShell(modal: ModalInstance, onReady: () => void) {
  useEffect(() => {
    let live = true
    const run = () => {
      if (!live) return
      loadShell()
        .then((m) => (live ? m.preloadFirstView(modal) : undefined))
        .then(() => live && onReady(), () => undefined)
    }
    whenIdle(run)
    return () => {
      live = false
    }
    // onReady only sets state; the preload runs once per modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal])
}
