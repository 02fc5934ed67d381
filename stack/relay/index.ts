import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { MessageStore, sha256Hex, type PublishInput, type StoredMessage } from './message-store.ts'
import { LocalVerifyServer, send } from './verify-server.ts'

export { pointVerifyAtLocalRelay, disableVerifyAttestation } from './verify-client.ts'

export interface RelayOptions {
  /** 0 (default) picks a free port. */
  port?: number
  host?: '127.0.0.1'
  /** Largest accepted frame; larger ones get a JSON-RPC error and are not processed. Default 512 KiB. */
  maxMessageBytes?: number
  log?: (line: string) => void
  /** WebSocket ping period. Clients drop a socket that stays silent for 35 s, so keep this well below. */
  pingIntervalMs?: number
}

export interface RelayStats {
  /** Open WebSocket connections. */
  connections: number
  /** Distinct client ids (JWT `iss`) among the open connections. */
  clients: number
  /** Topics with at least one live subscription. */
  subscribedTopics: number
  /** Topics holding stored messages, and the messages they hold (until their TTL). */
  storedTopics: number
  storedMessages: number
  published: number
  delivered: number
  acked: number
  rejectedConnections: number
  rejectedFrames: number
  restarts: number
}

export interface Relay {
  /** ws://127.0.0.1:port */
  url: string
  /** http://127.0.0.1:port (health and the local Verify API) */
  httpUrl: string
  stop(): Promise<void>
  /** Closes every socket and the listener, then listens again on the same port; stored messages survive. */
  restart(): Promise<void>
  stats(): RelayStats
}

/** JSON-RPC error codes the relay answers with. */
export const RELAY_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** Frame larger than maxMessageBytes: an invalid request, answered and dropped unread. */
  payloadTooLarge: -32600,
} as const

const DEFAULT_MAX_MESSAGE_BYTES = 512 * 1024
const DEFAULT_PING_INTERVAL_MS = 30_000
/** Longest TTL accepted (the hosted relay caps at 30 days as well). */
const MAX_TTL_SECONDS = 30 * 24 * 60 * 60
const FETCH_PAGE_SIZE = 500
const PRUNE_INTERVAL_MS = 10_000
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

/** One authenticated socket. Subscriptions belong to the socket: clients re-subscribe after reconnecting. */
class Connection {
  readonly topics = new Set<string>()
  /** irn_subscription request id -> stored message key, until the client acks. */
  readonly inflight = new Map<string, string>()
  readonly inflightKeys = new Set<string>()
  alive = true

  constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
  ) {}
}

