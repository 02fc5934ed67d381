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
 * - Each message is a hash `<p>t:{<topic>}:m:<key>` (publisher `p`, JSON `j`, topic sequence `s`, and one field
 *   `a:<client id>` per client that acknowledged it) expiring with its TTL, so acknowledgements cost no key of their
 *   own and go with the message. The topic's index is a sorted set `<p>t:{<topic>}:z` (member `<key>:<bytes>`, score
 *   the expiry) with a ledger hash `<p>t:{<topic>}:b` (`#` stored bytes, `n` the sequence that orders messages
 *   published in one millisecond). A publisher's stored bytes have the same index and ledger under
 *   `<p>c:{<client id>}:` (kept only while `maxStoredBytesPerClient` is on). Containers expire some time after the last
 *   message they list, so Redis holds nothing much beyond the TTLs.
 * - Adding messages, checking the per-topic and per-client limits, de-duplicating a republished payload and
 *   announcing the new message over pub/sub is one Lua script for all the publishes of an event-loop turn, so two
 *   relays never both accept the message that fills a topic. Expired entries leave the indexes when a limit would
 *   otherwise be hit (and every 64th message of a topic), not on every publish. Expiry uses Redis's clock (TIME).
 * - Publishes fan out over pub/sub, one channel per topic (`<p>p:<topic>`), subscribed while a local client is.
 * - The counts of `stats()` come from two sorted sets kept by the add script, `<p>live` (every stored message's key,
 *   score its expiry) and `<p>topics` (every topic index, score the last expiry on it): a sample is two ZCOUNTs, and
 *   drops a bounded number of expired entries, whatever else the Redis holds (it used to SCAN the whole keyspace).
 *
 * About fourteen Redis commands per publish and two per acknowledgement (the first design ran about 27 and 3, and
 * saturated Redis near 3,000 publishes a second: BENCHMARKS.md, relay load).
 *
 * One Redis (with replicas if you like) serves any number of relays; Redis Cluster is not supported (the scripts
 * touch a topic's and its publisher's keys together). Needs Redis 6.2 or newer.
 */

const LUA_PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function bytesOf(member)
  return tonumber(string.match(member, ':(%d+)$') or '0')
end
local function keyOf(member)
  return string.match(member, '^[^:]+')
end
-- Drops what expired from an index and its ledger's byte count.
local function prune(z, b)
  local gone = redis.call('ZRANGEBYSCORE', z, '-inf', now, 'LIMIT', 0, 500)
  while #gone > 0 do
    local freed = 0
    for _, member in ipairs(gone) do freed = freed + bytesOf(member) end
    redis.call('ZREM', z, unpack(gone))
    redis.call('HINCRBY', b, '#', -freed)
    gone = redis.call('ZRANGEBYSCORE', z, '-inf', now, 'LIMIT', 0, 500)
  end
end
-- An index and its ledger live at least until \`at\`; extended with slack (up to an hour) so that the next
-- publishes on the container find it long enough and only read its TTL.
local function keepUntil(z, b, at, ttl)
  local left = redis.call('PTTL', z)
  if left ~= -2 and left < at - now then
    local deadline = at + math.min(ttl, 3600000)
    redis.call('PEXPIREAT', z, deadline)
    redis.call('PEXPIREAT', b, deadline)
  end
end
`

/**
 * The publishes of one event-loop turn. KEYS: the live-message and live-topic sets of the counts, then five per
 * message: message, topic index, topic ledger, publisher index, publisher ledger. ARGV: origin relay id, max topic
 * messages, max topic bytes, max publisher bytes, then six per message: key, ttl ms, bytes, publisher id, JSON,
 * fan-out channel.
 * Returns [status, expiresAt] per message: 1 new, 0 duplicate, -1 topic messages, -2 topic bytes, -3 publisher bytes.
 */
