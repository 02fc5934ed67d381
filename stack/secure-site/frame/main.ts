/**
 * Entry of the frame page (`/frame?origin=<host origin>&projectId=<id>`), embedded by the host as a hidden iframe.
 * It accepts messages only from `window.parent` at exactly `origin`, answers only to that origin, and keeps the
 * session token and device id in its own origin's localStorage.
 */
import { createApiClient } from './api.ts'
import { setTheme, showApproval } from './approval-ui.ts'
import { createFrameController, type KeyValueStorage } from './controller.ts'
import { exactOrigin } from './origin.ts'

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

function start() {
  const query = new URLSearchParams(location.search)
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
    approve: (request) => showApproval(document, request),
    setTheme: (mode) => setTheme(document, mode),
  })
  window.addEventListener('message', (event) => controller.onMessage(event))
  document.body.dataset.state = 'ready'
  controller.ready()
}

start()
