/**
 * The host side of the secure site's hidden iframe (SPEC §2 "A hidden secure iframe serves email and social login",
 * §4 Iframe, §7 frame messages, §8 Frame texts and embedded wallet alerts, §9 time-outs).
 *
 * - The iframe is `${secureSiteUrl}/frame?projectId=&origin=<host origin>`; it is ready after its FRAME_READY plus
 *   500 ms; when no FRAME_READY arrives within 20 s the load fails with "Unable to load email login dependency".
 * - Messages go out only as `postMessage(message, secureOrigin)`. A message is accepted only when `event.origin`
 *   equals the secure origin exactly, `event.source` is this iframe's window and `parseFrameToHost` passes; a reply
 *   whose id is not pending (forged, replayed, late) is ignored.
 * - Every request has a `crypto.randomUUID()` id (protocol.ts `createRequest`) and a 120 s time-out.
 */
import { ErrorText, PorticoError, ProviderRpcError } from 'portico/plugin'
import { alertForServerReply, EmbeddedWalletAlerts, FrameTimeoutCode, type EmbeddedWalletAlert } from './alerts.ts'
import {
  createRequest,
  isErrorReply,
  isFrameEvent,
  parseFrameToHost,
  replyKind,
  type FrameEvent,
  type FrameKind,
  type FrameKinds,
  type FrameReply,
} from './protocol.ts'

/** SPEC §9 iframe load time-out. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** SPEC §9 connect or social request time-out (used for every request). */
export const FRAME_REQUEST_TIMEOUT_MS = 120_000
/** SPEC §4/§9: ready = the ready event plus 500 ms. */
export const FRAME_READY_DELAY_MS = 500

/** Kinds rejected with "Modal closed" when the modal closes (SPEC §4 Email and wallet connection). */
const CONNECT_KINDS: ReadonlySet<FrameKind> = new Set<FrameKind>([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
  'GET_SOCIAL_REDIRECT_URI',
  'GET_FARCASTER_URI',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
])

/** The part of a window the client posts to (the iframe's contentWindow). */
export interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

/** What a received window message looks like to the client. */
export interface IncomingMessage {
  origin: string
  source: unknown
  data: unknown
}

/** The mounted iframe. */
export interface MountedFrame {
  /** The iframe's window: the only accepted `event.source`. */
  readonly contentWindow: FrameWindow | null
  /** Shows the iframe over this box (ApproveTransaction), or hides it again with `undefined`. */
  place(box: { left: number; top: number; width: number; height: number } | undefined): void
  remove(): void
}

export interface FrameClientOptions {
  /** The secure site's base URL, e.g. 'http://127.0.0.1:4600'. Its origin is the only one trusted. */
  secureSiteUrl: string
  projectId: string
  /** The host page's origin (`location.origin`), sent to the frame in its URL. */
  hostOrigin: string
  /** Creates the iframe for a URL. @default a hidden iframe appended to document.body */
  mount?: (src: string) => MountedFrame
  /** Subscribes to window messages. @default window.addEventListener('message') */
  listen?: (handler: (event: IncomingMessage) => void) => () => void
  /** An alert to show (SPEC §8 embedded wallet alerts), e.g. in the snackbar. */
  onAlert?: (alert: EmbeddedWalletAlert) => void
  /** Frame events that are not replies (FRAME_SHOW_APPROVAL, FRAME_HIDE_APPROVAL, FRAME_SESSION_EXPIRED). */
  onEvent?: (event: FrameEvent) => void
  /**
   * Asked while the iframe loads: an alert when the host may not embed the frame (its origin is not on the project's
   * allowlist: the secure site refuses to be framed, so no FRAME_READY would ever come). Fails the load at once.
   */
  checkOrigin?: () => Promise<EmbeddedWalletAlert | undefined>
}

export type FrameStatus = 'idle' | 'loading' | 'ready' | 'failed'

interface Pending {
  kind: FrameKind
  method?: string
  resolve(value: unknown): void
  reject(error: unknown): void
  timer: ReturnType<typeof setTimeout>
}

/** The frame's URL for a host. */
export function frameUrl(secureSiteUrl: string, projectId: string, hostOrigin: string): string {
  const url = new URL('/frame', secureSiteUrl)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('origin', hostOrigin)
  return url.href
}

/** An error the frame answered, with its code when it gave one. */
function replyError(message: string, code?: number): Error {
  return code === undefined ? new PorticoError(message || ErrorText.AN_ERROR_OCCURRED) : new ProviderRpcError(code, message || ErrorText.AN_ERROR_OCCURRED)
}

