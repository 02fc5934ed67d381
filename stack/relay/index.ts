import { createPublicKey, verify as verifySignature } from 'node:crypto'
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { decodeIss, decodeJWT } from '@walletconnect/relay-auth'
import {
  MemoryStore,
  sha256Hex,
  type PublishInput,
  type RelayStore,
  type StoreLimitName,
  type StoredMessage,
} from './message-store.ts'
import { LocalBus, RedisStore, type RelayBus } from './redis-store.ts'
import { clientAddressOf, type TrustProxy } from '../trust-proxy.ts'
import { LocalVerifyServer, send } from './verify-server.ts'

export { pointVerifyAtLocalRelay, disableVerifyAttestation } from './verify-client.ts'

export interface RelayOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Interface to listen on. Default 127.0.0.1; behind a proxy on another machine e.g. 0.0.0.0. */
  host?: string
  /** Largest accepted frame; larger ones get a JSON-RPC error and are not processed. */
  maxMessageBytes?: number
  log?: (line: string) => void
  /** WebSocket ping period. Clients drop a socket that stays silent for 35 s, so keep this well below. */
  pingIntervalMs?: number
  /** Most topics (or messages) in one irn_batch* request; longer lists are refused with -32602. */
  maxBatchTopics?: number
  /** Most messages in one irn_batchFetchMessages reply. */
  maxFetchMessages?: number
  /** Most bytes in one irn_batchFetchMessages reply (a single larger message still goes out, alone). */
  maxFetchBytes?: number
  /** Quotas, each answered with -32005 and counted in stats().limitExceeded; 0 turns one off. Per client id: */
  maxSubscriptionsPerClient?: number
  /** Publishes per second, with bursts of twice as many. */
  maxPublishRate?: number
  /** Bytes of the messages a client published that are still stored (until their TTL). */
  maxStoredBytesPerClient?: number
  /** Per topic: messages stored, and their bytes. */
  maxTopicMessages?: number
  maxTopicBytes?: number
  /** Open (and opening) WebSocket connections per client IP; beyond it the upgrade gets HTTP 429. 0 = no limit. */
  maxConnectionsPerIp?: number
  /** A socket whose unsent data exceeds this (a client that stops reading) is closed. 0 = no limit. */
  maxBufferedBytes?: number
  /**
   * Proxies in front that append to X-Forwarded-For, as Fastify's trustProxy: their number (the client IP is the
   * address that many entries from the right), or their addresses/CIDRs (X-Forwarded-For is read from the right past
   * each of them; a socket from any other address keeps its own). 0 (default) uses the socket's address and ignores
   * the header (which anybody can send).
   */
  trustProxy?: TrustProxy
  /** @deprecated The same as a number `trustProxy`. */
  trustProxyHops?: number
  /** Origins the Verify stand-in serves: attestations for these dapp origins, CORS for these pages. */
  verifyOrigins?: string[]
  /** redis:// URL: messages, acknowledgements and fan-out go through Redis, shared by every relay using it. */
  redis?: string
  /** Key and channel prefix in Redis. */
  redisPrefix?: string
}

/** Defaults of the limits (docs/SELF-HOSTING.md lists them with their flags). */
export const RELAY_DEFAULTS = {
  maxMessageBytes: 512 * 1024,
  pingIntervalMs: 30_000,
  /** sign-client batch-subscribes (and fetches) at most 500 topics at a time. */
  maxBatchTopics: 500,
  maxFetchMessages: 500,
  maxFetchBytes: 1024 * 1024,
  maxSubscriptionsPerClient: 2000,
  maxPublishRate: 100,
  maxStoredBytesPerClient: 32 * 1024 * 1024,
  maxTopicMessages: 1000,
  maxTopicBytes: 8 * 1024 * 1024,
  /** On by default (issue 26 item 8): one address cannot hold thousands of sockets. Set 0 for load tests. */
  maxConnectionsPerIp: 100,
  maxBufferedBytes: 16 * 1024 * 1024,
  trustProxy: 0,
  redisPrefix: 'portico:relay:',
} as const

export type RelayLimitName = StoreLimitName | 'subscriptionsPerClient' | 'publishRate' | 'connectionsPerIp'

export interface RelayStats {
  /** Open WebSocket connections. */
  connections: number
  /** Distinct client ids (JWT `iss`) among the open connections. */
  clients: number
  /** Topics with at least one live subscription on this relay. */
  subscribedTopics: number
  /** Topics holding stored messages, and the messages they hold (until their TTL); with Redis, of all relays. */
  storedTopics: number
  storedMessages: number
  published: number
  /** Messages written to a subscriber's socket (push or fetch reply), counted once the write succeeded. */
  delivered: number
  acked: number
  rejectedConnections: number
  rejectedFrames: number
  restarts: number
  pingsSent: number
  pongsReceived: number
  /** Sockets closed because they missed a pong. */
  pingTimeouts: number
  /** Sockets closed because they stopped reading (maxBufferedBytes). */
  slowConsumers: number
  /** Requests (or upgrades) refused by a quota, per quota. */
  limitExceeded: Record<RelayLimitName, number>
}

