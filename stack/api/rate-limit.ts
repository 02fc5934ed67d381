/** How many analytics events POST /e takes per client address and per projectId within `windowMs`. */
export type EventRateLimit = { perClient: number; perProject: number; windowMs: number }

/** A page view sends a handful of events; these leave room for busy pages and for test suites on one address. */
export const DEFAULT_EVENT_RATE_LIMIT: EventRateLimit = { perClient: 120, perProject: 1200, windowMs: 60_000 }

/** Keys remembered at most; past that the least recently used go first (their budget has mostly refilled anyway). */
const MAX_KEYS = 100_000

/**
 * Token buckets by key: each holds up to `limit` events and refills continuously at `limit` per `windowMs`, so a
 * burst of `limit` passes and then one event per `windowMs / limit`. The clock is injected (tests move it).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`a rate limit must be a positive whole number of events, got ${limit}`)
    if (!(windowMs > 0)) throw new Error(`a rate-limit window must be positive, got ${windowMs} ms`)
  }

  /** 0 when `key` may send an event now, else the milliseconds until it may. Takes nothing. */
  waitMs(key: string): number {
    const bucket = this.buckets.get(key)
    if (!bucket) return 0
    const tokens = this.level(bucket, this.now())
    // Computed from the last accepted event only, so a refused event never shifts the time the next one is due.
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) * this.windowMs) / this.limit)
  }

  /** Spends one event of `key`'s budget. */
  take(key: string): void {
    const now = this.now()
    const bucket = this.buckets.get(key)
    const tokens = bucket ? this.level(bucket, now) : this.limit
    this.buckets.delete(key)
    this.buckets.set(key, { tokens: tokens - 1, at: now })
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= MAX_KEYS) break
      this.buckets.delete(oldest)
    }
  }

  private level(bucket: { tokens: number; at: number }, now: number): number {
    return Math.min(this.limit, bucket.tokens + (Math.max(0, now - bucket.at) * this.limit) / this.windowMs)
  }
}
