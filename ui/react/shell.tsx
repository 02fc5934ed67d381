import { memo, Suspense, useEffect, useId, useLayoutEffect, useReducer, useRef, useState, lazy, type ComponentType, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { KernelTokens, type DisplayText, type Modal as ModalInstance, type RouteEntry } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { Header } from '../components/Header.tsx'
import { Spinner } from '../components/Spinner.tsx'
import { LAZY_STYLE_ID, STYLE_ID, ensureSheet, porticoCss } from '../theme/styles.ts'
import { formatMessage, type PorticoStrings } from '../theme/i18n.ts'
import { StringsContext } from '../i18n/strings-context.tsx'
import { useDisplayTextNow, useErrorText, useLocale, useStrings } from '../i18n/react.ts'
import { loadMessages } from '../i18n/catalogue.ts'
import { coreMessages } from '../i18n/core.ts'
import { errorMessages } from '../i18n/errors.ts'
import { resolveLocale } from '../i18n/locales.ts'
import { themeStyle } from '../theme/tokens.ts'
import { useThemeMode } from '../theme/scheme.ts'
import { coreViewLoaders, titleOf } from '../views/registry.ts'
import { useStore } from './context.tsx'
import { ErrorBoundary, errorMessageOf } from './ErrorBoundary.tsx'
import { DialogShownContext, WhenShown } from './shown.tsx'
import { whenIdle } from './idle.ts'

/**
 * The modal's dialog shell (overlay, focus trap, header, animated body, snackbar, the view host) and its stylesheet.
 * `<Modal>` (Modal.tsx) loads this module lazily, at idle or on the first open, so none of it weighs on the host's
 * initial load.
 */

type LazyView = ComponentType<{ params: unknown }>

export interface ModalShellProps {
  modal: ModalInstance
  container?: Element
  embedded: boolean
  shake: boolean
  /** False while the dialog is closed: it stays mounted and laid out, invisible (Modal.tsx). */
  open: boolean
}

/** The open modal: the dialog in a portal (or in place when embedded), behind the shell's own error boundary. */
export function ModalShell({ modal, container, embedded, shake, open }: ModalShellProps) {
  // The shell's own boundary (each view has one inside): if the dialog itself breaks, it closes (reported on the
  // `error` event) and the host app stays mounted; the next open starts afresh.
  const dialog = (
    <ErrorBoundary
      fallback={() => null}
      onError={(error) => {
        modal.events.emit('error', { source: 'modal', error })
        modal.close()
      }}
    >
      {/* The dialog suspends only while its language's strings load the first time (preloadFirstView fetches them). */}
      <Suspense fallback={null}>
        <ModalDialog modal={modal} embedded={embedded} shake={shake} open={open} />
      </Suspense>
    </ErrorBoundary>
  )
  if (embedded) return dialog
  const target = container ?? (typeof document !== 'undefined' ? document.body : undefined)
  return target ? createPortal(dialog, target) : null
}

/**
 * Puts the stylesheet into a document or shadow root once (it stays there: opening again parses nothing). Called
 * when the shell is preloaded, so the first open does not pay for it either, and before the dialog is painted for
 * the root it is actually rendered in. It goes before the lazily loaded components' sheet (lazy-styles.ts) when one of them put that first.
 */
export function ensureStyles(root: Document | ShadowRoot | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (root) ensureSheet(root, STYLE_ID, porticoCss, LAZY_STYLE_ID)
}

/**
 * Loads the view the modal would open on (while the page is idle), so opening renders it in the same frame
 * (open-to-first-view is a benchmark of ours). Failures are left for the real open to report.
 */
export function preloadFirstView(modal: ModalInstance): Promise<void> {
  ensureStyles()
  const id = modal.get(KernelTokens.Account).isConnected() ? 'Account' : 'Connect'
  // The modal's language too (nothing to load for English), so the dialog need not suspend on open.
  const locale = resolveLocale(modal.get(KernelTokens.Options).options.locale)
  const messages = Promise.all([loadMessages(coreMessages, locale), loadMessages(errorMessages, locale)])
  const view = viewEntry(modal, id)?.preload().catch(() => undefined) ?? Promise.resolve()
  // The snackbar after the view (it is not needed to show the dialog; ModalSnackbar loads it if need be).
  void view.then(() => loadSnackbar()).catch(() => undefined)
  return Promise.all([view, messages]).then(() => undefined)
}

function ModalDialog({ modal, embedded, shake, open }: { modal: ModalInstance; embedded: boolean; shake: boolean; open: boolean }) {
  const titleId = useId()
  const strings = useStrings()
  const { locale, dir } = useLocale()
  // The error texts of this language load alongside the strings (a view's error must not wait for them).
  void loadMessages(errorMessages, locale)
  const dialogRef = useRef<HTMLDivElement>(null)
  const stack = useStore(modal.router)
  const theme = useStore(modal.get(KernelTokens.Theme).store)
  const mode = useThemeMode(theme)
  // The router always holds a view (Connect after a close); the fallback only guards a hidden pre-render.
  const top: RouteEntry = stack[stack.length - 1] ?? { view: 'Connect', params: undefined }
  const title = useDisplayTextNow(safeTitleOf(modal, top, strings))
  const close = () => modal.close()

  useFocusTrap(dialogRef, !embedded, open)
  // A view that replaced the one holding focus took the focused control with it: focus stays in the dialog (Tab is
  // trapped from there, Esc reaches the dialog's own handler).
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (embedded || !open || !dialog) return
    const active = document.activeElement
    if (!active || active === document.body) dialog.focus({ preventScroll: true })
  }, [embedded, open, top])
  // Esc closes while the dialog is open wherever focus is (on the page's body when a control holding it went away).
  useEffect(() => {
    if (embedded || !open) return
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !dialogRef.current?.contains(event.target as Node)) modal.close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [embedded, modal, open])
  // Once Connect shows, the view waiting for a wallet and the connected account's views (their own chunks), so neither
  // choosing a wallet nor the approval waits for code. At idle, after the first paint: a click's passive effects run
  // before the browser paints, and these chunks must not hold up the view the visitor is waiting for.
  const onConnect = open && top.view === 'Connect'
  useEffect(() => {
    if (!onConnect) return
    return whenIdle(
      () => {
        void import('../views/connecting-views.ts').catch(() => undefined)
        void import('../views/account-views.ts').catch(() => undefined)
      },
      { timeout: 1000, delay: 50 },
    )
  }, [onConnect])
  // Before the first paint: the stylesheet in the document or shadow root the dialog is rendered in.
  const rootRef = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const root = rootRef.current?.getRootNode()
    if (root && ('head' in root || 'host' in root)) ensureStyles(root as Document | ShadowRoot)
  }, [])

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
      lang={locale}
      dir={dir}
      tabIndex={-1}
      className="portico-dialog"
      data-shake={shake || undefined}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    >
      <Header
        title={title}
        titleId={titleId}
        onBack={stack.length > 1 ? () => modal.router.goBack() : undefined}
        onClose={close}
      />
      <AnimatedHeight>
        <div key={top.view} className="portico-view">
          <ErrorBoundary
            fallback={(error) => <ViewError error={error} onAction={() => modal.router.goBack()} />}
            onError={(error) => modal.events.emit('error', { source: `view:${top.view}`, error })}
          >
            <Suspense fallback={<Spinner label={strings.loading} />}>
              <MemoViewHost modal={modal} entry={top} strings={strings} />
            </Suspense>
          </ErrorBoundary>
        </div>
      </AnimatedHeight>
      <ModalSnackbar modal={modal} shown={open} />
    </div>
  )

  return (
    // Closed: laid out but invisible (not painted, focusable, hit or in the accessibility tree); `data-closed` holds
    // the opening animations back until it shows (styles.ts).
    <div
      ref={rootRef}
      className="portico-root"
      lang={locale}
      dir={dir}
      data-theme={mode}
      data-closed={open ? undefined : ''}
      style={{ ...themeStyle(mode, theme.themeVariables), ...(!open && { visibility: 'hidden' }) } as React.CSSProperties}
    >
      {/* Components (ui/components, no kernel) read the strings from this context. */}
      <StringsContext.Provider value={strings}>
        <DialogShownContext.Provider value={open}>
          {embedded ? card : <div className="portico-overlay" onClick={close}>{card}</div>}
        </DialogShownContext.Provider>
      </StringsContext.Provider>
    </div>
  )
}