export async function startRelay(opts: RelayOptions = {}): Promise<Relay> {
  const host = opts.host ?? '127.0.0.1'
  const maxMessageBytes = opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES
  const pingIntervalMs = opts.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS
  const log = opts.log ?? (() => {})

  const store = new MessageStore()
  const verify = new LocalVerifyServer()
  const connections = new Set<Connection>()
  const subscribers = new Map<string, Set<Connection>>()
  const counters = { published: 0, delivered: 0, acked: 0, rejectedConnections: 0, rejectedFrames: 0, restarts: 0 }
  let outgoingId = 0
  let server: Server | undefined
  let port = opts.port ?? 0
  let stopped = false

  // Frames far beyond the limit are cut by ws itself (close 1009, that socket only); those slightly over get
  // a JSON-RPC error so a client learns why its message vanished.
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes * 4 + 4096 })

  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        log(`relay: ${shortId(conn.clientId)} missed a pong, terminating`)
        conn.ws.terminate()
        continue
      }
      conn.alive = false
      conn.ws.ping()
    }
  }, pingIntervalMs)
  pingTimer.unref()
  const pruneTimer = setInterval(() => store.prune(Date.now()), PRUNE_INTERVAL_MS)
  pruneTimer.unref()

  function nextOutgoingId(): number {
    // Same shape as the clients' ids (ms timestamp * 1000 + counter), below 2^53.
    outgoingId = (outgoingId + 1) % 1000
    return Date.now() * 1000 + outgoingId
  }

  function sendJson(conn: Connection, payload: unknown): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return
    conn.ws.send(JSON.stringify(payload))
  }

  function reply(conn: Connection, id: JsonRpcId, result: unknown): void {
    sendJson(conn, { id, jsonrpc: '2.0', result })
  }

  function replyError(conn: Connection, id: JsonRpcId, code: number, message: string): void {
    counters.rejectedFrames++
    sendJson(conn, { id, jsonrpc: '2.0', error: { code, message } })
  }

  function deliver(conn: Connection, stored: StoredMessage): void {
    if (conn.inflightKeys.has(stored.key)) return
    if (store.isAcked(conn.clientId, stored.key)) return
    if (stored.publisherId === conn.clientId) return
    const id = nextOutgoingId()
    conn.inflight.set(String(id), stored.key)
    conn.inflightKeys.add(stored.key)
    counters.delivered++
    sendJson(conn, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId(stored.topic, conn.clientId),
        data: {
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          ...(stored.tag !== undefined ? { tag: stored.tag } : {}),
          ...(stored.attestation !== undefined ? { attestation: stored.attestation } : {}),
        },
      },
    })
  }

  function subscribe(conn: Connection, topic: string): string {
    conn.topics.add(topic)
    let set = subscribers.get(topic)
    if (!set) {
      set = new Set()
      subscribers.set(topic, set)
    }
    set.add(conn)
    return subscriptionId(topic, conn.clientId)
  }

  /** Hands a (re)subscribing socket whatever it has not acknowledged yet. */
  function flushTopic(conn: Connection, topic: string): void {
    for (const stored of store.undeliveredFor(conn.clientId, topic, Date.now())) deliver(conn, stored)
  }

  function unsubscribe(conn: Connection, topic: string): void {
    conn.topics.delete(topic)
    const set = subscribers.get(topic)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) subscribers.delete(topic)
  }

  function publish(conn: Connection, input: PublishInput): void {
    const { stored, isNew } = store.add(input, conn.clientId, Date.now())
    if (!isNew) return
    counters.published++
    for (const subscriber of subscribers.get(input.topic) ?? []) deliver(subscriber, stored)
  }

  function onAck(conn: Connection, id: JsonRpcId, ok: boolean): void {
    const key = conn.inflight.get(String(id))
    if (key === undefined) return
    conn.inflight.delete(String(id))
    conn.inflightKeys.delete(key)
    if (!ok) return // stays undelivered: handed out again on the next subscribe or fetch
    counters.acked++
    store.markAcked(conn.clientId, key)
  }

  const methods: Record<string, (conn: Connection, params: unknown) => unknown> = {
    irn_subscribe(conn, params) {
      const { topic } = readObject(params, 'params')
      const topicName = readTopic(topic, 'topic')
      const id = subscribe(conn, topicName)
      return { result: id, after: () => flushTopic(conn, topicName) }
    },
    irn_batchSubscribe(conn, params) {
      const topics = readTopicList(readObject(params, 'params').topics, 'topics')
      const ids = topics.map((topic) => subscribe(conn, topic))
      return { result: ids, after: () => topics.forEach((topic) => flushTopic(conn, topic)) }
    },
    irn_unsubscribe(conn, params) {
      const { topic } = readObject(params, 'params')
      unsubscribe(conn, readTopic(topic, 'topic'))
      return { result: true }
    },
    irn_batchUnsubscribe(conn, params) {
      const { subscriptions } = readObject(params, 'params')
      if (!Array.isArray(subscriptions)) throw invalidParams('subscriptions must be an array')
      const topics = subscriptions.map((entry, i) => readTopic(readObject(entry, `subscriptions[${i}]`).topic, 'topic'))
      topics.forEach((topic) => unsubscribe(conn, topic))
      return { result: true }
    },
    irn_publish(conn, params) {
      const input = readPublish(params, 'params')
      return { result: true, after: () => publish(conn, input) }
    },
    irn_batchPublish(conn, params) {
      const { messages } = readObject(params, 'params')
      if (!Array.isArray(messages)) throw invalidParams('messages must be an array')
      const inputs = messages.map((entry, i) => readPublish(entry, `messages[${i}]`))
      return { result: true, after: () => inputs.forEach((input) => publish(conn, input)) }
    },
    irn_batchFetchMessages(conn, params) {
      const topics = readTopicList(readObject(params, 'params').topics, 'topics')
      const now = Date.now()
      const pending = topics
        .flatMap((topic) => store.undeliveredFor(conn.clientId, topic, now))
        .filter((stored) => !conn.inflightKeys.has(stored.key))
      const page = pending.slice(0, FETCH_PAGE_SIZE)
      // The response is the delivery: what was fetched counts as acknowledged.
      for (const stored of page) store.markAcked(conn.clientId, stored.key)
      counters.delivered += page.length
      return {
        result: {
          messages: page.map((stored) => ({
            topic: stored.topic,
            message: stored.message,
            publishedAt: stored.publishedAt,
            ...(stored.tag !== undefined ? { tag: stored.tag } : {}),
            ...(stored.attestation !== undefined ? { attestation: stored.attestation } : {}),
          })),
          hasMore: pending.length > page.length,
        },
      }
    },
    // sign-client 2.25 sends the proposal through this: publish on the pairing topic and subscribe the dapp to
    // it (it created the pairing with skipSubscribe).
    wc_proposeSession(conn, params) {
      const p = readObject(params, 'params')
      const pairingTopic = readTopic(p.pairingTopic, 'pairingTopic')
      const proposal = readMessage(p.sessionProposal, 'sessionProposal')
      const ttl = readTtl(p.ttl, PROPOSAL_TTL_SECONDS)
      const attestation = typeof p.attestation === 'string' ? p.attestation : undefined
      subscribe(conn, pairingTopic)
      return {
        result: true,
        after: () => {
          flushTopic(conn, pairingTopic)
          publish(conn, {
            topic: pairingTopic,
            message: proposal,
            ttl,
            tag: readTag(p.tag) ?? TAG_SESSION_PROPOSE,
            ...(attestation !== undefined ? { attestation } : {}),
          })
        },
      }
    },
    // The wallet's approval: the proposal response goes to the pairing topic, the settle request to the new
    // session topic, and the wallet is subscribed to the session topic (it subscribed with skipSubscribe).
    wc_approveSession(conn, params) {
      const p = readObject(params, 'params')
      const pairingTopic = readTopic(p.pairingTopic, 'pairingTopic')
      const sessionTopic = readTopic(p.sessionTopic, 'sessionTopic')
      const response = readMessage(p.sessionProposalResponse, 'sessionProposalResponse')
      const settle = readMessage(p.sessionSettlementRequest, 'sessionSettlementRequest')
      const ttl = readTtl(p.ttl, PROPOSAL_TTL_SECONDS)
      subscribe(conn, sessionTopic)
      return {
        result: true,
        after: () => {
          flushTopic(conn, sessionTopic)
          publish(conn, { topic: pairingTopic, message: response, ttl, tag: TAG_SESSION_PROPOSE_RESPONSE })
          publish(conn, { topic: sessionTopic, message: settle, ttl, tag: TAG_SESSION_SETTLE })
        },
      }
    },
  }

  function onFrame(conn: Connection, data: RawData, isBinary: boolean): void {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    if (buffer.length > maxMessageBytes) {
      replyError(conn, sniffId(buffer), RELAY_ERROR.payloadTooLarge, `Payload too large: ${buffer.length} bytes, limit ${maxMessageBytes}`)
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
    if (message.method === undefined) {
      // A response: the client's ack of an irn_subscription (result true) or its refusal.
      if ('result' in message || 'error' in message) {
        onAck(conn, id, 'result' in message && message.error === undefined)
        return
      }
      replyError(conn, id, RELAY_ERROR.invalidRequest, 'Invalid Request: no method')
      return
    }
    if (typeof message.method !== 'string' || message.jsonrpc !== '2.0') {
      replyError(conn, id, RELAY_ERROR.invalidRequest, 'Invalid Request: jsonrpc must be "2.0" and method a string')
      return
    }
    const handler = Object.hasOwn(methods, message.method) ? methods[message.method] : undefined
    if (!handler) {
      replyError(conn, id, RELAY_ERROR.methodNotFound, `Method not found: ${message.method.slice(0, 100)}`)
      return
    }
    let outcome: { result: unknown; after?: () => void }
    try {
      outcome = handler(conn, message.params) as { result: unknown; after?: () => void }
    } catch (error) {
      if (error instanceof RpcError) {
        replyError(conn, id, error.code, error.message)
        return
      }
      throw error
    }
    // Answer first, then fan out: a subscriber learns its subscription before the messages it brings.
    reply(conn, id, outcome.result)
    outcome.after?.()
  }

  function onConnection(ws: WebSocket, clientId: string): void {
    const conn = new Connection(ws, clientId)
    connections.add(conn)
    log(`relay: ${shortId(clientId)} connected (${connections.size} open)`)
    ws.on('pong', () => {
      conn.alive = true
    })
    ws.on('message', (data, isBinary) => {
      try {
        onFrame(conn, data, isBinary)
      } catch (error) {
        // A bug in one frame's handling must not take the relay (or anybody else's socket) down.
        log(`relay: error handling a frame from ${shortId(clientId)}: ${(error as Error).stack ?? String(error)}`)
        replyError(conn, null, -32603, 'Internal error')
      }
    })
    ws.on('error', (error) => log(`relay: socket error from ${shortId(clientId)}: ${error.message}`))
    ws.on('close', () => {
      connections.delete(conn)
      for (const topic of [...conn.topics]) unsubscribe(conn, topic)
      conn.inflight.clear()
      conn.inflightKeys.clear()
      log(`relay: ${shortId(clientId)} disconnected (${connections.size} open)`)
    })
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy())
    const url = new URL(req.url ?? '/', 'http://relay.local')
    authenticate(url.searchParams.get('auth')).then(
      (clientId) => {
        if (!clientId) {
          counters.rejectedConnections++
          log('relay: refused a connection without a valid auth JWT')
          socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n\r\nUnauthorized')
          return
        }
        wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, clientId))
      },
      () => socket.destroy(),
    )
  }

  function onHttpRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://relay.local')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, OPTIONS',
        'access-control-allow-headers': '*',
      })
      res.end()
      return
    }
    if (verify.handle(req, res, url)) return
    if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/health')) {
      send(res, 200, 'application/json', JSON.stringify({ status: 'ok', connections: connections.size }))
      return
    }
    send(res, 404, 'application/json', JSON.stringify({ error: 'not found' }))
  }

  async function listen(): Promise<void> {
    const next = createServer(onHttpRequest)
    next.on('upgrade', onUpgrade)
    next.on('clientError', (_error, socket) => socket.destroy())
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

  await listen()
  const url = `ws://${host}:${port}`
  const httpUrl = `http://${host}:${port}`
  log(`relay: listening on ${url}`)

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
      store.clear()
      log('relay: stopped')
    },
    async restart() {
      if (stopped) throw new Error('relay: restart() after stop()')
      await closeListener()
      await listen()
      counters.restarts++
      log(`relay: restarted on ${url} keeping ${store.messageCount} stored messages`)
    },
    stats() {
      store.prune(Date.now())
      return {
        connections: connections.size,
        clients: new Set([...connections].map((conn) => conn.clientId)).size,
        subscribedTopics: subscribers.size,
        storedTopics: store.topicCount,
        storedMessages: store.messageCount,
        ...counters,
      }
    },
  }
}