export class FrameClient {
  readonly secureOrigin: string
  private frame: MountedFrame | undefined
  private unlisten: (() => void) | undefined
  private status: FrameStatus = 'idle'
  private readyPromise: Promise<void> | undefined
  private readyWaiter: { resolve(): void; reject(e: unknown): void } | undefined
  private loadTimer: ReturnType<typeof setTimeout> | undefined
  private readyTimer: ReturnType<typeof setTimeout> | undefined
  private readonly pending = new Map<string, Pending>()
  private disposed = false

  constructor(private readonly options: FrameClientOptions) {
    this.secureOrigin = new URL(options.secureSiteUrl).origin
  }

  get frameStatus(): FrameStatus {
    return this.status
  }

  /** True when the iframe exists (created on init after an earlier login, else on first use). */
  get created(): boolean {
    return this.frame !== undefined
  }

  /** Ids of requests waiting for a reply (tests). */
  get pendingIds(): string[] {
    return [...this.pending.keys()]
  }

  /** Creates the iframe when needed and resolves when it is ready (FRAME_READY + 500 ms). */
  ready(): Promise<void> {
    if (this.disposed) return Promise.reject(new PorticoError(ErrorText.SOMETHING_WENT_WRONG))
    if (this.readyPromise && this.status !== 'failed') return this.readyPromise
    this.status = 'loading'
    this.readyPromise = new Promise<void>((resolve, reject) => {
      this.readyWaiter = { resolve, reject }
    })
    this.readyPromise.catch(() => undefined)
    this.create()
    this.loadTimer = setTimeout(() => this.loadFailed(), FRAME_LOAD_TIMEOUT_MS)
    const attempt = this.readyPromise
    this.options
      .checkOrigin?.()
      .then((alert) => {
        if (!alert || this.readyPromise !== attempt || this.status !== 'loading') return
        this.options.onAlert?.(alert)
        this.loadFailed(new PorticoError(alert.shortMessage))
      })
      .catch(() => undefined)
    return this.readyPromise
  }