/**
 * What a view that threw renders instead (its error boundary sits around every view, core and plugin): a readable
 * message and Back, which leaves the broken view (closing the modal when it was the only one).
 */
function ViewError({ error, onAction }: { error: unknown; onAction: () => void }) {
  const strings = useStrings()
  const errorText = useErrorText()
  const message = errorMessageOf(error)
  return (
    <div className="portico-state portico-state--error">
      <div role="alert" className="portico-state-alert">
        <p className="portico-state-title">{strings.somethingWentWrong}</p>
        <p className="portico-state-description">{message === undefined ? undefined : errorText(message)}</p>
      </div>
      <Button variant="secondary" onClick={onAction}>
        {strings.back}
      </Button>
    </div>
  )
}

/** The header title; a plugin's title function that throws falls back to the view id rather than breaking the shell. */
function safeTitleOf(modal: ModalInstance, entry: RouteEntry, strings: PorticoStrings): DisplayText {
  try {
    return titleOf(modal, entry, strings)
  } catch {
    return entry.view.replace(/([a-z])([A-Z])/g, '$1 $2')
  }
}

/**
 * Renders the registered (or core) view of an entry; a preloaded view renders at once, others suspend. Only the core
 * Connect view renders while the dialog is closed (it keeps its plugins' sections in `<WhenShown>`); any other view
 * is in `<WhenShown>` itself, so its effects run only while the dialog shows.
 */
