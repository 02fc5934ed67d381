import { JsonApi, type ApiClientDeps } from './http.ts'
import type { RegistryClient } from './registry.ts'

/** SPEC §7 analytics events. */
export const AnalyticsEvent = {
  SWITCH_NETWORK: 'SWITCH_NETWORK',
  SEND_INITIATED: 'SEND_INITIATED',
  SEND_SUCCESS: 'SEND_SUCCESS',
  CONNECT_SUCCESS: 'CONNECT_SUCCESS',
  SET_PREFERRED_ACCOUNT_TYPE: 'SET_PREFERRED_ACCOUNT_TYPE',
} as const
export type AnalyticsEventName = (typeof AnalyticsEvent)[keyof typeof AnalyticsEvent]

/** The props of one POST /e: a tracked event, or an error report (type, message, stack). */
export type AnalyticsProps =
  | { type: 'track'; event: AnalyticsEventName | (string & {}); properties?: Record<string, unknown> }
  | { type: 'error'; event: 'ERROR'; properties: { errorType: string; errorMessage: string; stackTrace?: string } }

/** SPEC §8: error reports are capped at 5 per 60 s. */
export const ERROR_REPORT_LIMIT = { count: 5, windowMs: 60_000 } as const

export interface AnalyticsClientDeps extends ApiClientDeps {
  /** The host's switch: options.features.analytics. Nothing is sent unless it is true. */
  enabled: () => boolean
  /** Asked once whether the project collects analytics (GET /getAnalyticsConfig). */
  registry: Pick<RegistryClient, 'getAnalyticsConfig'>
  now?: () => number
  /** The page the event comes from; absent outside a browser. */
  page?: () => { url: string; domain: string } | undefined
  uuid?: () => string
}

/**
 * SPEC §7 POST /e. Events are sent only when the host enabled analytics AND the project's analytics config says so;
 * error reports are capped at 5 per 60 s. Sending never throws: analytics must not break the modal.
 */
export class AnalyticsClient {
  private readonly api: JsonApi
  private remote: Promise<boolean> | undefined
  private readonly errorTimes: number[] = []

  constructor(private readonly deps: AnalyticsClientDeps) {
    this.api = new JsonApi(deps)
  }

  /** Host switch and remote config both on. The remote answer is asked once; a failure counts as off. */
  async isEnabled(): Promise<boolean> {
    if (!this.deps.enabled()) return false
    this.remote ??= this.deps.registry.getAnalyticsConfig().then(
      (r) => r.isAnalyticsEnabled,
      () => false,
    )
    return this.remote
  }

  /** Sends a tracked event; resolves true when the server accepted it. */
  track(event: AnalyticsEventName | (string & {}), properties?: Record<string, unknown>): Promise<boolean> {
    return this.send({ type: 'track', event, properties })
  }

  /** Sends an error report unless 5 were sent in the last 60 s. */
  async sendError(error: unknown, errorType: string): Promise<boolean> {
    if (!(await this.isEnabled())) return false
    const now = this.now()
    while (this.errorTimes.length && now - this.errorTimes[0]! >= ERROR_REPORT_LIMIT.windowMs) this.errorTimes.shift()
    if (this.errorTimes.length >= ERROR_REPORT_LIMIT.count) return false
    this.errorTimes.push(now)
    const e = error instanceof Error ? error : new Error(String(error))
    return this.post({ type: 'error', event: 'ERROR', properties: { errorType, errorMessage: e.message, stackTrace: e.stack } })
  }

  /** Sends props as one event. */
  async send(props: AnalyticsProps): Promise<boolean> {
    if (!(await this.isEnabled())) return false
    return this.post(props)
  }

  private async post(props: AnalyticsProps): Promise<boolean> {
    const page = this.deps.page?.() ?? defaultPage()
    const body = { eventId: (this.deps.uuid ?? randomUuid)(), url: page?.url ?? '', domain: page?.domain ?? '', timestamp: this.now(), props }
    try {
      const res = await this.api.postRaw('/e', body)
      await res.body?.cancel().catch(() => undefined)
      return res.ok
    } catch {
      return false
    }
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }
}

function defaultPage(): { url: string; domain: string } | undefined {
  if (typeof location === 'undefined') return undefined
  return { url: location.href, domain: location.hostname }
}

/** RFC 4122 v4 id; crypto.randomUUID where present (secure contexts), else built from getRandomValues. */
export function randomUuid(): string {
  const c = globalThis.crypto
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