/** sha256 hex of topic + client id, the id sign-client computes for its own subscriptions. */
export function subscriptionId(topic: string, clientId: string): string {
  return sha256Hex(topic + clientId)
}

/** Client id (`iss`, a did:key) of a valid, unexpired relay-auth JWT, else undefined. */
async function authenticate(jwt: string | null): Promise<string | undefined> {
  if (!jwt) return undefined
  try {
    if (!(await verifyJWT(jwt))) return undefined
    const { payload } = decodeJWT(jwt)
    if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) return undefined
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) return undefined
    return payload.iss
  } catch {
    return undefined
  }
}

function shortId(clientId: string): string {
  return clientId.slice(-8)
}

function invalidParams(message: string): RpcError {
  return new RpcError(RELAY_ERROR.invalidParams, `Invalid params: ${message}`)
}

function readId(value: unknown): JsonRpcId {
  return typeof value === 'number' || typeof value === 'string' ? value : null
}

/** The id of an oversized frame without parsing it: clients put `id` first. */
function sniffId(buffer: Buffer): JsonRpcId {
  const match = /^\s*\{\s*"id"\s*:\s*(\d{1,20}|"[^"\\]{0,100}")/.exec(buffer.subarray(0, 160).toString('utf8'))
  if (!match?.[1]) return null
  return match[1].startsWith('"') ? match[1].slice(1, -1) : Number(match[1])
}

function readObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams(`${name} must be an object`)
  return value as Record<string, unknown>
}

function readTopic(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256) {
    throw invalidParams(`${name} must be a non-empty string`)
  }
  return value
}

function readTopicList(value: unknown, name: string): string[] {
  if (!Array.isArray(value)) throw invalidParams(`${name} must be an array of topics`)
  return value.map((topic, i) => readTopic(topic, `${name}[${i}]`))
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
