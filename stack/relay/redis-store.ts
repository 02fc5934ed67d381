import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import {
  messageBytes,
  sha256Hex,
  type AddResult,
  type PublishInput,
  type ReadBudget,
  type RelayStore,
  type StoreLimitName,
  type StoreLimits,
  type StoredMessage,
} from './message-store.ts'

/**
 * Redis as the shared memory of several relay processes (`--redis <url>`):
 *
 * - Each message is a hash `<p>t:{<topic>}:m:<key>` (publisher, JSON) expiring with its TTL; the topic's index is a
 *   sorted set `<p>t:{<topic>}:z` (key -> expiry) with a byte ledger `<p>t:{<topic>}:b` (key -> bytes, "#" -> total),
 *   and the acknowledgements a set `<p>t:{<topic>}:a:<key>` of client ids that expires with the message. A
 *   publisher's stored bytes have the same index and ledger under `<p>c:{<client id>}:`. Every container expires
 *   with the last message it lists, so Redis holds nothing beyond the TTLs.
 * - Adding a message, checking the per-topic and per-client limits and de-duplicating a republished payload is one
 *   Lua script, so two relays never both accept the message that fills a topic. Expiry uses Redis's clock (TIME),
 *   not the relays'.
 * - Publishes fan out over pub/sub, one channel per topic (`<p>p:<topic>`), subscribed while a local client is.
 *   The add script publishes a new message itself: stored and announced in one step, one round trip.
 *
 * One Redis (with replicas if you like) serves any number of relays; Redis Cluster is not supported (the scripts
 * touch a topic's and its publisher's keys together). Needs Redis 6.2 or newer.
 */

const LUA_PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function prune(z, h)
  local gone = redis.call('ZRANGEBYSCORE', z, '-inf', now, 'LIMIT', 0, 500)
  while #gone > 0 do
    local sizes = redis.call('HMGET', h, unpack(gone))
    local freed = 0
    for _, s in ipairs(sizes) do if s then freed = freed + tonumber(s) end end
    redis.call('ZREM', z, unpack(gone))
    redis.call('HDEL', h, unpack(gone))
    redis.call('HINCRBY', h, '#', -freed)
    gone = redis.call('ZRANGEBYSCORE', z, '-inf', now, 'LIMIT', 0, 500)
  end
end
local function keepUntil(k, at)
  local left = redis.call('PTTL', k)
  if left ~= -2 and left < at - now then redis.call('PEXPIREAT', k, at) end
end
`

/**
 * KEYS: message, topic index, topic ledger, publisher index, publisher ledger, ack set, all messages, all topics,
 * topic sequence. ARGV: key, ttl ms, bytes, publisher id, JSON, max topic messages, max topic bytes, max publisher
 * bytes, topic, fan-out channel, origin relay id. The sequence orders a topic's messages (several can share a
 * millisecond).
 * Returns [status, expiresAt]: 1 new, 0 duplicate, -1 topic messages, -2 topic bytes, -3 publisher bytes.
 */
const ADD_LUA = `${LUA_PRELUDE}
local key, exp, bytes = ARGV[1], now + tonumber(ARGV[2]), tonumber(ARGV[3])
prune(KEYS[2], KEYS[3])
if redis.call('EXISTS', KEYS[1]) == 1 then
  local current = tonumber(redis.call('ZSCORE', KEYS[2], key) or '0')
  if exp > current then
    redis.call('PEXPIREAT', KEYS[1], exp)
    redis.call('ZADD', KEYS[2], exp, key)
    keepUntil(KEYS[2], exp)
    keepUntil(KEYS[3], exp)
    keepUntil(KEYS[6], exp)
    keepUntil(KEYS[9], exp)
    redis.call('ZADD', KEYS[7], 'GT', exp, key)
    redis.call('ZADD', KEYS[8], 'GT', exp, ARGV[9])
  end
  return {0, exp}