const ADD_LUA = `${LUA_PRELUDE}
local origin, maxMessages, maxTopicBytes, maxPublisherBytes = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local liveMessages, liveTopics = KEYS[1], KEYS[2]
local out = {}
local function add(m, z, b, pz, pb, key, ttl, bytes, publisher, json, channel)
  local exp = now + ttl
  local member = key .. ':' .. bytes
  if redis.call('EXISTS', m) == 1 then
    local current = tonumber(redis.call('ZSCORE', z, member) or '0')
    if exp > current then
      redis.call('PEXPIREAT', m, exp)
      redis.call('ZADD', z, exp, member)
      keepUntil(z, b, exp, ttl)
      redis.call('ZADD', liveMessages, 'GT', exp, key)
      redis.call('ZADD', liveTopics, 'GT', exp, z)
    end
    return 0, exp
  end
  local ledger = redis.call('HMGET', b, '#', 'n')
  local topicBytes, seq = tonumber(ledger[1] or '0'), tonumber(ledger[2] or '0') + 1
  local count = maxMessages > 0 and redis.call('ZCARD', z) or 0
  if (maxMessages > 0 and count + 1 > maxMessages) or (maxTopicBytes > 0 and topicBytes + bytes > maxTopicBytes) or seq % 64 == 0 then
    prune(z, b)
    topicBytes = tonumber(redis.call('HGET', b, '#') or '0')
    if maxMessages > 0 then count = redis.call('ZCARD', z) end
  end
  if maxMessages > 0 and count + 1 > maxMessages then return -1, 0 end
  if maxTopicBytes > 0 and topicBytes + bytes > maxTopicBytes then return -2, 0 end
  if maxPublisherBytes > 0 then
    local publisherBytes = tonumber(redis.call('HGET', pb, '#') or '0')
    if publisherBytes + bytes > maxPublisherBytes then
      prune(pz, pb)
      publisherBytes = tonumber(redis.call('HGET', pb, '#') or '0')
      if publisherBytes + bytes > maxPublisherBytes then return -3, 0 end
    end
    redis.call('ZADD', pz, exp, member)
    redis.call('HSET', pb, '#', publisherBytes + bytes)
    keepUntil(pz, pb, exp, ttl)
  end
  redis.call('HSET', m, 'p', publisher, 'j', json, 's', seq)
  redis.call('PEXPIREAT', m, exp)
  redis.call('ZADD', z, exp, member)
  redis.call('HSET', b, '#', topicBytes + bytes, 'n', seq)
  keepUntil(z, b, exp, ttl)
  redis.call('ZADD', liveMessages, 'GT', exp, key)
  redis.call('ZADD', liveTopics, 'GT', exp, z)
  redis.call('PUBLISH', channel, '{"o":"' .. origin .. '","e":' .. string.format('%d', exp) .. ',"m":' .. json .. '}')
  return 1, exp
end
for i = 0, (#KEYS - 2) / 5 - 1 do
  local k, a = 2 + i * 5, 4 + i * 6
  local status, exp = add(KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4], KEYS[k + 5],
    ARGV[a + 1], tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), ARGV[a + 4], ARGV[a + 5], ARGV[a + 6])
  out[#out + 1] = status
  out[#out + 1] = exp
end
return out
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
    local m = redis.call('HMGET', base .. 'm:' .. keyOf(entries[j]), 'p', 'j', 's', 'a:' .. client)
    if m[2] and m[1] ~= client and not m[4] then
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

/** Expired entries a count sample drops from each set at most. */
const COUNT_PRUNE = 10_000

/**
 * KEYS: the live-message and live-topic sets. Returns [topics, messages] that have not expired, and drops up to
 * COUNT_PRUNE expired entries of each set (the rest go in later samples), so a sample's cost does not grow with
 * Redis's keyspace or with a burst of expiries.
 */
const COUNT_LUA = `${LUA_PRELUDE}
local out = {}
for i = 2, 1, -1 do
  local expired = redis.call('ZCOUNT', KEYS[i], '-inf', now)
  if expired > 0 then redis.call('ZREMRANGEBYRANK', KEYS[i], 0, math.min(expired, ${COUNT_PRUNE}) - 1) end
  out[#out + 1] = redis.call('ZCOUNT', KEYS[i], '(' .. now, '+inf')
end
return out
`

/**
 * KEYS: messages; ARGV: the client id of each. The acknowledgement is a field of the message, gone with it; a
 * message that already expired is not brought back.
 */
const ACK_LUA = `
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('HSET', KEYS[i], 'a:' .. ARGV[i], 1) end
end
return 1
`

type Scripted = Redis & {
  relayAdd(numKeys: number, ...args: (string | number)[]): Promise<number[]>
  relayUndelivered(numKeys: number, ...args: (string | number)[]): Promise<(string | number)[]>
  relayAck(numKeys: number, ...args: string[]): Promise<number>
  relayCount(numKeys: number, ...args: string[]): Promise<[number, number]>
}

/** Acknowledgements written by one script call at most (a fetch page may add more at once). */
const ACK_BATCH = 1000
/** Publishes stored by one script call at most: a longer turn is split so that Redis serves others in between. */
const ADD_BATCH = 256

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
  /** Adds of this event-loop turn (publishes from many sockets), stored by one script call per ADD_BATCH. */
  private pendingAdds: { keys: string[]; args: (string | number)[]; resolve: (reply: [number, number]) => void; reject: (error: Error) => void }[] = []

  private constructor(redis: Redis, prefix: string, private readonly limits: StoreLimits) {
    this.redis = redis as Scripted
    this.prefix = prefix
    redis.defineCommand('relayAdd', { lua: ADD_LUA })
    redis.defineCommand('relayUndelivered', { lua: UNDELIVERED_LUA })
    redis.defineCommand('relayAck', { lua: ACK_LUA })
    redis.defineCommand('relayCount', { lua: COUNT_LUA })
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
    const [status, expiresAt] = await this.batchedAdd(
      [this.topicKey(input.topic, `m:${key}`), this.topicKey(input.topic, 'z'), this.topicKey(input.topic, 'b'), `${client}z`, `${client}b`],
      [key, Math.round(input.ttl * 1000), messageBytes(input.message), publisherId, JSON.stringify(wire), fanOutChannel(this.prefix, input.topic)],
    )
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

  private batchedAdd(keys: string[], args: (string | number)[]): Promise<[number, number]> {
    return new Promise((resolve, reject) => {
      if (this.pendingAdds.length === 0) setImmediate(() => this.flushAdds())
      this.pendingAdds.push({ keys, args, resolve, reject })
    })
  }

  private flushAdds(): void {
    const pending = this.pendingAdds
    this.pendingAdds = []
    const { maxTopicMessages, maxTopicBytes, maxStoredBytesPerClient } = this.limits
    for (let start = 0; start < pending.length; start += ADD_BATCH) {
      const batch = pending.slice(start, start + ADD_BATCH)
      this.redis
        .relayAdd(
          2 + batch.length * 5,
          `${this.prefix}live`,
          `${this.prefix}topics`,
          ...batch.flatMap((entry) => entry.keys),
          this.origin,
          maxTopicMessages,
          maxTopicBytes,
          maxStoredBytesPerClient,
          ...batch.flatMap((entry) => entry.args),
        )
        .then(
          (reply) => batch.forEach(({ resolve }, i) => resolve([Number(reply[2 * i]), Number(reply[2 * i + 1])])),
          (error: Error) => batch.forEach(({ reject }) => reject(error)),
        )
    }
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
      this.pendingAcks.keys.push(this.topicKey(m.topic, `m:${m.key}`))
      this.pendingAcks.clients.push(clientId)
    }
    return this.pendingAcks.written
  }

  /** Per-topic and per-client entries expire with their keys; this samples the counts. */
  async prune(): Promise<void> {
    await this.refreshCounts()
  }

  /**
   * Live messages and the topics holding them, over every relay on this Redis: one script call on the two sets the
   * add script keeps (stats() reads the last sample).
   */
  async refreshCounts(): Promise<void> {
    const [topics, messages] = await this.redis.relayCount(2, `${this.prefix}live`, `${this.prefix}topics`)
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