  /**
   * Sends a request and resolves with the success payload. Rejects with the frame's error (its code when it gave
   * one), with the REQUEST_TIMED_OUT alert text after 120 s, or when aborted.
   */
  async request<K extends FrameKind>(kind: K, payload: FrameKinds[K]['request']): Promise<FrameKinds[K]['success']> {
    await this.ready()
    const target = this.frame?.contentWindow
    if (!target) throw new PorticoError(ErrorText.EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED)
    const message = createRequest(kind, payload)
    const method = kind === 'RPC_REQUEST' ? (payload as FrameKinds['RPC_REQUEST']['request']).method : undefined
    return new Promise<FrameKinds[K]['success']>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(message.id)) return
        this.options.onAlert?.(EmbeddedWalletAlerts.REQUEST_TIMED_OUT)
        reject(Object.assign(new PorticoError(EmbeddedWalletAlerts.REQUEST_TIMED_OUT.shortMessage), { reason: FrameTimeoutCode.IFRAME_REQUEST_TIMEOUT }))
      }, FRAME_REQUEST_TIMEOUT_MS)
      this.pending.set(message.id, { kind, method, resolve: resolve as (v: unknown) => void, reject, timer })
      target.postMessage(message, this.secureOrigin)
    })
  }

  /**
   * The modal closed: pending connect requests reject with "Modal closed" (SPEC §4), open wallet RPC requests with
   * "Request was aborted" (SPEC §8); read-only requests carry on. Answers how many RPC requests were aborted.
   */
  abortOnClose(isSafeMethod: (method: string) => boolean = () => false): number {
    let rpcAborted = 0
    for (const [id, p] of [...this.pending]) {
      if (CONNECT_KINDS.has(p.kind)) this.settleError(id, new PorticoError(ErrorText.MODAL_CLOSED))
      else if (p.kind === 'RPC_REQUEST' && !(p.method && isSafeMethod(p.method))) {
        this.settleError(id, new PorticoError(ErrorText.REQUEST_ABORTED))
        rpcAborted++
      }
    }
    return rpcAborted
  }

  /** Shows the iframe over a box of the page (ApproveTransaction), or hides it. */
  place(box: { left: number; top: number; width: number; height: number } | undefined): void {
    this.frame?.place(box)
  }

  /**
   * Drops the iframe (a fresh one is created on next use): every pending request rejects ("Something went wrong",
   * SPEC §8 other aborted). Used after an approval was abandoned, so the frame's queue starts clean.
   */
  reset(): void {
    for (const id of [...this.pending.keys()]) this.settleError(id, new PorticoError(ErrorText.SOMETHING_WENT_WRONG))
    clearTimeout(this.loadTimer)
    clearTimeout(this.readyTimer)
    this.readyWaiter?.reject(new PorticoError(ErrorText.SOMETHING_WENT_WRONG))
    this.readyWaiter = undefined
    this.readyPromise = undefined
    this.status = 'idle'
    this.unlisten?.()
    this.unlisten = undefined
    this.frame?.remove()
    this.frame = undefined
  }

  dispose(): void {
    if (this.disposed) return
    this.reset()
    this.disposed = true
  }

  private create(): void {
    if (this.frame) return
    const src = frameUrl(this.options.secureSiteUrl, this.options.projectId, this.options.hostOrigin)
    this.unlisten = (this.options.listen ?? listenOnWindow)((event) => this.onMessage(event))
    this.frame = (this.options.mount ?? mountHiddenIframe)(src)
  }

  private loadFailed(reason?: Error): void {
    if (this.status !== 'loading') return
    this.status = 'failed'
    clearTimeout(this.loadTimer)
    clearTimeout(this.readyTimer)
    const error = reason ?? Object.assign(new PorticoError(ErrorText.EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED), { reason: FrameTimeoutCode.IFRAME_LOAD_FAILED })
    this.readyWaiter?.reject(error)
    this.readyWaiter = undefined
    // The next use tries a fresh iframe.
    this.unlisten?.()
    this.unlisten = undefined
    this.frame?.remove()
    this.frame = undefined
  }

  /** The only way in: exact origin, this iframe's window as source, a well-formed message. */
  onMessage(event: IncomingMessage): void {
    if (this.disposed || event.origin !== this.secureOrigin) return
    const frameWindow = this.frame?.contentWindow
    if (!frameWindow || event.source !== frameWindow) return
    const message = parseFrameToHost(event.data)
    if (!message) return
    if (isFrameEvent(message)) this.onFrameEvent(message)
    else this.onReply(message)
  }

  private onFrameEvent(event: FrameEvent): void {
    if (event.type === 'FRAME_READY') {
      if (this.status !== 'loading') return
      clearTimeout(this.loadTimer)
      clearTimeout(this.readyTimer)
      this.readyTimer = setTimeout(() => {
        if (this.status !== 'loading') return
        this.status = 'ready'
        this.readyWaiter?.resolve()
        this.readyWaiter = undefined
      }, FRAME_READY_DELAY_MS)
      return
    }
    if (event.type === 'FRAME_SESSION_EXPIRED') this.options.onAlert?.(EmbeddedWalletAlerts.SESSION_EXPIRED)
    this.options.onEvent?.(event)
  }

  private onReply(reply: FrameReply): void {
    const p = this.pending.get(reply.id)
    // Not pending (forged, replayed or late) or answering another kind: ignored.
    if (!p || p.kind !== replyKind(reply)) return
    this.pending.delete(reply.id)
    clearTimeout(p.timer)
    if (isErrorReply(reply)) {
      const alert = alertForServerReply(reply.payload.message)
      if (alert) this.options.onAlert?.(alert)
      p.reject(replyError(alert ? alert.shortMessage : reply.payload.message, reply.payload.code))
    } else {
      p.resolve(reply.payload)
    }
  }

  private settleError(id: string, error: Error): void {
    const p = this.pending.get(id)
    if (!p) return
    this.pending.delete(id)
    clearTimeout(p.timer)
    p.reject(error)
  }
}

function listenOnWindow(handler: (event: IncomingMessage) => void): () => void {
  const listener = (event: MessageEvent) => handler({ origin: event.origin, source: event.source, data: event.data })
  window.addEventListener('message', listener)
  return () => window.removeEventListener('message', listener)
}

const HIDDEN_STYLE = 'position:fixed;left:0;top:0;width:0;height:0;border:0;opacity:0;pointer-events:none;'

/** A hidden iframe appended to the body; `place` shows it over a box (above the modal) without moving it in the DOM. */
export function mountHiddenIframe(src: string): MountedFrame {
  const iframe = document.createElement('iframe')
  iframe.src = src
  // Passkeys (issue 28): WebAuthn is delegated to the secure site's origin only, so its frame runs the ceremonies.
  const secure = new URL(src).origin
  iframe.allow = `publickey-credentials-get ${secure}; publickey-credentials-create ${secure}`
  iframe.title = 'Secure wallet'
  iframe.setAttribute('data-portico-secure-frame', '')
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
  iframe.style.cssText = HIDDEN_STYLE
  document.body.appendChild(iframe)
  return {
    get contentWindow() {
      return iframe.contentWindow
    },
    place(box) {
      if (!box) {
        iframe.style.cssText = HIDDEN_STYLE
        iframe.setAttribute('aria-hidden', 'true')
        iframe.tabIndex = -1
        return
      }
      iframe.style.cssText = `position:fixed;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px;border:0;opacity:1;z-index:2147483000;background:transparent;`
      iframe.removeAttribute('aria-hidden')
      iframe.tabIndex = 0
    },
    remove() {
      iframe.remove()
    },
  }
}