end
local maxMessages, maxTopicBytes, maxPublisherBytes = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
if maxMessages > 0 and redis.call('ZCARD', KEYS[2]) + 1 > maxMessages then return {-1, 0} end
if maxTopicBytes > 0 and tonumber(redis.call('HGET', KEYS[3], '#') or '0') + bytes > maxTopicBytes then return {-2, 0} end
prune(KEYS[4], KEYS[5])
if maxPublisherBytes > 0 and tonumber(redis.call('HGET', KEYS[5], '#') or '0') + bytes > maxPublisherBytes then return {-3, 0} end
local seq = redis.call('INCR', KEYS[9])
keepUntil(KEYS[9], exp)
redis.call('HSET', KEYS[1], 'p', ARGV[4], 'j', ARGV[5], 's', seq)
redis.call('PEXPIREAT', KEYS[1], exp)
for _, pair in ipairs({{KEYS[2], KEYS[3]}, {KEYS[4], KEYS[5]}}) do
  redis.call('ZADD', pair[1], exp, key)
  redis.call('HSET', pair[2], key, bytes)
  redis.call('HINCRBY', pair[2], '#', bytes)
  keepUntil(pair[1], exp)
  keepUntil(pair[2], exp)
end
redis.call('ZADD', KEYS[7], 'GT', exp, key)
redis.call('ZADD', KEYS[8], 'GT', exp, ARGV[9])
redis.call('PUBLISH', ARGV[10], '{"o":"' .. ARGV[11] .. '","e":' .. string.format('%d', exp) .. ',"m":' .. ARGV[5] .. '}')
return {1, exp}
`

/**
 * KEYS: the topics' indexes. ARGV: client id, key prefix, max messages, max bytes, then the topics.
 * Returns [more, json1, expiresAt1, seq1, json2, ...].
 */
const UNDELIVERED_LUA = `${LUA_PRELUDE}
local client, prefix, maxMessages, maxBytes = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local out, count, bytes = {0}, 0, 0
for i, z in ipairs(KEYS) do
  local base = prefix .. 't:{' .. ARGV[4 + i] .. '}:'
  local entries = redis.call('ZRANGEBYSCORE', z, '(' .. now, '+inf', 'WITHSCORES')
  -- The index is ordered by expiry, and messages published in one millisecond share it: page in publish order
  -- (the topic sequence), so a page boundary never reorders them.
  local pending = {}
  for j = 1, #entries, 2 do
    local key = entries[j]
    local m = redis.call('HMGET', base .. 'm:' .. key, 'p', 'j', 's')
    if m[2] and m[1] ~= client and redis.call('SISMEMBER', base .. 'a:' .. key, client) == 0 then
      pending[#pending + 1] = { m[2], entries[j + 1], m[3] }
    end
  end
  table.sort(pending, function(x, y) return tonumber(x[3]) < tonumber(y[3]) end)
  for _, p in ipairs(pending) do
    if count >= maxMessages or bytes >= maxBytes then
      out[1] = 1
      return out
    end
    out[#out + 1] = p[1]
    out[#out + 1] = p[2]
    out[#out + 1] = p[3]
    count = count + 1
    bytes = bytes + #p[1]
  end
end
return out
`

/** KEYS: pairs of (message, ack set); ARGV: the client id of each pair. An ack set lives as long as its message. */
const ACK_LUA = `
for i = 1, #KEYS, 2 do
  local left = redis.call('PTTL', KEYS[i])
  if left > 0 then
    redis.call('SADD', KEYS[i + 1], ARGV[(i + 1) / 2])
    redis.call('PEXPIRE', KEYS[i + 1], left)
  end
end
return 1
`

/** KEYS: all messages, all topics. Returns [live messages, live topics]. */
const COUNTS_LUA = `${LUA_PRELUDE}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
return {redis.call('ZCARD', KEYS[1]), redis.call('ZCARD', KEYS[2])}
`

type Scripted = Redis & {
  relayAdd(...args: (string | number)[]): Promise<[number, number]>
  relayUndelivered(numKeys: number, ...args: (string | number)[]): Promise<(string | number)[]>
  relayAck(numKeys: number, ...args: string[]): Promise<number>
  relayCounts(...args: string[]): Promise<[number, number]>
}

/** Acknowledgements written by one script call at most (a fetch page may add more at once). */
const ACK_BATCH = 1000

const LIMIT_BY_STATUS: Record<number, StoreLimitName> = { [-1]: 'topicMessages', [-2]: 'topicBytes', [-3]: 'storedBytesPerClient' }

/** The JSON a message is stored and fanned out as (expiry is Redis's business). */
type WireMessage = Omit<StoredMessage, 'expiresAt'>

export interface RedisRelayOptions {
  url: string
  /** Key and channel prefix, so relays of different deployments can share one Redis. Default "portico:relay:". */
  prefix?: string
  limits: StoreLimits
  log: (line: string) => void
}

export class RedisStore implements RelayStore {
  private readonly redis: Scripted
  private readonly prefix: string
  /** This relay's id in fan-out payloads: relays skip their own publishes (they deliver locally at once). */
  readonly origin = randomUUID()
  private cachedCounts = { topics: 0, messages: 0 }
  private refreshing: Promise<void> | undefined
  /** Acknowledgements of this event-loop turn, written together (one script call instead of one each). */
  private pendingAcks: { keys: string[]; clients: string[]; written: Promise<void> } | undefined
  /** Adds of this event-loop turn (publishes from many sockets), sent as one pipeline: one write, one read. */
  private pendingAdds: { args: (string | number)[]; resolve: (reply: [number, number]) => void; reject: (error: Error) => void }[] = []

  private constructor(redis: Redis, prefix: string, private readonly limits: StoreLimits) {
    this.redis = redis as Scripted
    this.prefix = prefix
    redis.defineCommand('relayAdd', { numberOfKeys: 9, lua: ADD_LUA })
    redis.defineCommand('relayUndelivered', { lua: UNDELIVERED_LUA })
    redis.defineCommand('relayAck', { lua: ACK_LUA })
    redis.defineCommand('relayCounts', { numberOfKeys: 2, lua: COUNTS_LUA })
  }

  static async connect(opts: RedisRelayOptions): Promise<{ store: RedisStore; bus: RedisBus }> {
    const prefix = opts.prefix ?? 'portico:relay:'
    const commands = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true })
    commands.on('error', (error: Error) => opts.log(`relay: redis: ${error.message}`))
    await commands.connect()
    const store = new RedisStore(commands, prefix, opts.limits)
    const bus = await RedisBus.connect(commands.duplicate(), prefix, store.origin, opts.log)
    await store.refreshCounts()
    return { store, bus }
  }

  private topicKey(topic: string, suffix: string): string {
    return `${this.prefix}t:{${topic}}:${suffix}`
  }

  async add(input: PublishInput, publisherId: string, now: number): Promise<AddResult> {
    const key = sha256Hex(input.topic + input.message)
    const wire: WireMessage = {
      key,
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      publisherId,
      ...(input.tag !== undefined ? { tag: input.tag } : {}),
      ...(input.attestation !== undefined ? { attestation: input.attestation } : {}),
    }
    const client = `${this.prefix}c:{${publisherId}}:`
    const [status, expiresAt] = await this.batchedAdd([
      this.topicKey(input.topic, `m:${key}`),
      this.topicKey(input.topic, 'z'),
      this.topicKey(input.topic, 'b'),
      `${client}z`,
      `${client}b`,
      this.topicKey(input.topic, `a:${key}`),
      `${this.prefix}messages`,
      `${this.prefix}topics`,
      this.topicKey(input.topic, 'n'),
      key,
      Math.round(input.ttl * 1000),
      messageBytes(input.message),
      publisherId,
      JSON.stringify(wire),
      this.limits.maxTopicMessages,
      this.limits.maxTopicBytes,
      this.limits.maxStoredBytesPerClient,
      input.topic,
      fanOutChannel(this.prefix, input.topic),
      this.origin,
    ])
    if (status === 1) return { status: 'new', stored: { ...wire, expiresAt: Number(expiresAt) } }
    if (status === 0) return { status: 'duplicate' }
    return { status: 'limit', limit: LIMIT_BY_STATUS[status] ?? 'topicMessages' }
  }

  async undelivered(clientId: string, topics: readonly string[], _now: number, budget: ReadBudget) {
    if (topics.length === 0) return { messages: [], more: false }
    const reply = await this.redis.relayUndelivered(
      topics.length,
      ...topics.map((topic) => this.topicKey(topic, 'z')),
      clientId,
      this.prefix,
      budget.messages,
      budget.bytes,
      ...topics,
    )
    const read: { stored: StoredMessage; seq: number }[] = []
    for (let i = 1; i + 2 < reply.length; i += 3) {
      read.push({
        stored: { ...(JSON.parse(String(reply[i])) as WireMessage), expiresAt: Number(reply[i + 1]) },
        seq: Number(reply[i + 2]),
      })
    }
    // In publish order within a topic (the index is ordered by expiry).
    const order = new Map(topics.map((topic, i) => [topic, i]))
    read.sort((a, b) => order.get(a.stored.topic)! - order.get(b.stored.topic)! || a.seq - b.seq)
    return { messages: read.map((entry) => entry.stored), more: Number(reply[0]) === 1 }
  }

  private batchedAdd(args: (string | number)[]): Promise<[number, number]> {
    return new Promise((resolve, reject) => {
      if (this.pendingAdds.length === 0) setImmediate(() => this.flushAdds())
      this.pendingAdds.push({ args, resolve, reject })
    })
  }

  private flushAdds(): void {
    const batch = this.pendingAdds
    this.pendingAdds = []
    const pipeline = this.redis.pipeline() as unknown as { relayAdd(...args: (string | number)[]): void; exec(): Promise<[Error | null, unknown][] | null> }
    for (const { args } of batch) pipeline.relayAdd(...args)
    pipeline.exec().then(
      (replies) =>
        batch.forEach(({ resolve, reject }, i) => {
          const [error, reply] = replies?.[i] ?? [new Error('redis: no reply'), undefined]
          if (error) reject(error)
          else resolve(reply as [number, number])
        }),
      (error: Error) => batch.forEach(({ reject }) => reject(error)),
    )
  }

  markAcked(clientId: string, messages: readonly StoredMessage[]): Promise<void> {
    if (messages.length === 0) return Promise.resolve()
    if (!this.pendingAcks || this.pendingAcks.clients.length >= ACK_BATCH) {
      const batch = { keys: [] as string[], clients: [] as string[], written: Promise.resolve() }
      batch.written = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        if (this.pendingAcks === batch) this.pendingAcks = undefined
        return this.redis.relayAck(batch.keys.length, ...batch.keys, ...batch.clients).then(() => {})
      })
      this.pendingAcks = batch
    }
    for (const m of messages) {
      this.pendingAcks.keys.push(this.topicKey(m.topic, `m:${m.key}`), this.topicKey(m.topic, `a:${m.key}`))
      this.pendingAcks.clients.push(clientId)
    }
    return this.pendingAcks.written
  }

  /** Per-topic and per-client entries expire with their keys; this trims the global indexes and samples them. */
  async prune(): Promise<void> {
    await this.refreshCounts()
  }

  async refreshCounts(): Promise<void> {
    const [messages, topics] = await this.redis.relayCounts(`${this.prefix}messages`, `${this.prefix}topics`)
    this.cachedCounts = { topics: Number(topics), messages: Number(messages) }
  }

  /** The figures of the last sample; asking starts the next one (stats() is synchronous, Redis is not). */
  counts(): { topics: number; messages: number } {
    if (!this.refreshing) {
      this.refreshing = this.refreshCounts()
        .catch(() => {})
        .finally(() => {
          this.refreshing = undefined
        })
    }
    return this.cachedCounts
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}

/** Carries new messages between relay processes; the in-memory relay uses LocalBus (nothing to carry). */
export interface RelayBus {
  /** Resolves once messages published on these topics by other relays reach `onMessage`. */
  acquire(topics: readonly string[]): Promise<void>
  release(topics: readonly string[]): void
  publish(stored: StoredMessage): void
  /** Set by the relay: a message another relay stored. */
  onMessage: (stored: StoredMessage) => void
  /** Set by the relay: the bus reconnected and may have missed messages; hand out what is stored. */
  onResync: () => void
  close(): Promise<void>
}

export class LocalBus implements RelayBus {
  onMessage: (stored: StoredMessage) => void = () => {}
  onResync: () => void = () => {}
  async acquire(): Promise<void> {}
  release(): void {}
  publish(): void {}
  async close(): Promise<void> {}
}

/** Pub/sub side of the Redis relay: subscribes to the topics local clients hold; RedisStore.add publishes. */
export class RedisBus implements RelayBus {
  onMessage: (stored: StoredMessage) => void = () => {}
  onResync: () => void = () => {}
  private readonly topics = new Map<string, { count: number; ready: Promise<unknown> }>()

  private constructor(
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly origin: string,
    private readonly log: (line: string) => void,
  ) {}

  static async connect(sub: Redis, prefix: string, origin: string, log: (line: string) => void): Promise<RedisBus> {
    sub.on('error', (error: Error) => log(`relay: redis (pub/sub): ${error.message}`))
    if (sub.status === 'wait') await sub.connect()
    const bus = new RedisBus(sub, prefix, origin, log)
    sub.on('message', (channel: string, payload: string) => bus.onPayload(channel, payload))
    let connectedOnce = false
    sub.on('ready', () => {
      // ioredis re-subscribes by itself after a reconnect; what was published meanwhile is only in the store.
      if (connectedOnce) bus.onResync()
      connectedOnce = true
    })
    if (sub.status === 'ready') connectedOnce = true
    return bus
  }

  private channel(topic: string): string {
    return fanOutChannel(this.prefix, topic)
  }

  async acquire(topics: readonly string[]): Promise<void> {
    const fresh: string[] = []
    const waits: Promise<unknown>[] = []
    for (const topic of topics) {
      const entry = this.topics.get(topic)
      if (entry) {
        entry.count++
        waits.push(entry.ready)
      } else {
        fresh.push(topic)
      }
    }
    if (fresh.length > 0) {
      const ready = this.sub.subscribe(...fresh.map((topic) => this.channel(topic)))
      for (const topic of fresh) this.topics.set(topic, { count: 1, ready: ready.catch(() => {}) })
      waits.push(ready)
    }
    await Promise.all(waits)
  }

  release(topics: readonly string[]): void {
    const gone: string[] = []
    for (const topic of topics) {
      const entry = this.topics.get(topic)
      if (!entry) continue
      if (--entry.count === 0) {
        this.topics.delete(topic)
        gone.push(this.channel(topic))
      }
    }
    if (gone.length > 0) this.sub.unsubscribe(...gone).catch((error: Error) => this.log(`relay: redis unsubscribe: ${error.message}`))
  }

  /** Nothing to do: the add script published the message when it stored it. */
  publish(): void {}

  private onPayload(channel: string, payload: string): void {
    try {
      const { o, m, e } = JSON.parse(payload) as { o: string; m: WireMessage; e: number }
      if (o === this.origin || channel !== this.channel(m.topic)) return
      this.onMessage({ ...m, expiresAt: e })
    } catch (error) {
      this.log(`relay: redis: unreadable fan-out on ${channel}: ${(error as Error).message}`)
    }
  }

  async close(): Promise<void> {
    await this.sub.quit().catch(() => this.sub.disconnect())
  }
}

function fanOutChannel(prefix: string, topic: string): string {
  return `${prefix}p:${topic}`
}