function ViewHost({ modal, entry, strings }: { modal: ModalInstance; entry: RouteEntry; strings: PorticoStrings }) {
  const view = viewEntry(modal, entry.view)
  if (!view) return <p role="alert">{formatMessage(strings.noViewRegistered, { view: entry.view })}</p>
  const View = view.resolved ?? view.lazy
  if (view.prerendered) return <View params={entry.params} />
  return (
    <WhenShown>
      <View params={entry.params} />
    </WhenShown>
  )
}

/** The view does not re-render when only the dialog's chrome does (opening, closing). */
const MemoViewHost = memo(ViewHost)

interface CachedView {
  lazy: LazyView
  resolved?: LazyView
  /** The core Connect view, which may render while the dialog is closed. */
  prerendered: boolean
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
  const registered = modal.views.loader(id)
  const loader = (registered ?? coreViewLoaders[id]) as (() => Promise<{ default: LazyView }>) | undefined
  if (!loader) return undefined
  let loading: Promise<{ default: LazyView }> | undefined
  // Once the chunk is in, the view renders directly: React.lazy would suspend on its first render even then.
  const load = () => (loading ??= loader().then((m) => ((entry.resolved = m.default), m)))
  const entry: CachedView = {
    lazy: lazy(load),
    prerendered: !registered && id === 'Connect',
    preload: () => load().then(() => undefined),
  }
  cache.set(id, entry)
  return entry
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

type SnackbarComponent = typeof import('../components/Snackbar.tsx').Snackbar
let LoadedSnackbar: SnackbarComponent | undefined
let snackbarLoading: Promise<SnackbarComponent> | undefined

/**
 * The snackbar component is off the open path (bench/check.ts): it comes with the connecting views' chunk, which
 * Connect fetches once it shows, and is asked for after the first view is preloaded and by the first snackbar. A
 * failed load is tried again by the next snackbar.
 */
function loadSnackbar(): Promise<SnackbarComponent> {
  snackbarLoading ??= import('../views/connecting-views.ts').then(
    (m) => (LoadedSnackbar = m.Snackbar),
    (error: unknown) => {
      snackbarLoading = undefined
      throw error
    },
  )
  return snackbarLoading
}

/** The snackbar in the modal's language: a plugin's catalogue message, or a SPEC §8 text through the error catalogue. */
function ModalSnackbar({ modal, shown }: { modal: ModalInstance; shown: boolean }) {
  const snackbar = useStore(modal.get(KernelTokens.Snackbar).store)
  const errorText = useErrorText()
  const text = useDisplayTextNow(snackbar.text ?? snackbar.message)
  const [, loaded] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!shown || !snackbar.open || LoadedSnackbar) return
    let live = true
    loadSnackbar().then(
      () => live && loaded(),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [shown, snackbar.open])
  if (!shown || !snackbar.open || !LoadedSnackbar) return null
  return <LoadedSnackbar message={snackbar.text ? text : errorText(snackbar.message)} variant={snackbar.variant} />
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * Moves focus into the dialog on open, in the commit that shows it, and back to the opener on close. The dialog is
 * already laid out then (pre-rendered, Modal.tsx), so focusing costs no style or layout of its own (issue 31 item 2,
 * BENCHMARKS.md). The closed dialog stays mounted (invisible), so focus also goes back once the closing commit is done:
 * React restores the element that had focus before a commit when it is still in the document, as the dialog's
 * controls are.
 */
function useFocusTrap(ref: React.RefObject<HTMLDivElement | null>, restore: boolean, open: boolean) {
  const returnTo = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement as HTMLElement | null
    if (!dialog.contains(opener)) (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus({ preventScroll: true })
    return () => {
      if (!restore || !opener || typeof opener.focus !== 'function') return
      // Now (the dialog is being unmounted) and again after the commit (it is only being hidden).
      returnTo.current = opener
      if (opener.isConnected) opener.focus()
    }
  }, [ref, restore, open])
  useLayoutEffect(() => {
    const opener = returnTo.current
    returnTo.current = null
    if (!open && opener?.isConnected && opener !== document.activeElement) opener.focus()
  }, [open])
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
