/**
 * Helpers shared by the relay's own tests (relay.test.ts, redis.test.ts, fuzz.test.ts) and the relay benchmark:
 * a bare JSON-RPC relay client authenticated like sign-client, raw HTTP over a TCP socket, and the small pieces the
 * sign-client / WalletKit tests need. Not shipped; nothing here starts a process.
 */
import { connect as connectTcp } from 'node:net'
import WebSocket, { type ClientOptions } from 'ws'
import { encodeIss, generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth'

export type RelayFrame = Record<string, unknown>

export interface RelayDelivery {
  id: string
  data: { topic: string; message: string; publishedAt: number; tag?: number }
}

/** A bare JSON-RPC client over `ws`, authenticated like sign-client (relay-auth JWT in the `auth` query). */
export class RawClient {
  readonly inbox: RelayFrame[] = []
  /** Close code and reason once the socket closed. */
  closeInfo: { code: number; reason: string } | undefined
  readonly closed: Promise<{ code: number; reason: string }>
  private waiters: { accept: (m: RelayFrame) => boolean; resolve: (m: RelayFrame) => void }[] = []
  private nextId = 1

  private constructor(
    readonly ws: WebSocket,
    readonly clientId: string,
    readonly keyPair: Keypair,
    private readonly autoAck: boolean,
  ) {
    ws.on('message', (data) => {
      let message: RelayFrame
      try {
        message = JSON.parse(String(data)) as RelayFrame
      } catch {
        message = { unparsable: String(data) }
      }
      if (message.method === 'irn_subscription' && this.autoAck) {
        ws.send(JSON.stringify({ id: message.id, jsonrpc: '2.0', result: true }))
      }
      const waiter = this.waiters.find((w) => w.accept(message))
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        waiter.resolve(message)
      } else {
        this.inbox.push(message)
      }
    })
    this.closed = new Promise((resolve) => {
      ws.once('close', (code, reason) => {
        this.closeInfo = { code, reason: String(reason) }
        resolve(this.closeInfo)
      })
    })
    ws.on('error', () => {})
  }

  static async connect(
    relay: { url: string },
    opts: { keyPair?: Keypair; autoAck?: boolean; ws?: ClientOptions } = {},
  ): Promise<RawClient> {
    const keyPair = opts.keyPair ?? generateKeyPair()
    const jwt = await signJWT(`sub-${Math.random()}`, relay.url, 3600, keyPair)
    const ws = new WebSocket(`${relay.url}/?auth=${jwt}&projectId=portico-local`, opts.ws)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new RawClient(ws, encodeIss(keyPair.publicKey), keyPair, opts.autoAck ?? true)
  }

  /** Next message passing `accept`, including one that already arrived. */
  next(accept: (m: RelayFrame) => boolean): Promise<RelayFrame> {
    const index = this.inbox.findIndex(accept)
    if (index !== -1) return Promise.resolve(this.inbox.splice(index, 1)[0]!)
    return new Promise((resolve) => this.waiters.push({ accept, resolve }))
  }

  nextDelivery(topic: string): Promise<RelayDelivery> {
    return this.next(
      (m) => m.method === 'irn_subscription' && (m.params as { data: { topic: string } }).data.topic === topic,
    ).then((m) => m.params as RelayDelivery)
  }

  /** Sends a request and resolves with its response (result or error). */
  async request(method: string, params: unknown): Promise<RelayFrame> {
    const id = this.nextId++
    const answer = this.next((m) => m.id === id && m.method === undefined)
    this.ws.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
    return answer
  }

  /** Sends a frame as is and resolves with the next error response. */
  sendRaw(frame: string | Buffer, binary = false): Promise<RelayFrame> {
    const answer = this.next((m) => m.method === undefined && 'error' in m)
    this.ws.send(frame, { binary })
    return answer
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve()
    const done = this.closed.then(() => {})
    this.ws.close()
    return done
  }
}

/** Writes `request` on a fresh TCP connection and resolves with the status line's code (0 if none) and the raw answer. */
export function rawHttp(port: number, request: string | Buffer): Promise<{ status: number; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      const raw = Buffer.concat(chunks).toString('latin1')
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw)
      resolve({ status: match ? Number(match[1]) : 0, raw })
      socket.destroy()
    }
    socket.on('connect', () => socket.write(request))
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      // A complete head is enough: the relay may keep the connection open (keep-alive) after answering.
      const text = Buffer.concat(chunks).toString('latin1')
      const head = text.indexOf('\r\n\r\n')
      if (head === -1) return
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head))
      if (!length || text.length - head - 4 >= Number(length[1])) finish()
    })
    socket.on('end', finish)
    socket.on('close', finish)
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish()
      else if (!settled) reject(error)
    })
  })
}

/** A minimal, valid WebSocket upgrade request for `target` (no auth unless the target carries it). */
export function upgradeRequest(target: string, extraHeaders = '', host = '127.0.0.1'): string {
  return (
    `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extraHeaders}\r\n`
  )
}

/** Keeps everything in a Map: no files, nothing shared between two WalletConnect clients in one process. */
export class MemoryStorage {
  private readonly items = new Map<string, unknown>()
  async getKeys() {
    return [...this.items.keys()]
  }
  async getEntries<T = unknown>() {
    return [...this.items.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string) {
    return this.items.get(key) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T) {
    this.items.set(key, value)
  }
  async removeItem(key: string) {
    this.items.delete(key)
  }
}

interface EventSource {
  on(name: string, listener: (arg: unknown) => void): unknown
  off(name: string, listener: (arg: unknown) => void): unknown
}

/** Resolves with the first event `name` that passes `accept` (the clients' typed emitters, seen loosely). */
export function nextEvent<T>(emitter: object, name: string, accept: (arg: T) => boolean = () => true): Promise<T> {
  const source = emitter as EventSource
  return new Promise((resolve) => {
    const listener = (arg: unknown) => {
      if (!accept(arg as T)) return
      source.off(name, listener)
      resolve(arg as T)
    }
    source.on(name, listener)
  })
}
