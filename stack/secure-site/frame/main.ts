/**
 * Entry of the frame page (`/frame?origin=<host origin>&projectId=<id>`), embedded by the host as a hidden iframe.
 * It accepts messages only from `window.parent` at exactly `origin`, answers only to that origin, and keeps the
 * session token and device id in its own origin's localStorage.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { createApiClient } from './api.ts'
import { setTheme, showApproval } from './approval-ui.ts'
import { createFrameController, type ApprovalRequest, type KeyValueStorage } from './controller.ts'
import { exactOrigin } from './origin.ts'
import { showPasskeyPanel } from './passkey-ui.ts'

function safeStorage(): KeyValueStorage {
  const memory = new Map<string, string>()
  let local: Storage | undefined
  try {
    local = window.localStorage
    local.getItem('portico-secure:probe')
  } catch {
    local = undefined // storage blocked: keep the session in memory for this page's life
  }
  return {
    getItem: (k) => (local ? local.getItem(k) : (memory.get(k) ?? null)),
    setItem: (k, v) => (local ? local.setItem(k, v) : void memory.set(k, v)),
    removeItem: (k) => (local ? local.removeItem(k) : void memory.delete(k)),
  }
}

/** Messages between the frame and its approval popup (both on the secure origin; issue 26 item 3). */
type PopupMessage =
  | { type: 'APPROVAL_POPUP_READY' }
  | { type: 'APPROVAL_POPUP_REQUEST'; request: ApprovalRequest }
  | { type: 'APPROVAL_POPUP_RESULT'; id: string; approved: boolean }

/**
 * Opens the request in a popup on this origin (called from a trusted click, so the popup is allowed) and resolves the
 * decision made there. The popup is a top-level window the host cannot style; messages are checked by exact origin
 * and source. Closing the popup rejects.
 */
function openApprovalPopup(request: ApprovalRequest): Promise<boolean> {
  const url = new URL(location.href)
  url.searchParams.set('mode', 'approval-popup')
  const popup = window.open(url.href, `portico-approval-${request.id}`, 'popup,width=420,height=640')
  if (!popup) return Promise.resolve(false)
  return new Promise<boolean>((resolve) => {
    const finish = (approved: boolean) => {
      window.removeEventListener('message', onMessage)
      clearInterval(closedCheck)
      resolve(approved)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== popup) return
      const data = event.data as PopupMessage
      if (data?.type === 'APPROVAL_POPUP_READY') popup.postMessage({ type: 'APPROVAL_POPUP_REQUEST', request } satisfies PopupMessage, location.origin)
      if (data?.type === 'APPROVAL_POPUP_RESULT' && data.id === request.id) {
        finish(data.approved === true)
        popup.close()
      }
    }
    window.addEventListener('message', onMessage)
    // A popup closed without an answer is a rejection (no event reports it).
    const closedCheck = setInterval(() => {
      if (popup.closed) finish(false)
    }, 250)
  })
}

/** The approval popup: asks its opener (the frame, same origin) for the request and answers the decision. */
function startPopup() {
  const opener = window.opener as Window | null
  if (!opener) {
    document.body.dataset.state = 'unconfigured'
    return
  }
  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.source !== opener) return
    const data = event.data as PopupMessage
    if (data?.type !== 'APPROVAL_POPUP_REQUEST') return
    void showApproval(document, data.request).then((approved) => {
      // The frame closes the popup once it has the answer (closing here could race the message: a closed popup
      // without an answer counts as a rejection).
      opener.postMessage({ type: 'APPROVAL_POPUP_RESULT', id: data.request.id, approved } satisfies PopupMessage, location.origin)
    })
  })
  document.body.dataset.state = 'popup'
  opener.postMessage({ type: 'APPROVAL_POPUP_READY' } satisfies PopupMessage, location.origin)
}

function start() {
  const query = new URLSearchParams(location.search)
  if (query.get('mode') === 'approval-popup') return startPopup()
  const hostOrigin = exactOrigin(query.get('origin'))
  const projectId = query.get('projectId') ?? ''
  if (!hostOrigin || !projectId || window.parent === window) {
    document.body.dataset.state = 'unconfigured'
    return
  }
  const parent = window.parent
  const storage = safeStorage()
  const api = createApiClient({
    baseUrl: location.origin,
    projectId,
    hostOrigin,
    token: () => storage.getItem('portico-secure:token') ?? undefined,
  })
  const controller = createFrameController({
    hostOrigin,
    projectId,
    secureOrigin: location.origin,
    api,
    storage,
    parent,
    post: (message) => parent.postMessage(message, hostOrigin),
    approve: (request) => showApproval(document, request, { openPopup: openApprovalPopup }),
    setTheme: (mode) => setTheme(document, mode),
    // Passkeys (issue 28): the ceremonies run here, on the secure site's origin (the host's iframe delegates
    // publickey-credentials-get/create to it). Creating needs a click in this frame: the panel's button.
    ...(browserSupportsWebAuthn()
      ? {
          passkeys: {
            authenticate: (options: Record<string, unknown>) => startAuthentication({ optionsJSON: options as never }),
            register: (request: { id: string; hostOrigin: string }, options: Record<string, unknown>) =>
              showPasskeyPanel(document, request, () => startRegistration({ optionsJSON: options as never })),
          },
        }
      : {}),
  })
  window.addEventListener('message', (event) => controller.onMessage(event))
  document.body.dataset.state = 'ready'
  controller.ready()
}

start()
