import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { KernelTokens, type Modal as ModalInstance, type RouteEntry } from '../../kernel/index.ts'
import { Header } from '../components/Header.tsx'
import { Snackbar } from '../components/Snackbar.tsx'
import { Spinner } from '../components/Spinner.tsx'
import { porticoCss } from '../theme/styles.ts'
import { themeStyle } from '../theme/tokens.ts'
import { coreViewLoaders, titleOf } from '../views/registry.ts'
import { useModalInstance, useStore } from './context.tsx'

type LazyView = ComponentType<{ params: unknown }>

/**
 * The modal: a labelled dialog rendering the router's top view, loaded lazily. Focus moves in and is trapped, Esc
 * closes, focus returns to the opener. In embedded mode it renders in place, without an overlay.
 */
export function Modal({ container }: { container?: Element } = {}) {
  const modal = useModalInstance()
  const state = useStore(modal.get(KernelTokens.Modal).store)
  const embedded = Boolean(modal.get(KernelTokens.Options).options.embedded)
  usePreloadFirstView(modal)
  if (!state.open) return null
  const dialog = <ModalDialog modal={modal} embedded={embedded} shake={state.shake} />
  if (embedded) return dialog
  const target = container ?? (typeof document !== 'undefined' ? document.body : undefined)
  return target ? createPortal(dialog, target) : null
}

function ModalDialog({ modal, embedded, shake }: { modal: ModalInstance; embedded: boolean; shake: boolean }) {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const stack = useStore(modal.router)
  const theme = useStore(modal.get(KernelTokens.Theme).store)
  const top = stack[stack.length - 1] as RouteEntry
  const close = () => modal.close()

  useFocusTrap(dialogRef, !embedded)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    } else if (event.key === 'Tab') {
      trapTab(event, dialogRef.current)
    }
  }

  const card = (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal={embedded ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="portico-dialog"
      data-shake={shake || undefined}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    >
      <Header
        title={titleOf(modal, top)}
        titleId={titleId}
        onBack={stack.length > 1 ? () => modal.router.goBack() : undefined}
        onClose={close}
      />
      <AnimatedHeight>
        <div key={top.view} className="portico-view">
          <Suspense fallback={<Spinner label="Loading" />}>
            <ViewHost modal={modal} entry={top} />
          </Suspense>
        </div>
      </AnimatedHeight>
      <ModalSnackbar modal={modal} />
    </div>
  )

  return (
    <div className="portico-root" data-theme={theme.themeMode} style={themeStyle(theme.themeMode, theme.themeVariables) as React.CSSProperties}>
      <style>{porticoCss}</style>
      {embedded ? card : <div className="portico-overlay" onClick={close}>{card}</div>}
    </div>
  )
}

/** Renders the registered (or core) view of an entry; a preloaded view renders at once, others suspend. */
function ViewHost({ modal, entry }: { modal: ModalInstance; entry: RouteEntry }) {
  const view = viewEntry(modal, entry.view)
  if (!view) return <p role="alert">{`No view is registered for "${entry.view}"`}</p>
  const View = view.resolved ?? view.lazy
  return <View params={entry.params} />
}

interface CachedView {
  lazy: LazyView
  resolved?: LazyView
  preload(): Promise<void>
}

const caches = new WeakMap<ModalInstance, Map<string, CachedView>>()

function viewEntry(modal: ModalInstance, id: string): CachedView | undefined {
  let cache = caches.get(modal)
  if (!cache) {
    cache = new Map()
    caches.set(modal, cache)
  }
  const hit = cache.get(id)
  if (hit) return hit
  const loader = (modal.views.loader(id) ?? coreViewLoaders[id]) as (() => Promise<{ default: LazyView }>) | undefined
  if (!loader) return undefined
  let loading: Promise<{ default: LazyView }> | undefined
  const load = () => (loading ??= loader())
  const entry: CachedView = {
    lazy: lazy(load),
    preload: () => load().then((m) => void (entry.resolved = m.default)),
  }
  cache.set(id, entry)
  return entry
}

/**
 * Loads the view the modal would open on while the page is idle, so opening renders it in the same frame
 * (open-to-first-view is a benchmark of ours). Failures are left for the real open to report.
 */
function usePreloadFirstView(modal: ModalInstance) {
  useEffect(() => {
    const id = modal.get(KernelTokens.Account).isConnected() ? 'Account' : 'Connect'
    const run = () => void viewEntry(modal, id)?.preload().catch(() => undefined)
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback
    if (idle) idle(run)
    else setTimeout(run, 1)
  }, [modal])
}

/** SPEC §9: the modal height animates over 150 ms when the view's content changes size. */
function AnimatedHeight({ children }: { children: ReactNode }) {
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number | undefined>(undefined)
  useLayoutEffect(() => {
    const el = inner.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setHeight(el.offsetHeight))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="portico-dialog-body" style={height === undefined ? undefined : { height }}>
      <div ref={inner} className="portico-dialog-content">
        {children}
      </div>
    </div>
  )
}

function ModalSnackbar({ modal }: { modal: ModalInstance }) {
  const snackbar = useStore(modal.get(KernelTokens.Snackbar).store)
  if (!snackbar.open) return null
  return <Snackbar message={snackbar.message} variant={snackbar.variant} />
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** Moves focus into the dialog on open and back to the opener on close. */
function useFocusTrap(ref: React.RefObject<HTMLDivElement | null>, restore: boolean) {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const dialog = ref.current
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? dialog)?.focus()
    return () => {
      if (restore && opener && typeof opener.focus === 'function' && opener.isConnected) opener.focus()
    }
  }, [ref, restore])
}

function trapTab(event: KeyboardEvent<HTMLDivElement>, dialog: HTMLElement | null) {
  if (!dialog) return
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert'))
  if (!items.length) {
    event.preventDefault()
    return
  }
  const first = items[0]!
  const last = items[items.length - 1]!
  const active = document.activeElement
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}
