import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PAIRING_EXPIRED_BELOW_MS,
  PAIRING_EXPIRY_MS,
  PAIRING_RETRY_GAP_MS,
  PairingCancelledError,
  PairingController,
  RetryTooSoonError,
  type Exclusive,
  type PairingOffer,
} from './pairing.ts'

/** Offers whose approvals the test settles by hand. */
function offers() {
  const made: Array<{ uri: string; approve(s: string): void; reject(e: unknown): void }> = []
  const generate = vi.fn(async (): Promise<PairingOffer<string>> => {
    let approve!: (s: string) => void
    let reject!: (e: unknown) => void
    const answer = new Promise<string>((res, rej) => {
      approve = res
      reject = rej
    })
    answer.catch(() => undefined)
    const uri = `wc:${made.length}@2`
    made.push({ uri, approve, reject })
    return { uri, approval: () => answer }
  })
  return { made, generate }
}

const uriOf = (p: PairingController<string>) => (p.state.status === 'ready' ? p.state.uri : undefined)

describe('PairingController (SPEC §9 pairing constants)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('SPEC §9 constants: 4 minutes, expired under 10 s, Retry after 1 s', () => {
    expect(PAIRING_EXPIRY_MS).toBe(240_000)
    expect(PAIRING_EXPIRED_BELOW_MS).toBe(10_000)
    expect(PAIRING_RETRY_GAP_MS).toBe(1_000)
  })

  it('SPEC §9 offers a URI that expires after 4 minutes; SPEC §5 it counts as expired when under 10 s remain', async () => {
    const { generate } = offers()
    const pairing = new PairingController({ generate })
    void pairing.pair().catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state).toEqual({ status: 'ready', uri: 'wc:0@2', expiry: 1_000_000 + 240_000 })
    expect(pairing.isExpired()).toBe(false)
    await vi.advanceTimersByTimeAsync(240_000 - 10_000 - 1)
    expect(pairing.isExpired()).toBe(false)
    expect(generate).toHaveBeenCalledTimes(1)
    pairing.cancel()
  })

  it('SPEC §9 generates a new URI when under 10 s remain, and an approval of either offer resolves', async () => {
    const { made, generate } = offers()
    const pairing = new PairingController({ generate })
    const session = pairing.pair()
    await vi.advanceTimersByTimeAsync(0)
    expect(uriOf(pairing)).toBe('wc:0@2')
    await vi.advanceTimersByTimeAsync(230_000)
    expect(generate).toHaveBeenCalledTimes(2)
    expect(pairing.state).toEqual({ status: 'ready', uri: 'wc:1@2', expiry: 1_000_000 + 230_000 + 240_000 })
    // The superseded offer expiring (sign-client rejects it) is not an error.
    made[0]!.reject(new Error('Proposal expired'))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.status).toBe('ready')
    // Another full period: a third URI.
    await vi.advanceTimersByTimeAsync(230_000)
    expect(generate).toHaveBeenCalledTimes(3)
    made[2]!.approve('session-2')
    await expect(session).resolves.toBe('session-2')
    expect(pairing.state.status).toBe('approved')
    // No more refreshes after approval.
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS * 2)
    expect(generate).toHaveBeenCalledTimes(3)
  })

  it('SPEC §9 Retry is refused within 1 s of an error and allowed after it', async () => {
    const { made, generate } = offers()
    const pairing = new PairingController({ generate })
    const first = pairing.pair()
    await vi.advanceTimersByTimeAsync(0)
    made[0]!.reject(Object.assign(new Error('User rejected.'), { code: 5000 }))
    await expect(first).rejects.toThrow('User rejected.')
    expect(pairing.state.status).toBe('error')
    expect(pairing.canRetry()).toBe(false)
    expect(pairing.retryAllowedIn()).toBe(1_000)
    await vi.advanceTimersByTimeAsync(999)
    expect(pairing.retryAllowedIn()).toBe(1)
    await expect(pairing.retry()).rejects.toBeInstanceOf(RetryTooSoonError)
    expect(generate).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(pairing.canRetry()).toBe(true)
    const second = pairing.retry()
    await vi.advanceTimersByTimeAsync(0)
    expect(uriOf(pairing)).toBe('wc:1@2')
    made[1]!.approve('ok')
    await expect(second).resolves.toBe('ok')
  })

  it('a failing URI generation is an error with the same Retry gap', async () => {
    const generate = vi.fn(async (): Promise<PairingOffer<string>> => {
      throw new Error('relay down')
    })
    const pairing = new PairingController({ generate })
    await expect(pairing.pair()).rejects.toThrow('relay down')
    expect(pairing.retryAllowedIn()).toBe(PAIRING_RETRY_GAP_MS)
  })

  it('cancel stops the refresh timer, clears the URI and rejects the pending pair', async () => {
    const { made, generate } = offers()
    const pairing = new PairingController({ generate })
    const pending = pairing.pair()
    await vi.advanceTimersByTimeAsync(0)
    pairing.cancel()
    await expect(pending).rejects.toBeInstanceOf(PairingCancelledError)
    expect(pairing.state.status).toBe('idle')
    await vi.advanceTimersByTimeAsync(PAIRING_EXPIRY_MS)
    expect(generate).toHaveBeenCalledTimes(1)
    made[0]!.approve('late')
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.state.status).toBe('idle')
  })

  it('a new cycle does not wait for an abandoned generation still fetching its nonce; that one never makes its offer', async () => {
    // Each generation first awaits its own nonce (held by the test), then asks sign-client for the offer through `exclusive`.
    const nonces: Array<() => void> = []
    const offered: string[] = []
    const generate = vi.fn(async (_signal: AbortSignal, exclusive: Exclusive): Promise<PairingOffer<string>> => {
      const n = nonces.length
      await new Promise<void>((resolve) => nonces.push(resolve))
      return exclusive(async () => {
        offered.push(`wc:${n}@2`)
        return { uri: `wc:${n}@2`, approval: () => new Promise<string>(() => {}) }
      })
    })
    const pairing = new PairingController({ generate })
    const abandoned = pairing.pair()
    await vi.waitFor(() => expect(nonces).toHaveLength(1))
    pairing.cancel()
    await expect(abandoned).rejects.toBeInstanceOf(PairingCancelledError)
    void pairing.pair().catch(() => undefined)
    // The new cycle's generation starts at once, while the abandoned one's nonce is still pending.
    await vi.waitFor(() => expect(nonces).toHaveLength(2))
    nonces[1]!()
    await vi.waitFor(() => expect(uriOf(pairing)).toBe('wc:1@2'))
    // The abandoned nonce arrives late: no offer for the dead cycle, and the live URI stays.
    nonces[0]!()
    for (let turn = 0; turn < 5; turn++) await Promise.resolve()
    expect(offered).toEqual(['wc:1@2'])
    expect(uriOf(pairing)).toBe('wc:1@2')
    pairing.cancel()
  })

  it('offer calls never overlap: an abandoned generation already inside sign-client holds the next offer until it settles', async () => {
    let finishFirst!: () => void
    const inside: string[] = []
    const generate = vi.fn(async (_signal: AbortSignal, exclusive: Exclusive): Promise<PairingOffer<string>> => {
      const n = generate.mock.calls.length - 1
      return exclusive(async () => {
        inside.push(`start ${n}`)
        if (n === 0) await new Promise<void>((resolve) => (finishFirst = resolve))
        inside.push(`end ${n}`)
        return { uri: `wc:${n}@2`, approval: () => new Promise<string>(() => {}) }
      })
    })
    const pairing = new PairingController({ generate })
    void pairing.pair().catch(() => undefined)
    await vi.waitFor(() => expect(inside).toEqual(['start 0']))
    pairing.cancel()
    void pairing.pair().catch(() => undefined)
    await vi.waitFor(() => expect(generate).toHaveBeenCalledTimes(2))
    for (let turn = 0; turn < 5; turn++) await Promise.resolve()
    expect(inside).toEqual(['start 0'])
    finishFirst()
    await vi.waitFor(() => expect(uriOf(pairing)).toBe('wc:1@2'))
    expect(inside).toEqual(['start 0', 'end 0', 'start 1', 'end 1'])
    pairing.cancel()
  })

  it('accepts an injected clock instead of the global timers', async () => {
    vi.useRealTimers()
    let now = 0
    const timers: Array<{ at: number; fn: () => void }> = []
    const clock = {
      now: () => now,
      setTimeout: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
      clearTimeout: () => undefined,
    }
    const { generate } = offers()
    const pairing = new PairingController({ generate, clock })
    void pairing.pair().catch(() => undefined)
    await vi.waitFor(() => expect(pairing.state.status).toBe('ready'))
    expect(pairing.state).toEqual({ status: 'ready', uri: 'wc:0@2', expiry: 240_000 })
    expect(timers[0]?.at).toBe(230_000)
    now = 235_000
    expect(pairing.isExpired()).toBe(true)
    pairing.cancel()
  })
})