export interface Relay {
  /** ws://host:port */
  url: string
  /** http://host:port (health and the local Verify API) */
  httpUrl: string
  stop(): Promise<void>
  /** Closes every socket and the listener, then listens again on the same port; stored messages survive. */
  restart(): Promise<void>
  stats(): RelayStats
  /** Adds origins to the Verify allowlist (e.g. a dapp or wallet started after the relay). */
  allowVerifyOrigins(...origins: string[]): void
}

/** JSON-RPC error codes the relay answers with. */
export const RELAY_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** A quota (per client or per topic) was exceeded; nothing of the request was done unless it says so. */
  limitExceeded: -32005,
  /** Frame larger than maxMessageBytes: an invalid request, answered and dropped unread. */
  payloadTooLarge: -32600,
} as const

/** Longest TTL accepted (the hosted relay caps at 30 days as well). */
const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
const PRUNE_INTERVAL_MS = 10_000
/** Frames of one socket waiting to be handled before the relay stops reading from it (backpressure). */
const MAX_QUEUED_FRAMES = 64
/** Unacknowledged pushes remembered per socket; the oldest are forgotten (and re-sent on a later subscribe). */
const MAX_INFLIGHT = 10_000
/** JSON of `{"id":…,"jsonrpc":"2.0","result":{"messages":[…],"hasMore":false}}` around the messages. */
const FETCH_ENVELOPE_BYTES = 100
/** Topics are what sign-client uses (hex) and similar tokens; nothing that could be read as structure. */
const TOPIC_PATTERN = /^[A-Za-z0-9_.:-]{1,256}$/
/** Tags sign-client would use had it published these messages itself. */
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
const PROPOSAL_TTL_SECONDS = 300

type JsonRpcId = number | string | null

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** Per client id on this relay: its sockets, subscriptions and publish allowance. */
class ClientState {
  readonly connections = new Set<Connection>()
  subscriptions = 0
  tokens: number
  refilledAt: number

  constructor(capacity: number, now: number) {
    this.tokens = capacity
    this.refilledAt = now
  }
}

/** One authenticated socket. Subscriptions belong to the socket: clients re-subscribe after reconnecting. */
class Connection {
  readonly topics = new Set<string>()
  /** topic -> sha256(topic + client id), computed once per subscription rather than per delivery. */
  readonly subscriptionIds = new Map<string, string>()
  /** irn_subscription request id -> the message, until the client acks. */
  readonly inflight = new Map<string, StoredMessage>()
  /** Keys being pushed or fetched right now, so no message goes out twice at once. */
  readonly inflightKeys = new Set<string>()
  alive = true
  closed = false
  queue: Promise<void> = Promise.resolve()
  queued = 0
  paused = false

  constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
    readonly client: ClientState,
  ) {}
}

