import { Store } from 'portico/plugin'

/** SPEC §9: a pairing URI is offered for 4 minutes. */
export const PAIRING_EXPIRY_MS = 4 * 60_000
/** SPEC §5/§9: a pairing counts as expired when under 10 s remain; a new URI is generated then. */
export const PAIRING_EXPIRED_BELOW_MS = 10_000
/** SPEC §9: Retry is allowed 1 s after an error. */
export const PAIRING_RETRY_GAP_MS = 1_000

/** Time source and timers, injectable so tests drive them (vi.useFakeTimers or a hand-made clock). */
export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** One offer of the dapp: a `wc:` URI and the wallet's answer to it. */
export interface PairingOffer<S> {
  uri: string
  approval(): Promise<S>
  /** The offer connects and signs in with one approval (one-click auth). */
  oneClick?: boolean
}

export type PairingState =
  | { status: 'idle' }
  | { status: 'generating' }
  | { status: 'ready'; uri: string; expiry: number; oneClick?: boolean }
  | { status: 'approved' }
  | { status: 'error'; error: unknown; at: number }

export interface PairingControllerOptions<S> {
  /**
   * Creates a fresh offer. `signal` aborts when the offer's cycle is cancelled or superseded. The call to sign-client
   * that makes the offer (`connect` or `authenticate`) goes through `exclusive`: it starts once the previous offer
   * call settled, and not at all (PairingCancelledError) when `signal` aborted meanwhile, because an offer made for a
   * dead cycle replaces state the live one depends on (sign-client keeps one auth key and response topic for
   * `authenticate`). What comes before it (a SIWX nonce fetch) may overlap an abandoned generation's: a new cycle
   * never waits for a dead one that has not reached sign-client.
   */
  generate(signal: AbortSignal, exclusive: Exclusive): Promise<PairingOffer<S>>
  clock?: Clock
}

/** Runs `make` (sign-client's offer call) after the previous one settled, unless the cycle was cancelled meanwhile. */
export type Exclusive = <T>(make: () => Promise<T>) => Promise<T>

/** Thrown by `pair()` / `retry()` inside the SPEC §9 1 s gap after an error. */
export class RetryTooSoonError extends Error {
  constructor(readonly waitMs: number) {
    super(`Retry is allowed in ${waitMs} ms`)
    this.name = 'RetryTooSoonError'
  }
}

/** Thrown to a pending `pair()` that was cancelled (the view left, or a new pairing started). */
export class PairingCancelledError extends Error {
  constructor() {
    super('Pairing cancelled')
    this.name = 'PairingCancelledError'
  }
}

/**
 * The SPEC §4/§9 pairing lifecycle of one connect attempt: generate a URI, keep it fresh (a new one when under 10 s
 * of its 4 minutes remain), resolve with the first approval, and gate Retry for 1 s after an error.
 */
export class PairingController<S> {
  /** `{ pairing }` wraps the state so a transition replaces it whole (Store merges fields). */
  readonly store = new Store<{ pairing: PairingState }>({ pairing: { status: 'idle' } })
  private readonly clock: Clock
  /** Bumped by every new cycle and by cancel: answers of an older cycle are ignored. */
  private cycle = 0
  private timer: unknown
  private rejectPending: ((error: unknown) => void) | undefined
  /** Aborted with the current cycle (cancel, a new cycle, the first approval). */
  private abort: AbortController | undefined
  /** The sign-client offer call in progress: the next one waits for it, so two offers are never made at once. */
  private offering: Promise<unknown> = Promise.resolve()

  constructor(private readonly options: PairingControllerOptions<S>) {
    this.clock = options.clock ?? systemClock
  }

  get state(): PairingState {
    return this.store.getSnapshot().pairing
  }

  /** SPEC §5: expired when under 10 s remain (also true when no URI is offered). */
  isExpired(): boolean {
    const s = this.state
    return s.status !== 'ready' || s.expiry - this.clock.now() < PAIRING_EXPIRED_BELOW_MS
  }

  /** Milliseconds until Retry is allowed: 0 when it is, or when there is no error. */
  retryAllowedIn(): number {
    const s = this.state
    if (s.status !== 'error') return 0
    return Math.max(0, s.at + PAIRING_RETRY_GAP_MS - this.clock.now())
  }

  canRetry(): boolean {
    return this.state.status === 'error' && this.retryAllowedIn() === 0
  }

  /**
   * Starts a cycle (cancelling one in progress) and resolves with the first approved session. Rejects with the
   * error of the generation or of the wallet's answer; the state then records it for the Retry gap.
   */
  pair(): Promise<S> {
    const wait = this.retryAllowedIn()
    if (wait > 0) return Promise.reject(new RetryTooSoonError(wait))
    this.cancel()
    const cycle = ++this.cycle
    const abort = (this.abort = new AbortController())
    this.store.set({ pairing: { status: 'generating' } })
    return new Promise<S>((resolve, reject) => {
      this.rejectPending = reject
      let offers = 0
      const live = () => cycle === this.cycle
      const finish = () => {
        this.clearTimer()
        this.cycle++
        this.rejectPending = undefined
        abort.abort()
      }
      const fail = (error: unknown) => {
        if (!live()) return
        finish()
        this.store.set({ pairing: { status: 'error', error, at: this.clock.now() } })
        reject(error)
      }
      const offer = async () => {
        if (!live()) return
        const seq = ++offers
        let next: PairingOffer<S>
        const exclusive: Exclusive = (make) => {
          const made = this.offering.then(() => {
            if (abort.signal.aborted) throw new PairingCancelledError()
            return make()
          })
          this.offering = made.catch(() => undefined)
          return made
        }
        try {
          if (abort.signal.aborted) throw new PairingCancelledError()
          next = await this.options.generate(abort.signal, exclusive)
        } catch (error) {
          fail(error)
          return
        }
        if (!live()) return
        // The URI stays on screen until its successor exists, so a scan in the refresh instant still works.
        this.store.set({ pairing: { status: 'ready', uri: next.uri, expiry: this.clock.now() + PAIRING_EXPIRY_MS, ...(next.oneClick && { oneClick: true }) } })
        this.timer = this.clock.setTimeout(() => void offer(), PAIRING_EXPIRY_MS - PAIRING_EXPIRED_BELOW_MS)
        next.approval().then(
          (session) => {
            if (!live()) return
            finish()
            this.store.set({ pairing: { status: 'approved' } })
            resolve(session)
          },
          (error: unknown) => {
            // A superseded offer expiring (sign-client rejects it) is not an error of this cycle.
            if (seq !== offers) return
            fail(error)
          },
        )
      }
      void offer()
    })
  }

  /** SPEC §9: Retry after an error, allowed once the 1 s gap has passed. */
  retry(): Promise<S> {
    if (this.state.status !== 'error') return this.pair()
    const wait = this.retryAllowedIn()
    if (wait > 0) return Promise.reject(new RetryTooSoonError(wait))
    this.store.set({ pairing: { status: 'idle' } })
    return this.pair()
  }

  /** Stops refreshing and drops the current offer; a pending `pair()` rejects with PairingCancelledError. */
  cancel(): void {
    this.cycle++
    this.clearTimer()
    this.abort?.abort()
    this.abort = undefined
    const reject = this.rejectPending
    this.rejectPending = undefined
    if (this.state.status === 'ready' || this.state.status === 'generating') this.store.set({ pairing: { status: 'idle' } })
    reject?.(new PairingCancelledError())
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer)
    this.timer = undefined
  }
}
