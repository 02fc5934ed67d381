/**
 * The approval panel the frame renders in its own document (the host makes the iframe visible inside its
 * ApproveTransaction view while it is shown). Accessible: a dialog named by its heading ("Sign message" or
 * "Approve transaction"), the request as labelled text, buttons "Approve" and "Reject"; Escape rejects.
 * Everything from the request is set as textContent, never as HTML.
 *
 * Clickjacking (issue 26 item 3): the host page controls the iframe's CSS (opacity, overlays, transforms), so a
 * click on Approve proves nothing by itself. Approve is enabled only once the panel has been *visible* for
 * `minVisibleMs` (1 s) without a break, as IntersectionObserver v2 (`trackVisibility`, `isVisible`: unoccluded, opacity
 * 1, no transform or filter) reports it, and it answers only a trusted click (`event.isTrusted`). Where visibility
 * cannot be proven (no IntersectionObserver v2, or the host hides, covers or fades the iframe), the panel offers
 * "Review in a secure window": a popup on the secure origin, a top-level window the host cannot style, where the
 * same panel asks again.
 */
import type { ApprovalRequest } from './controller.ts'
import type { ThemeMode } from 'portico/plugins/embedded-wallet'
import { createPanel } from './panel.ts'

export function setTheme(doc: Document, mode: ThemeMode): void {
  doc.documentElement.dataset.theme = mode
  doc.documentElement.style.colorScheme = mode
}

/** SPEC-free product constant of issue 26 item 3: how long the panel must have been visible before Approve works. */
export const MIN_VISIBLE_MS = 1000
export const POPUP_BUTTON_TEXT = 'Review in a secure window'

export interface ApprovalUiOptions {
  /** Default 1000 ms. */
  minVisibleMs?: number
  /** The IntersectionObserver constructor (default the window's); without v2 support visibility is never proven. */
  IntersectionObserver?: typeof IntersectionObserver
  /** Opens the same request in a popup on the secure origin; resolves the user's decision there. */
  openPopup?: (request: ApprovalRequest) => Promise<boolean>
}

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/** Shows the panel for one request; resolves true on Approve, false on Reject or Escape. */
export function showApproval(doc: Document, request: ApprovalRequest, opts: ApprovalUiOptions = {}): Promise<boolean> {
  const win = doc.defaultView
  const minVisibleMs = opts.minVisibleMs ?? MIN_VISIBLE_MS
  const list = doc.createElement('dl')
  for (const row of request.description.rows) {
    const dt = doc.createElement('dt')
    dt.textContent = row.label
    const dd = doc.createElement('dd')
    if (row.warning) dd.className = 'warning'
    if (row.code) {
      const pre = doc.createElement('pre')
      pre.textContent = row.value
      dd.append(pre)
    } else {
      dd.textContent = row.value
    }
    list.append(dt, dd)
  }
  const { dialog, actions, refuse: reject, accept: approve, mount } = createPanel(doc, {
    kind: 'approval',
    requestId: request.id,
    title: request.description.title,
    hostOrigin: request.hostOrigin,
    body: [list],
    refuse: 'Reject',
    accept: 'Approve',
  })
  dialog.dataset.visibility = 'unproven'
  approve.disabled = true

  const popupButton = doc.createElement('button')
  popupButton.type = 'button'
  popupButton.className = 'popup'
  popupButton.textContent = POPUP_BUTTON_TEXT
  popupButton.hidden = true
  if (opts.openPopup) dialog.append(popupButton)

  return new Promise<boolean>((resolve) => {
    let settled = false
    let armed = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let observer: IntersectionObserver | undefined
    const latest = new Map<Element, boolean>()

    const done = (approved: boolean) => {
      if (settled) return
      settled = true
      if (timer !== undefined) clearTimeout(timer)
      observer?.disconnect()
      dialog.remove()
      resolve(approved)
    }

    /** Visibility cannot be proven right now: Approve off, the popup offered. */
    const unproven = () => {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      armed = false
      approve.disabled = true
      popupButton.hidden = false
      dialog.dataset.visibility = 'hidden'
    }

    const IO = opts.IntersectionObserver ?? win?.IntersectionObserver
    const v2 = IO !== undefined && win !== null && 'IntersectionObserverEntry' in win && 'isVisible' in win.IntersectionObserverEntry.prototype
    if (IO && (v2 || opts.IntersectionObserver)) {
      observer = new IO(
        (entries) => {
          for (const e of entries as VisibilityEntry[]) latest.set(e.target, e.isVisible === true)
          const visible = latest.size === 2 && [...latest.values()].every(Boolean)
          if (!visible) return unproven()
          if (timer !== undefined || armed) return
          dialog.dataset.visibility = 'visible'
          popupButton.hidden = true
          timer = setTimeout(() => {
            timer = undefined
            armed = true
            approve.disabled = false
            dialog.dataset.visibility = 'armed'
          }, minVisibleMs)
        },
        // trackVisibility needs a delay of at least 100 ms; the options are unknown to older typings.
        { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
      )
    } else {
      unproven()
    }

    let refused = 0
    approve.addEventListener('click', (e) => {
      if (e.isTrusted && armed) return done(true)
      // Counted where the page can read it (diagnostics and tests): a click that reached the panel and did nothing.
      dialog.dataset.refusedClicks = String(++refused)
    })
    // A disabled button gets no click event: count the user's presses on it through the actions row.
    actions.addEventListener('pointerdown', (e) => {
      if (e.target === approve && approve.disabled) dialog.dataset.refusedClicks = String(++refused)
    })
    reject.addEventListener('click', () => done(false), { once: true })
    popupButton.addEventListener('click', (e) => {
      if (!e.isTrusted || !opts.openPopup) return
      popupButton.disabled = true
      opts.openPopup(request).then(done, () => done(false))
    })
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') done(false)
    })
    mount()
    observer?.observe(dialog)
    observer?.observe(actions)
  })
}
