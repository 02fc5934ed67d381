import { Activity, useEffect, useState } from 'react'
import { KernelTokens, type Modal as ModalInstance } from '../../kernel/index.ts'
import { useModalInstance, useStore } from './context.tsx'

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
 * pre-rendered hidden (React's `<Activity mode="hidden">`: no effects run, nothing is shown or focusable), so
 * opening only reveals it (open-to-first-view is a benchmark of ours, issue 9). Each close discards the dialog and
 * pre-renders a fresh one, so every open starts afresh as before. Opened before the shell has loaded, the dialog
 * appears as soon as it has.
 */
export function Modal({ container }: { container?: Element } = {}) {
  const modal = useModalInstance()
  const state = useStore(modal.get(KernelTokens.Modal).store)
  const embedded = Boolean(modal.get(KernelTokens.Options).options.embedded)
  const [ready, setReady] = useState(false)
  // A new dialog after each close (React's "state from the previous render" pattern).
  const [wasOpen, setWasOpen] = useState(state.open)
  const [generation, setGeneration] = useState(0)
  if (wasOpen !== state.open) {
    setWasOpen(state.open)
    if (!state.open) setGeneration(generation + 1)
  }
  usePreloadShell(modal, () => setReady(true))
  useEffect(() => {
    if (!ready) return
    // Once the closed dialog has been pre-rendered (idle priority), warm its layout (shell.tsx, warmLayout).
    let tries = 3
    let live = true
    const warm = () => live && !shell?.warmLayout() && --tries > 0 && whenIdle(warm)
    whenIdle(warm)
    return () => {
      live = false
    }
  }, [ready])
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
  return (
    <Activity key={generation} mode={state.open ? 'visible' : 'hidden'}>
      <ModalShell modal={modal} container={container} embedded={embedded} shake={state.shake} />
    </Activity>
  )
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

/** Runs `run` when the page is idle (requestIdleCallback, or a timer where there is none). */
function whenIdle(run: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback
  if (idle) idle(run)
  else setTimeout(run, 1)
}