export async function startRelay(opts: RelayOptions = {}): Promise<Relay> {
  const host = opts.host ?? '127.0.0.1'
  const limits = {
    maxMessageBytes: opts.maxMessageBytes ?? RELAY_DEFAULTS.maxMessageBytes,
    maxBatchTopics: opts.maxBatchTopics ?? RELAY_DEFAULTS.maxBatchTopics,
    maxFetchMessages: opts.maxFetchMessages ?? RELAY_DEFAULTS.maxFetchMessages,
    maxFetchBytes: opts.maxFetchBytes ?? RELAY_DEFAULTS.maxFetchBytes,
    maxSubscriptionsPerClient: opts.maxSubscriptionsPerClient ?? RELAY_DEFAULTS.maxSubscriptionsPerClient,
    maxPublishRate: opts.maxPublishRate ?? RELAY_DEFAULTS.maxPublishRate,
    maxStoredBytesPerClient: opts.maxStoredBytesPerClient ?? RELAY_DEFAULTS.maxStoredBytesPerClient,
    maxTopicMessages: opts.maxTopicMessages ?? RELAY_DEFAULTS.maxTopicMessages,
    maxTopicBytes: opts.maxTopicBytes ?? RELAY_DEFAULTS.maxTopicBytes,
    maxConnectionsPerIp: opts.maxConnectionsPerIp ?? RELAY_DEFAULTS.maxConnectionsPerIp,
    maxBufferedBytes: opts.maxBufferedBytes ?? RELAY_DEFAULTS.maxBufferedBytes,
  }
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`relay: ${name} must be a non-negative integer, got ${value}`)
  }
  for (const name of ['maxMessageBytes', 'maxBatchTopics', 'maxFetchMessages', 'maxFetchBytes'] as const) {
    if (limits[name] === 0) throw new Error(`relay: ${name} must be at least 1`)
  }
  const pingIntervalMs = opts.pingIntervalMs ?? RELAY_DEFAULTS.pingIntervalMs
  if (!Number.isFinite(pingIntervalMs) || pingIntervalMs < 10) throw new Error(`relay: pingIntervalMs must be at least 10, got ${pingIntervalMs}`)
  const clientIp = clientAddressOf(opts.trustProxy ?? opts.trustProxyHops ?? RELAY_DEFAULTS.trustProxy)
  const log = opts.log ?? (() => {})
  const publishBurst = limits.maxPublishRate * 2

  const storeLimits = {
    maxTopicMessages: limits.maxTopicMessages,
    maxTopicBytes: limits.maxTopicBytes,
    maxStoredBytesPerClient: limits.maxStoredBytesPerClient,
  }
  let store: RelayStore
  let bus: RelayBus
  if (opts.redis) {
    ;({ store, bus } = await RedisStore.connect({ url: opts.redis, prefix: opts.redisPrefix ?? RELAY_DEFAULTS.redisPrefix, limits: storeLimits, log }))
  } else {
    store = new MemoryStore(storeLimits)
    bus = new LocalBus()
  }
  const verify = new LocalVerifyServer(opts.verifyOrigins ?? [])
  const connections = new Set<Connection>()
  const clients = new Map<string, ClientState>()
  const subscribers = new Map<string, Set<Connection>>()
  const connectionsPerIp = new Map<string, number>()
  const counters = {
    published: 0,
    delivered: 0,
    acked: 0,
    rejectedConnections: 0,
    rejectedFrames: 0,
    restarts: 0,
    pingsSent: 0,
    pongsReceived: 0,
    pingTimeouts: 0,
    slowConsumers: 0,
  }
  const limitExceeded: Record<RelayLimitName, number> = {
    subscriptionsPerClient: 0,
    publishRate: 0,
    storedBytesPerClient: 0,
    topicMessages: 0,
    topicBytes: 0,
    connectionsPerIp: 0,
  }
  let outgoingId = 0
  let server: Server | undefined
  let port = opts.port ?? 0
  let stopped = false

  // Frames far beyond the limit are cut by ws itself (close 1009, that socket only); those slightly over get
  // a JSON-RPC error so a client learns why its message vanished.
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes * 4 + 4096 })

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        log(`relay: ${shortId(conn.clientId)} missed a pong, terminating`)
        counters.pingTimeouts++
        conn.ws.terminate()
        continue
      }
      conn.alive = false
      try {
        conn.ws.ping()
        counters.pingsSent++
      } catch {
        conn.ws.terminate()
      }
    }
  }, pingIntervalMs)
  pingTimer.unref()
  const pruneTimer = setInterval(() => {
    const now = Date.now()
    store.prune(now).catch((error: Error) => log(`relay: prune failed: ${error.message}`))
    for (const [clientId, client] of clients) {
      // Idle entries go once their allowance is whole again (forgetting them earlier would refill it for free).
      if (client.connections.size === 0 && refill(client, now) >= publishBurst) clients.delete(clientId)
    }
  }, PRUNE_INTERVAL_MS)
  pruneTimer.unref()

  bus.onMessage = (stored) => fanOut(stored)
  bus.onResync = () => {
    for (const conn of connections) void flushTopics(conn, [...conn.topics]).catch(() => {})
  }

  function nextOutgoingId(): number {
    // Same shape as the clients' ids (ms timestamp * 1000 + counter, below 2^53), and never repeated: a flush can
    // push thousands of messages within one millisecond, and each needs its own id for its ack.
    outgoingId = Math.max(outgoingId + 1, Date.now() * 1000)
    return outgoingId
  }

  /** Sends a JSON-RPC frame; `onWritten` learns whether it reached the socket. Cuts a socket that stopped reading. */
  function sendJson(conn: Connection, payload: unknown, onWritten?: (error?: Error) => void): void {
    if (conn.closed || conn.ws.readyState !== WebSocket.OPEN) {
      onWritten?.(new Error('socket is not open'))
      return
    }
    conn.ws.send(JSON.stringify(payload), onWritten)
    if (limits.maxBufferedBytes > 0 && conn.ws.bufferedAmount > limits.maxBufferedBytes) {
      counters.slowConsumers++
      log(`relay: ${shortId(conn.clientId)} does not read (${conn.ws.bufferedAmount} bytes waiting), closing`)
      conn.closed = true
      conn.ws.terminate()
    }
  }

  function reply(conn: Connection, id: JsonRpcId, result: unknown): void {
    sendJson(conn, { id, jsonrpc: '2.0', result })
  }

  function replyError(conn: Connection, id: JsonRpcId, code: number, message: string): void {
    counters.rejectedFrames++
    sendJson(conn, { id, jsonrpc: '2.0', error: { code, message } })
  }

  function overLimit(name: RelayLimitName, what: string): RpcError {
    limitExceeded[name]++
    return new RpcError(RELAY_ERROR.limitExceeded, `Limit exceeded: ${what}`)
  }

  function deliver(conn: Connection, stored: StoredMessage): void {
    if (conn.closed || stored.publisherId === conn.clientId || conn.inflightKeys.has(stored.key)) return
    const id = String(nextOutgoingId())
    if (conn.inflight.size >= MAX_INFLIGHT) {
      const [oldestId, oldest] = conn.inflight.entries().next().value as [string, StoredMessage]
      conn.inflight.delete(oldestId)
      conn.inflightKeys.delete(oldest.key)
    }
    conn.inflight.set(id, stored)
    conn.inflightKeys.add(stored.key)
    const payload = {
      id: Number(id),
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscriptionIdOf(conn, stored.topic), data: messageData(stored) },
    }
    sendJson(conn, payload, (error) => {
      if (!error) {
        counters.delivered++
        return
      }
      // Not written: not delivered. It stays stored and unacknowledged for the next subscribe or fetch.
      if (conn.inflight.get(id) === stored) {
        conn.inflight.delete(id)
        conn.inflightKeys.delete(stored.key)
      }
    })
  }

  function fanOut(stored: StoredMessage): void {
    for (const subscriber of subscribers.get(stored.topic) ?? []) deliver(subscriber, stored)
  }

  /** Subscribes `conn` to `topics` (within its client's quota) and waits until other relays' publishes reach it. */
  async function openSubscriptions(conn: Connection, topics: readonly string[]): Promise<void> {
    const fresh = topics.filter((topic) => !conn.topics.has(topic))
    const max = limits.maxSubscriptionsPerClient
    if (max > 0 && conn.client.subscriptions + fresh.length > max) {
      throw overLimit('subscriptionsPerClient', `at most ${max} subscriptions per client`)
    }
    for (const topic of fresh) conn.topics.add(topic)
    conn.client.subscriptions += fresh.length
    await bus.acquire(fresh)
  }

  /** Makes `conn` receive what is published on `topics` from now on (after its subscribe was answered). */
  function attach(conn: Connection, topics: readonly string[]): void {
    if (conn.closed) return
    for (const topic of topics) {
      if (!conn.topics.has(topic)) continue
      let set = subscribers.get(topic)
      if (!set) {
        set = new Set()
        subscribers.set(topic, set)
      }
      set.add(conn)
    }
  }

  function closeSubscriptions(conn: Connection, topics: readonly string[]): void {
    const held = topics.filter((topic) => conn.topics.delete(topic))
    conn.client.subscriptions -= held.length
    for (const topic of held) {
      conn.subscriptionIds.delete(topic)
      const set = subscribers.get(topic)
      set?.delete(conn)
      if (set?.size === 0) subscribers.delete(topic)
    }
    bus.release(held)
  }

  /**
   * Hands a (re)subscribing socket what it has not acknowledged yet, up to half of what its socket may buffer (so a
   * big backlog never gets a healthy client cut as a slow consumer); the rest follows on its next subscribe or fetch.
   */
  async function flushTopics(conn: Connection, topics: readonly string[]): Promise<void> {
    if (topics.length === 0 || conn.closed) return
    const budget = {
      messages: MAX_INFLIGHT,
      bytes: limits.maxBufferedBytes > 0 ? Math.ceil(limits.maxBufferedBytes / 2) : Number.MAX_SAFE_INTEGER,
    }
    const { messages } = await store.undelivered(conn.clientId, topics, Date.now(), budget)
    for (const stored of messages) deliver(conn, stored)
  }

  /** Takes `count` publishes from the client's allowance (a token bucket: `rate` per second, bursts of 2 x rate). */
  function takePublishes(conn: Connection, count: number): void {
    const rate = limits.maxPublishRate
    if (rate === 0) return
    const client = conn.client
    if (refill(client, Date.now()) < count) {
      throw overLimit('publishRate', `at most ${rate} publishes per second per client`)
    }
    client.tokens -= count
  }

  function refill(client: ClientState, now: number): number {
    const rate = limits.maxPublishRate
    if (now > client.refilledAt) {
      client.tokens = Math.min(publishBurst, client.tokens + ((now - client.refilledAt) / 1000) * rate)
      client.refilledAt = now
    }
    return client.tokens
  }

  async function publish(conn: Connection, input: PublishInput): Promise<void> {
    const result = await store.add(input, conn.clientId, Date.now())
    if (result.status === 'limit') {
      const what = {
        topicMessages: `at most ${limits.maxTopicMessages} messages stored per topic`,
        topicBytes: `at most ${limits.maxTopicBytes} bytes stored per topic`,
        storedBytesPerClient: `at most ${limits.maxStoredBytesPerClient} bytes stored per client`,
      }[result.limit]
      throw overLimit(result.limit, what)
    }
    if (result.status === 'duplicate') return
    counters.published++
    fanOut(result.stored)
    bus.publish(result.stored)
  }

  async function onAck(conn: Connection, id: JsonRpcId, ok: boolean): Promise<void> {
    const stored = conn.inflight.get(String(id))
    if (stored === undefined) {
      throw new RpcError(RELAY_ERROR.invalidRequest, 'Invalid Request: a response to no request of the relay')
    }
    conn.inflight.delete(String(id))
    conn.inflightKeys.delete(stored.key)
    if (!ok) return // stays undelivered: handed out again on the next subscribe or fetch
    counters.acked++
    await store.markAcked(conn.clientId, [stored])
  }

  async function fetchMessages(conn: Connection, id: JsonRpcId, topics: string[]): Promise<void> {
    const { messages, more } = await store.undelivered(conn.clientId, topics, Date.now(), {
      messages: limits.maxFetchMessages + 1,
      bytes: limits.maxFetchBytes + 1,
    })
    const candidates = messages.filter((stored) => !conn.inflightKeys.has(stored.key))
    const page: StoredMessage[] = []
    const entries: ReturnType<typeof messageData>[] = []
    let bytes = FETCH_ENVELOPE_BYTES + String(id).length
    for (const stored of candidates) {
      const entry = messageData(stored)
      const size = Buffer.byteLength(JSON.stringify(entry)) + 1
      if (page.length >= limits.maxFetchMessages || (page.length > 0 && bytes + size > limits.maxFetchBytes)) break
      page.push(stored)
      entries.push(entry)
      bytes += size
    }
    for (const stored of page) conn.inflightKeys.add(stored.key)
    const result = { messages: entries, hasMore: more || page.length < candidates.length }
    // The reply is the delivery: what reached the socket counts as delivered and acknowledged, nothing else. The
    // socket's next frames need not wait for that (a client that does not read would stall its own queue).
    sendJson(conn, { id, jsonrpc: '2.0', result }, (error) => {
      for (const stored of page) conn.inflightKeys.delete(stored.key)
      if (error || page.length === 0) return
      counters.delivered += page.length
      store.markAcked(conn.clientId, page).catch((failure: Error) => log(`relay: recording a fetch failed: ${failure.message}`))
    })
  }

  /** Handlers answer (or throw an RpcError) themselves: some must answer before they fan out, others after. */
  const methods: Record<string, (conn: Connection, params: unknown, id: JsonRpcId) => Promise<void>> = {
    async irn_subscribe(conn, params, id) {
      const topic = readTopic(readObject(params, 'params').topic, 'topic')
      await openSubscriptions(conn, [topic])
      if (conn.closed) return
      // Answer first: a subscriber learns its subscription before the messages it brings.
      reply(conn, id, subscriptionIdOf(conn, topic))
      attach(conn, [topic])
      await flushTopics(conn, [topic])
    },
    async irn_batchSubscribe(conn, params, id) {
      const topics = readTopicList(readObject(params, 'params').topics, 'topics', limits.maxBatchTopics)
      await openSubscriptions(conn, topics)
      if (conn.closed) return
      reply(conn, id, topics.map((topic) => subscriptionIdOf(conn, topic)))
      attach(conn, topics)
      await flushTopics(conn, topics)
    },
    async irn_unsubscribe(conn, params, id) {
      const topic = readTopic(readObject(params, 'params').topic, 'topic')
      closeSubscriptions(conn, [topic])
      reply(conn, id, true)
    },
    async irn_batchUnsubscribe(conn, params, id) {
      const { subscriptions } = readObject(params, 'params')
      const entries = readList(subscriptions, 'subscriptions', limits.maxBatchTopics)
      const topics = entries.map((entry, i) => readTopic(readObject(entry, `subscriptions[${i}]`).topic, 'topic'))
      closeSubscriptions(conn, [...new Set(topics)])
      reply(conn, id, true)
    },
    async irn_publish(conn, params, id) {
      const input = readPublish(params, 'params')
      takePublishes(conn, 1)
      await publish(conn, input)
      reply(conn, id, true)
    },
    async irn_batchPublish(conn, params, id) {
      const { messages } = readObject(params, 'params')
      const inputs = readList(messages, 'messages', limits.maxBatchTopics).map((entry, i) => readPublish(entry, `messages[${i}]`))
      takePublishes(conn, inputs.length)
      for (const input of inputs) await publish(conn, input)
      reply(conn, id, true)
    },
    async irn_batchFetchMessages(conn, params, id) {
      const topics = readTopicList(readObject(params, 'params').topics, 'topics', limits.maxBatchTopics)
      await fetchMessages(conn, id, topics)
    },
    // sign-client 2.25 sends the proposal through this: publish on the pairing topic and subscribe the dapp to
    // it (it created the pairing with skipSubscribe).
    async wc_proposeSession(conn, params, id) {
      const p = readObject(params, 'params')
      const pairingTopic = readTopic(p.pairingTopic, 'pairingTopic')
      const proposal = readMessage(p.sessionProposal, 'sessionProposal')
      const ttl = readTtl(p.ttl, PROPOSAL_TTL_SECONDS)
      const attestation = typeof p.attestation === 'string' ? p.attestation : undefined
      takePublishes(conn, 1)
      await openSubscriptions(conn, [pairingTopic])
      attach(conn, [pairingTopic])
      await publish(conn, {
        topic: pairingTopic,
        message: proposal,
        ttl,
        tag: readTag(p.tag) ?? TAG_SESSION_PROPOSE,
        ...(attestation !== undefined ? { attestation } : {}),
      })
      reply(conn, id, true)
      await flushTopics(conn, [pairingTopic])
    },
    // The wallet's approval: the proposal response goes to the pairing topic, the settle request to the new
    // session topic, and the wallet is subscribed to the session topic (it subscribed with skipSubscribe).
    async wc_approveSession(conn, params, id) {
      const p = readObject(params, 'params')
      const pairingTopic = readTopic(p.pairingTopic, 'pairingTopic')
      const sessionTopic = readTopic(p.sessionTopic, 'sessionTopic')
      const response = readMessage(p.sessionProposalResponse, 'sessionProposalResponse')
      const settle = readMessage(p.sessionSettlementRequest, 'sessionSettlementRequest')
      const ttl = readTtl(p.ttl, PROPOSAL_TTL_SECONDS)
      takePublishes(conn, 2)
      await openSubscriptions(conn, [sessionTopic])
      attach(conn, [sessionTopic])
      await publish(conn, { topic: pairingTopic, message: response, ttl, tag: TAG_SESSION_PROPOSE_RESPONSE })
      await publish(conn, { topic: sessionTopic, message: settle, ttl, tag: TAG_SESSION_SETTLE })
      reply(conn, id, true)
      await flushTopics(conn, [sessionTopic])
    },
  }

  async function onFrame(conn: Connection, data: RawData, isBinary: boolean): Promise<void> {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    if (buffer.length > limits.maxMessageBytes) {
      replyError(conn, sniffId(buffer), RELAY_ERROR.payloadTooLarge, `Payload too large: ${buffer.length} bytes, limit ${limits.maxMessageBytes}`)
      return
    }
    let payload: unknown
    try {
      payload = JSON.parse(buffer.toString('utf8'))
    } catch {
      replyError(conn, null, RELAY_ERROR.parse, isBinary ? 'Parse error: binary frame' : 'Parse error')
      return
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      replyError(conn, null, RELAY_ERROR.invalidRequest, 'Invalid Request: expected a JSON-RPC object')
      return
    }
    const message = payload as Record<string, unknown>
    const id = readId(message.id)
    if (id === undefined) {
      replyError(conn, null, RELAY_ERROR.invalidRequest, 'Invalid Request: id must be a number or a string of at most 128 characters')
      return
    }
    try {
      if (message.method === undefined) {
        // A response: the client's ack of an irn_subscription (result true) or its refusal.
        if ('result' in message || 'error' in message) {
          await onAck(conn, id, 'result' in message && message.error === undefined)
          return
        }
        throw new RpcError(RELAY_ERROR.invalidRequest, 'Invalid Request: no method')
      }
      if (typeof message.method !== 'string' || message.jsonrpc !== '2.0') {
        throw new RpcError(RELAY_ERROR.invalidRequest, 'Invalid Request: jsonrpc must be "2.0" and method a string')
      }
      const handler = Object.hasOwn(methods, message.method) ? methods[message.method] : undefined
      if (!handler) {
        throw new RpcError(RELAY_ERROR.methodNotFound, `Method not found: ${printable(message.method.slice(0, 100))}`)
      }
      await handler(conn, message.params, id)
    } catch (error) {
      if (error instanceof RpcError) {
        // An ack nobody waits for is answered without its id: the client has no request of that id open.
        replyError(conn, message.method === undefined ? null : id, error.code, error.message)
        return
      }
      // A bug (or Redis failing) in one frame's handling must not take the relay or anybody else's socket down.
      log(`relay: error handling a frame from ${shortId(conn.clientId)}: ${(error as Error).stack ?? String(error)}`)
      replyError(conn, id, RELAY_ERROR.internal, 'Internal error')
    }
  }

  function onConnection(ws: WebSocket, clientId: string): void {
    let client = clients.get(clientId)
    if (!client) {
      client = new ClientState(publishBurst, Date.now())
      clients.set(clientId, client)
    }
    const conn = new Connection(ws, clientId, client)
    client.connections.add(conn)
    connections.add(conn)
    log(`relay: ${shortId(clientId)} connected (${connections.size} open)`)
    ws.on('pong', () => {
      counters.pongsReceived++
      conn.alive = true
    })
    ws.on('message', (data, isBinary) => {
      // One frame at a time per socket, in order; a client that sends faster than it is served is not read from.
      conn.queued++
      if (conn.queued >= MAX_QUEUED_FRAMES && !conn.paused) {
        conn.paused = true
        ws.pause()
      }
      conn.queue = conn.queue
        .then(() => onFrame(conn, data, isBinary))
        .catch((error: unknown) => log(`relay: frame from ${shortId(clientId)} failed: ${String(error)}`))
        .then(() => {
          conn.queued--
          if (conn.paused && conn.queued <= MAX_QUEUED_FRAMES / 2) {
            conn.paused = false
            ws.resume()
          }
        })
    })
    ws.on('error', (error) => log(`relay: socket error from ${shortId(clientId)}: ${error.message}`))
    ws.on('close', () => {
      conn.closed = true
      connections.delete(conn)
      client.connections.delete(conn)
      closeSubscriptions(conn, [...conn.topics])
      conn.inflight.clear()
      conn.inflightKeys.clear()
      log(`relay: ${shortId(clientId)} disconnected (${connections.size} open)`)
    })
  }

  function refuseUpgrade(socket: Duplex, status: number): void {
    const text = STATUS_CODES[status] ?? 'Error'
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
      () => socket.destroy(),
    )
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy())
    try {
      const url = requestUrl(req.url)
      if (!url) {
        counters.rejectedConnections++
        refuseUpgrade(socket, 400)
        return
      }
      const ip = clientIp(req)
      const open = connectionsPerIp.get(ip) ?? 0
      if (limits.maxConnectionsPerIp > 0 && open >= limits.maxConnectionsPerIp) {
        counters.rejectedConnections++
        limitExceeded.connectionsPerIp++
        log(`relay: refused a connection from ${ip}: ${open} open`)
        refuseUpgrade(socket, 429)
        return
      }
      // Counted from the upgrade on (authentication takes a moment) until the socket closes, whatever happens.
      connectionsPerIp.set(ip, open + 1)
      socket.once('close', () => {
        const left = (connectionsPerIp.get(ip) ?? 1) - 1
        if (left > 0) connectionsPerIp.set(ip, left)
        else connectionsPerIp.delete(ip)
      })
      authenticate(url.searchParams.get('auth'), req.headers.host).then(
        (clientId) => {
          if (socket.destroyed) return
          if (!clientId) {
            counters.rejectedConnections++
            log('relay: refused a connection without a valid auth JWT')
            refuseUpgrade(socket, 401)
            return
          }
          try {
            wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, clientId))
          } catch (error) {
            log(`relay: upgrade failed: ${(error as Error).message}`)
            socket.destroy()
          }
        },
        () => socket.destroy(),
      )
    } catch (error) {
      log(`relay: upgrade failed: ${(error as Error).message}`)
      counters.rejectedConnections++
      refuseUpgrade(socket, 400)
    }
  }

  function onHttpRequest(req: IncomingMessage, res: ServerResponse): void {
    try {
      const url = requestUrl(req.url)
      if (!url) {
        send(res, 400, 'application/json', JSON.stringify({ error: 'bad request target' }))
        return
      }
      if (req.method === 'OPTIONS') {
        // Preflight: only the Verify paths, only for allowed origins.
        const origin = req.headers.origin
        if (verify.owns(url.pathname) && verify.allows(origin)) {
          res.writeHead(204, {
            ...verify.corsHeaders(origin),
            'access-control-allow-methods': 'GET, OPTIONS',
            'access-control-allow-headers': 'content-type',
            'access-control-max-age': '600',
          })
          res.end()
        } else {
          send(res, 403, 'application/json', JSON.stringify({ error: 'origin not allowed' }), { vary: 'Origin' })
        }
        return
      }
      if (verify.handle(req, res, url)) return
      if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/health')) {
        send(res, 200, 'application/json', JSON.stringify({ status: 'ok', connections: connections.size }))
        return
      }
      send(res, 404, 'application/json', JSON.stringify({ error: 'not found' }))
    } catch (error) {
      log(`relay: HTTP request failed: ${(error as Error).stack ?? String(error)}`)
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ error: 'internal error' }))
      else res.destroy()
    }
  }

  async function listen(): Promise<void> {
    const next = createServer(onHttpRequest)
    next.on('upgrade', onUpgrade)
    // What Node's HTTP parser refuses (bad method, oversized head, garbage) still gets an answer.
    next.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy()
        return
      }
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy())
    })
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject)
      next.listen(port, host, () => {
        next.off('error', reject)
        resolve()
      })
    })
    next.on('error', (error) => log(`relay: server error: ${error.message}`))
    port = (next.address() as AddressInfo).port
    server = next
  }

  async function closeListener(): Promise<void> {
    const current = server
    server = undefined
    const socketsClosed = [...connections].map(
      (conn) =>
        new Promise<void>((resolve) => {
          if (conn.ws.readyState === WebSocket.CLOSED) resolve()
          else conn.ws.once('close', () => resolve())
          conn.ws.terminate()
        }),
    )
    const listenerClosed = current
      ? new Promise<void>((resolve) => {
          current.close(() => resolve())
          current.closeAllConnections()
        })
      : Promise.resolve()
    await Promise.all([...socketsClosed, listenerClosed])
  }

  try {
    await listen()
  } catch (error) {
    clearInterval(pingTimer)
    clearInterval(pruneTimer)
    await Promise.all([bus.close(), store.close()])
    throw error
  }
  const urlHost = host.includes(':') ? `[${host}]` : host
  const url = `ws://${urlHost}:${port}`
  const httpUrl = `http://${urlHost}:${port}`
  log(`relay: listening on ${url}${opts.redis ? ' (messages in Redis)' : ''}`)

  return {
    url,
    httpUrl,
    async stop() {
      if (stopped) return
      stopped = true
      clearInterval(pingTimer)
      clearInterval(pruneTimer)
      await closeListener()
      wss.close()
      await bus.close()
      await store.close()
      log('relay: stopped')
    },
    async restart() {
      if (stopped) throw new Error('relay: restart() after stop()')
      await closeListener()
      await listen()
      counters.restarts++
      log(`relay: restarted on ${url} keeping ${store.counts(Date.now()).messages} stored messages`)
    },
    stats() {
      const counts = store.counts(Date.now())
      return {
        connections: connections.size,
        clients: new Set([...connections].map((conn) => conn.clientId)).size,
        subscribedTopics: subscribers.size,
        storedTopics: counts.topics,
        storedMessages: counts.messages,
        ...counters,
        limitExceeded: { ...limitExceeded },
      }
    },
    allowVerifyOrigins(...origins) {
      verify.allow(...origins)
    },
  }
}

