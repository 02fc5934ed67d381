/** SPEC §8 statuses that are retried. */
export const RETRY_STATUS_CODES = [403, 408, 413, 429, 500, 502, 503, 504] as const

/** SPEC §8 retry policy defaults: 3 attempts, 150 ms doubling, capped at 30 s. */
export const RetryDefaults = {
  ATTEMPTS: 3,
  BASE_DELAY_MS: 150,
  MAX_DELAY_MS: 30_000,
} as const

/** Options of {@link fetchWithRetry}. */
export interface RetryOptions {
  /** Total attempts, the first included. @default 3 */
  attempts?: number
  /** Delay before the first retry; doubles each retry. @default 150 */
  baseDelayMs?: number
  /** Cap on any delay, Retry-After included. @default 30000 */
  maxDelayMs?: number
  /** Statuses that are retried. @default RETRY_STATUS_CODES */
  retryOn?: readonly number[]
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch
  /** Waits ms; tests inject a fake. */
  sleep?: (ms: number) => Promise<void>
  /** Clock for Retry-After HTTP dates. @default Date.now */
  now?: () => number
  /** Aborts the request and any pending wait. */
  signal?: AbortSignal
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Delay asked by a Retry-After header (seconds or HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined
  const text = header.trim()
  if (text === '') return undefined
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  // An HTTP date names its month; without letters Date.parse would read '-5' as the year -5.
  if (!/[a-z]/i.test(text)) return undefined
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

function combineSignals(a: AbortSignal | null | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a) return b
  if (!b || a === b) return a
  return AbortSignal.any([a, b])
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}

/** Sleeps, but rejects as soon as the signal aborts. */
function abortableSleep(sleep: (ms: number) => Promise<void>, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return sleep(ms)
  if (signal.aborted) return Promise.reject(abortReason(signal))
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    sleep(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

async function discardBody(response: Response): Promise<void> {
  // An unread body keeps the connection busy; a failure to cancel changes nothing for the caller.
  try {
    await response.body?.cancel()
  } catch {
    /* ignored */
  }
}

/**
 * fetch with the SPEC §8 retry policy: retryable statuses and network errors (TypeError) are retried with a
 * doubling delay, Retry-After wins when present; the last response is returned once attempts run out.
 * @example const res = await fetchWithRetry(withSdkParams(url, sdk), { method: 'GET' })
 */
export async function fetchWithRetry(input: string | URL, init: RequestInit = {}, opts: RetryOptions = {}): Promise<Response> {
  const attempts = Math.max(1, Math.floor(opts.attempts ?? RetryDefaults.ATTEMPTS))
  const baseDelay = opts.baseDelayMs ?? RetryDefaults.BASE_DELAY_MS
  const maxDelay = opts.maxDelayMs ?? RetryDefaults.MAX_DELAY_MS
  const retryOn = opts.retryOn ?? RETRY_STATUS_CODES
  const doFetch = opts.fetch ?? globalThis.fetch
  const sleep = opts.sleep ?? defaultSleep
  const now = opts.now ?? Date.now
  const signal = combineSignals(init.signal, opts.signal)
  const requestInit: RequestInit = signal ? { ...init, signal } : init

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortReason(signal)
    const isLast = attempt >= attempts
    let response: Response
    try {
      response = await doFetch(input, requestInit)
    } catch (error) {
      // fetch reports network failures as TypeError; anything else (an abort included) is final.
      if (signal?.aborted) throw abortReason(signal)
      if (!(error instanceof TypeError) || isLast) throw error
      await abortableSleep(sleep, backoff(attempt, baseDelay, maxDelay), signal)
      continue
    }
    if (isLast || !retryOn.includes(response.status)) return response
    const asked = parseRetryAfter(response.headers.get('retry-after'), now())
    const delay = asked === undefined ? backoff(attempt, baseDelay, maxDelay) : Math.min(asked, maxDelay)
    await discardBody(response)
    await abortableSleep(sleep, delay, signal)
  }
}

/** Delay before retry number `attempt` (1-based): base * 2^(attempt-1), capped. */
function backoff(attempt: number, baseDelay: number, maxDelay: number): number {
  return Math.min(baseDelay * 2 ** (attempt - 1), maxDelay)
}
