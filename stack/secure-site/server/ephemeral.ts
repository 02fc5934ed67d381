/**
 * The secure site's short-lived state (issue 27 item 3): one-time codes, device links and approvals, pending social
 * logins, throttles and rate-limit windows, wallet_sendCalls ids. Each entry expires by itself. Two implementations:
 *
 * - Redis (`redisUrl`): shared by every secure-site process, so a code sent by one is checked by another, a guess
 *   limit counts guesses made on all of them, and an approval made on one wakes a waiter on another (pub/sub).
 *   Expiry is Redis's TTLs; counters are `INCR` plus a TTL set in the same script (a window starts at its first hit).
 * - Memory (default): one process; expiry by the site's clock, each namespace (the key's part before the first `:`)
 *   bounded, least recently used first out (unauthenticated callers fill several of them, issue 26 item 6).
 */
import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import { LruMap } from './lru.ts'

export interface Ephemeral {
  /** Stores `value` for `ttlMs`; with `ifAbsent` only when the key holds nothing. Resolves whether it stored. */
  set(key: string, value: string, ttlMs: number, ifAbsent?: boolean): Promise<boolean>
  get(key: string): Promise<string | undefined>
  /** Reads and deletes in one step: of several callers, one gets the value. */
  take(key: string): Promise<string | undefined>
  del(key: string): Promise<void>
  /** Milliseconds the key has left; 0 when it holds nothing. */
  ttl(key: string): Promise<number>
  /** Counts one hit in a window of `windowMs` that the first hit starts; resolves the count and the window's time left. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>
  /** The window's count so far (0 when none is open). */
  count(key: string): Promise<number>
  /** Tells every process's `on(topic)` listeners (this process's too). */
  emit(topic: string): Promise<void>
  /** Listens for `emit(topic)`; returns the unsubscribe. */
  on(topic: string, listener: () => void): () => void
  close(): Promise<void>
}

type Entry = { value: string; expiresAt: number }

export function createMemoryEphemeral(o: { clock?: () => number; maxPerNamespace?: number; limits?: Record<string, number> } = {}): Ephemeral {
  const clock = o.clock ?? Date.now
  const spaces = new Map<string, LruMap<string, Entry>>()
  const events = new EventEmitter()
  events.setMaxListeners(0)
  const space = (key: string) => {
    const name = key.slice(0, Math.max(0, key.indexOf(':')))
    let m = spaces.get(name)
    if (!m) spaces.set(name, (m = new LruMap(o.limits?.[name] ?? o.maxPerNamespace ?? 10_000)))
    return m
  }
  const live = (key: string): Entry | undefined => {
    const m = space(key)
    const e = m.get(key)
    if (e && e.expiresAt <= clock()) {
      m.delete(key)
      return undefined
    }
    return e
  }
  const sweep = () => {
    const now = clock()
    for (const m of spaces.values()) for (const [k, e] of m) if (e.expiresAt <= now) m.delete(k)
  }
  const sweeper = setInterval(sweep, 60_000)
  sweeper.unref()
  return {
    async set(key, value, ttlMs, ifAbsent) {
      if (ifAbsent && live(key)) return false
      space(key).set(key, { value, expiresAt: clock() + ttlMs })
      return true
    },
    async get(key) {
      return live(key)?.value
    },
    async take(key) {
      const e = live(key)
      space(key).delete(key)
      return e?.value
    },
    async del(key) {
      space(key).delete(key)
    },
    async ttl(key) {
      const e = live(key)
      return e ? e.expiresAt - clock() : 0
    },
    async hit(key, windowMs) {
      let e = live(key)
      if (!e) space(key).set(key, (e = { value: '0', expiresAt: clock() + windowMs }))
      e.value = String(Number(e.value) + 1)
      return { count: Number(e.value), resetMs: e.expiresAt - clock() }
    },
    async count(key) {
      return Number(live(key)?.value ?? 0)
    },
    async emit(topic) {
      events.emit(topic)
    },
    on(topic, listener) {
      events.on(topic, listener)
      return () => void events.off(topic, listener)
    },
    async close() {
      clearInterval(sweeper)
      events.removeAllListeners()
    },
  }
}

/** KEYS[1]: the counter. ARGV[1]: window ms. The TTL is set with the first hit, in the same step. */
const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) left = tonumber(ARGV[1]) end
return {n, left}
`

/**
 * Redis-backed state under `prefix` (default `portico:secure-site:`). Resolves once connected and subscribed to the
 * event channel, so an `emit` on another process right after start is not missed. Needs Redis 6.2 or newer (GETDEL).
 */
export async function createRedisEphemeral(redisUrl: string, o: { prefix?: string; log?: (line: string) => void } = {}): Promise<Ephemeral> {
  const prefix = o.prefix ?? 'portico:secure-site:'
  const log = o.log ?? (() => {})
  const channel = `${prefix}events`
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 })
  const sub = redis.duplicate()
  for (const c of [redis, sub]) c.on('error', (e: Error) => log(`secure site: redis: ${e.message}`))
  const events = new EventEmitter()
  events.setMaxListeners(0)
  try {
    await redis.connect()
    await sub.connect()
    sub.on('message', (_channel: string, topic: string) => events.emit(topic))
    await sub.subscribe(channel)
  } catch (e) {
    redis.disconnect()
    sub.disconnect()
    throw new Error(`secure site: could not reach Redis at ${redactRedisUrl(redisUrl)}: ${(e as Error).message}`, { cause: e })
  }
  const k = (key: string) => prefix + key
  return {
    async set(key, value, ttlMs, ifAbsent) {
      const ms = Math.max(1, Math.ceil(ttlMs))
      const r = ifAbsent ? await redis.set(k(key), value, 'PX', ms, 'NX') : await redis.set(k(key), value, 'PX', ms)
      return r === 'OK'
    },
    async get(key) {
      return (await redis.get(k(key))) ?? undefined
    },
    async take(key) {
      return (await redis.getdel(k(key))) ?? undefined
    },
    async del(key) {
      await redis.del(k(key))
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(k(key)))
    },
    async hit(key, windowMs) {
      const [count, resetMs] = (await redis.eval(HIT, 1, k(key), String(Math.max(1, Math.ceil(windowMs))))) as [number, number]
      return { count, resetMs }
    },
    async count(key) {
      return Number((await redis.get(k(key))) ?? 0)
    },
    async emit(topic) {
      await redis.publish(channel, topic)
    },
    on(topic, listener) {
      events.on(topic, listener)
      return () => void events.off(topic, listener)
    },
    async close() {
      events.removeAllListeners()
      await Promise.allSettled([sub.quit(), redis.quit()])
    },
  }
}

/** The URL without its password, for messages. */
export function redactRedisUrl(redisUrl: string): string {
  try {
    const url = new URL(redisUrl)
    if (url.password) url.password = '***'
    return url.toString()
  } catch {
    return '(unparsable Redis URL)'
  }
}