/** sha256 hex of topic + client id, the id sign-client computes for its own subscriptions. */
export function subscriptionId(topic: string, clientId: string): string {
  return sha256Hex(topic + clientId)
}

function subscriptionIdOf(conn: Connection, topic: string): string {
  let id = conn.subscriptionIds.get(topic)
  if (id === undefined) {
    id = subscriptionId(topic, conn.clientId)
    if (conn.topics.has(topic)) conn.subscriptionIds.set(topic, id)
  }
  return id
}

/** What an irn_subscription push and a fetch reply carry of a stored message. */
function messageData(stored: StoredMessage) {
  return {
    topic: stored.topic,
    message: stored.message,
    publishedAt: stored.publishedAt,
    ...(stored.tag !== undefined ? { tag: stored.tag } : {}),
    ...(stored.attestation !== undefined ? { attestation: stored.attestation } : {}),
  }
}

/** The request target as a URL, or undefined when it is none (e.g. `http://[`): such requests get a 400. */
function requestUrl(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://relay.local')
  } catch {
    return undefined
  }
}

/**
 * Client id (`iss`, a did:key) of a valid, unexpired relay-auth JWT, else undefined. What relay-auth's verifyJWT
 * checks (EdDSA JWT signed by the key in `iss`), with Node's native Ed25519: about 25 times faster than the
 * JavaScript curve, which matters when thousands of clients reconnect at once. (OpenSSL follows RFC 8032 strictly;
 * the signatures clients make pass either way.)
 */
async function authenticate(jwt: string | null, host: string | undefined): Promise<string | undefined> {
  if (!jwt || jwt.length > 4096) return undefined
  try {
    const { header, payload, data, signature } = decodeJWT(jwt)
    if (header?.alg !== 'EdDSA' || header.typ !== 'JWT') return undefined
    if (typeof payload?.iss !== 'string' || !payload.iss.startsWith('did:key:')) return undefined
    // Issue 26 item 8: `exp` is required (sign-client's tokens last a day), and `aud` must be this relay as the
    // client addressed it (sign-client signs its relayUrl): a token minted for another relay is not replayed here.
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) return undefined
    if (typeof payload.aud !== 'string' || !host || !audienceIsHost(payload.aud, host)) return undefined
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(decodeIss(payload.iss)).toString('base64url') }, format: 'jwk' })
    return verifySignature(null, data, key, signature) ? payload.iss : undefined
  } catch {
    return undefined
  }
}

/** True when a relay-auth `aud` (a ws:, wss:, http: or https: URL) names `host` (the upgrade's Host header). */
function audienceIsHost(aud: string, host: string): boolean {
  try {
    const url = new URL(aud)
    return ['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol) && url.host === host.toLowerCase()
  } catch {
    return false
  }
}

function shortId(clientId: string): string {
  return clientId.slice(-8)
}

/** A method name as it may appear in an error message: no control characters or lone surrogates. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?')
}

function invalidParams(message: string): RpcError {
  return new RpcError(RELAY_ERROR.invalidParams, `Invalid params: ${message}`)
}

/** The id to answer with: a number, a short string or null (absent); undefined when it is anything else. */
function readId(value: unknown): JsonRpcId | undefined {
  if (value === undefined || value === null) return null
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'string' && value.length <= 128) return value
  return undefined
}

/** The id of an oversized frame without parsing it: clients put `id` first. */
function sniffId(buffer: Buffer): JsonRpcId {
  const match = /^\s*\{\s*"id"\s*:\s*(\d{1,15}|"[^"\\]{0,100}")/.exec(buffer.subarray(0, 160).toString('utf8'))
  if (!match?.[1]) return null
  return match[1].startsWith('"') ? match[1].slice(1, -1) : Number(match[1])
}

function readObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${name} must be an object`)
  return value as Record<string, unknown>
}

function readTopic(value: unknown, name: string): string {
  if (typeof value !== 'string' || !TOPIC_PATTERN.test(value)) {
    throw invalidParams(`${name} must be 1 to 256 characters of A-Z a-z 0-9 _ . : -`)
  }
  return value
}

function readList(value: unknown, name: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalidParams(`${name} must be an array`)
  if (value.length > max) throw invalidParams(`${name} holds ${value.length} entries, at most ${max} are accepted`)
  return value
}

/** A batch's topics, checked, without repeats, in first-seen order. */
function readTopicList(value: unknown, name: string, max: number): string[] {
  const topics = readList(value, name, max).map((topic, i) => readTopic(topic, `${name}[${i}]`))
  return [...new Set(topics)]
}

function readMessage(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw invalidParams(`${name} must be a non-empty string`)
  return value
}

function readTtl(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TTL_SECONDS) {
    throw invalidParams(`ttl must be a number of seconds in (0, ${MAX_TTL_SECONDS}]`)
  }
  return value
}

function readTag(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined
}

function readPublish(value: unknown, name: string): PublishInput {
  const p = readObject(value, name)
  const topic = readTopic(p.topic, `${name}.topic`)
  const message = readMessage(p.message, `${name}.message`)
  if (p.ttl === undefined) throw invalidParams(`${name}.ttl is required`)
  const ttl = readTtl(p.ttl, 0)
  const tag = readTag(p.tag)
  const attestation = typeof p.attestation === 'string' ? p.attestation : undefined
  return {
    topic,
    message,
    ttl,
    ...(tag !== undefined ? { tag } : {}),
    ...(attestation !== undefined ? { attestation } : {}),
  }
}
