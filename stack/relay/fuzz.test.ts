import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'node:net'
import { RELAY_DEFAULTS, startRelay, type Relay } from './index.ts'
import { RawClient, rawHttp, upgradeRequest, type RelayFrame } from './test-kit.ts'

/**
 * Malformed input against one relay, with a well-behaved subscriber and publisher beside it. Deterministic: the
 * same seed gives the same frames (a failure names the frame's index and kind). No frame may crash the relay; each
 * gets a JSON-RPC error, or its socket is closed with a WebSocket close code; each HTTP request gets a 4xx; the
 * well-behaved pair loses nothing.
 */
const SEED = 0x5eed2026
const FRAMES = 3000
const HTTP_REQUESTS = 400
const MAX_MESSAGE_BYTES = 16 * 1024
/** A generous deadline per answer; answers take well under a millisecond. */
const ANSWER_DEADLINE_MS = 10_000
const ERROR_CODES = [-32700, -32600, -32601, -32602, -32005]
/** ws's own close codes for broken frames: protocol error, invalid UTF-8, too big. */
const CLOSE_CODES = [1002, 1007, 1009]

function mulberry32(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = mulberry32(SEED)
const int = (n: number) => Math.floor(random() * n)
const pick = <T,>(items: readonly T[]): T => items[int(items.length)]!
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)))
const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(16)]).join('')
const validTopic = () => hex(64)

/** Characters that make trouble: controls, lone surrogates, bidi overrides, BOM, zero-width, astral pairs. */
const ODD_CHARS = ['\u0000', '\u0007', '\u001b', '\u007f', '\ud800', '\udfff', '\ud83d', '\u202e', '\u200b', '\ufeff', '\uffff', '\u0301', '😀', 'é', ' ', '"', '\\', '{', '}']
function oddString(max: number): string {
  let text = ''
  const length = 1 + int(max)
  for (let i = 0; i < length; i++) text += random() < 0.5 ? pick(ODD_CHARS) : String.fromCharCode(32 + int(95))
  return text
}

function randomValue(depth = 0): unknown {
  switch (int(depth > 2 ? 5 : 7)) {
    case 0:
      return random() * 2 ** (int(80) - 20) * (random() < 0.5 ? -1 : 1)
    case 1:
      return oddString(20)
    case 2:
      return random() < 0.5
    case 3:
      return null
    case 4:
      return int(1000)
    case 5:
      return Array.from({ length: int(4) }, () => randomValue(depth + 1))
    default:
      return Object.fromEntries(Array.from({ length: int(4) }, () => [oddString(8), randomValue(depth + 1)]))
  }
}

/** Never a valid topic: wrong type, empty, too long, or holding a character outside the topic alphabet. */
function badTopic(): unknown {
  switch (int(5)) {
    case 0:
      return randomValue()
    case 1:
      return ''
    case 2:
      return 'a'.repeat(257 + int(300))
    default:
      return hex(int(40)) + pick(ODD_CHARS) + oddString(10)
  }
}

function badTtl(): unknown {
  return pick([-1, 0, -0.5, 30 * 24 * 60 * 60 + 1, 1e308, 'soon', [], {}, true])
}

/** Params that every relay method must refuse (-32602). */
function badParams(method: string): unknown {
  const nonObject = () => pick([undefined, 42, 'params', [], true, null])
  const list = (good: () => unknown, bad: () => unknown) => {
    const items = Array.from({ length: int(5) }, good)
    items.splice(int(items.length + 1), 0, bad())
    return items
  }
  const tooMany = () => Array.from({ length: RELAY_DEFAULTS.maxBatchTopics + 1 + int(50) }, validTopic)
  switch (method) {
    case 'irn_subscribe':
    case 'irn_unsubscribe':
      return pick([nonObject(), {}, { topic: badTopic(), id: hex(64) }])
    case 'irn_batchSubscribe':
    case 'irn_batchFetchMessages':
      return pick([nonObject(), {}, { topics: pick(['x', 42, {}, null, true]) }, { topics: list(validTopic, badTopic) }, { topics: tooMany() }])
    case 'irn_batchUnsubscribe':
      return pick([nonObject(), { subscriptions: 'all' }, { subscriptions: list(() => ({ topic: validTopic(), id: hex(64) }), () => pick([42, { topic: badTopic() }, null])) }])
    case 'irn_publish':
      return badPublish()
    case 'irn_batchPublish':
      return pick([nonObject(), { messages: {} }, { messages: list(() => ({ topic: validTopic(), message: 'ok', ttl: 300 }), badPublish) }])
    case 'wc_proposeSession':
      return pick([
        nonObject(),
        { pairingTopic: badTopic(), sessionProposal: 'p' },
        { pairingTopic: validTopic(), sessionProposal: pick(['', 7, null, {}]) },
        { pairingTopic: validTopic(), sessionProposal: oddString(30), ttl: badTtl() },
      ])
    default: // wc_approveSession
      return pick([
        nonObject(),
        { pairingTopic: validTopic(), sessionTopic: badTopic(), sessionProposalResponse: 'r', sessionSettlementRequest: 's' },
        { pairingTopic: validTopic(), sessionTopic: validTopic(), sessionProposalResponse: '', sessionSettlementRequest: 's' },
        { pairingTopic: validTopic(), sessionTopic: validTopic(), sessionProposalResponse: 'r' },
      ])
  }
}

function badPublish(): unknown {
  return pick([
    'publish',
    { topic: badTopic(), message: oddString(40), ttl: 300 },
    { topic: validTopic(), message: pick(['', 0, null, [], { text: oddString(10) }]), ttl: 300 },
    { topic: validTopic(), message: oddString(200), ttl: badTtl() },
    { topic: validTopic(), message: oddString(20) },
  ])
}

const METHODS = ['irn_subscribe', 'irn_batchSubscribe', 'irn_unsubscribe', 'irn_batchUnsubscribe', 'irn_publish', 'irn_batchPublish', 'irn_batchFetchMessages', 'wc_proposeSession', 'wc_approveSession']

type Outcome = 'error' | 'close' | 'error-or-close'
interface Fuzz {
  kind: string
  outcome: Outcome
  /** A WebSocket message (text or binary) ... */
  data?: string | Buffer
  binary?: boolean
  /** ... or bytes written straight onto the TCP socket under the WebSocket framing. */
  raw?: Buffer
}

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as on any wire). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
}

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth)
}

/** A masked client frame header (+ mask key) for `payload`, with the given first byte. */
function rawFrame(first: number, payload: Buffer, opts: { masked?: boolean; length?: bigint } = {}): Buffer {
  const masked = opts.masked ?? true
  const length = opts.length ?? BigInt(payload.length)
  const head: number[] = [first]
  if (length < 126n) head.push((masked ? 0x80 : 0) | Number(length))
  else if (length < 65536n) head.push((masked ? 0x80 : 0) | 126, Number(length >> 8n), Number(length & 0xffn))
  else {
    head.push((masked ? 0x80 : 0) | 127)
    for (let shift = 56n; shift >= 0n; shift -= 8n) head.push(Number((length >> shift) & 0xffn))
  }
  const mask = masked ? bytes(4) : Buffer.alloc(0)
  const body = Buffer.from(payload.map((b, i) => (masked ? b ^ mask[i % 4]! : b)))
  return Buffer.concat([Buffer.from(head), mask, body])
}

function nextFuzz(): Fuzz {
  const request = (method: unknown, params: unknown, id: unknown = int(1e6)) =>
    JSON.stringify({ id, jsonrpc: '2.0', method, params })
  switch (int(16)) {
    case 0:
      return { kind: 'random bytes, binary', outcome: 'error', data: bytes(int(300)), binary: true }
    case 1:
      return { kind: 'random bytes, text', outcome: 'error-or-close', data: bytes(1 + int(300)), binary: false }
    case 2:
      return { kind: 'JSON that is no object', outcome: 'error', data: JSON.stringify(pick([randomValue(), [randomValue()], 'x', 7, null])) }
    case 3: {
      const message = pick([
        { id: pick([{}, [], true, 'i'.repeat(129 + int(100))]), jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: validTopic() } },
        { id: int(1e6), jsonrpc: pick([undefined, '1.0', 2, null]), method: 'irn_subscribe', params: { topic: validTopic() } },
        { id: int(1e6), jsonrpc: '2.0', method: randomValue() ?? 1, params: {} },
        { id: int(1e6), jsonrpc: '2.0' },
      ])
      if (typeof message.method === 'string') message.method = `${message.method}\u0000`
      return { kind: 'JSON-RPC with wrong types', outcome: 'error', data: JSON.stringify(message) }
    }
    case 4:
    case 5:
    case 6: {
      const method = pick(METHODS)
      return { kind: `${method} with bad params`, outcome: 'error', data: request(method, badParams(method)) }
    }
    case 7:
      return { kind: 'unknown method', outcome: 'error', data: request(pick(['irn_', 'wc_', '', 'eth_']) + oddString(30), randomValue()) }
    case 8:
      return {
        kind: 'response to nothing',
        outcome: 'error',
        data: JSON.stringify(pick([{ id: int(1e9), jsonrpc: '2.0', result: randomValue() }, { id: int(1e9), jsonrpc: '2.0', error: { code: -1, message: oddString(10) } }])),
      }
    case 9: {
      const depth = 1000 + int(6000)
      return pick<Fuzz>([
        { kind: 'deeply nested params', outcome: 'error', data: `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":${nested(depth)},"message":"m","ttl":300}}` },
        { kind: 'deeply nested document', outcome: 'error', data: nested(depth) },
        { kind: 'deeply nested id', outcome: 'error', data: `{"id":${nested(depth)},"jsonrpc":"2.0","method":"irn_subscribe","params":{}}` },
        { kind: 'deeply nested object', outcome: 'error', data: `{"id":2,"jsonrpc":"2.0","method":"irn_subscribe","params":${'{"a":'.repeat(depth / 2)}1${'}'.repeat(depth / 2)}}` },
      ])
    }
    case 10: {
      const size = MAX_MESSAGE_BYTES + 1 + int(MAX_MESSAGE_BYTES * 2)
      return pick<Fuzz>([
        { kind: 'over maxMessageBytes', outcome: 'error', data: request('irn_publish', { topic: validTopic(), message: 'x'.repeat(size), ttl: 300 }) },
        { kind: 'huge topic under the limit', outcome: 'error', data: request('irn_subscribe', { topic: 'a'.repeat(MAX_MESSAGE_BYTES - 200) }) },
        { kind: 'far over the frame limit', outcome: 'close', data: 'y'.repeat(MAX_MESSAGE_BYTES * 4 + 5000 + int(1000)) },
      ])
    }
    case 11:
      return pick<Fuzz>([
        { kind: 'BOM before JSON', outcome: 'error', data: `\ufeff${request('irn_subscribe', { topic: validTopic() })}` },
        { kind: 'lone surrogate in a topic', outcome: 'error', data: request('irn_subscribe', { topic: `${hex(10)}\ud800${hex(10)}` }) },
        { kind: 'odd Unicode method', outcome: 'error', data: request(oddString(20), {}) },
        { kind: 'encoded lone surrogate (invalid UTF-8)', outcome: 'close', data: Buffer.concat([Buffer.from('{"id":1,"method":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]), binary: false },
      ])
    case 12:
      return { kind: 'odd Unicode everywhere', outcome: 'error', data: request(`irn_${oddString(6)}`, { topic: oddString(30), message: oddString(100), ttl: badTtl() }, oddString(20)) }
    case 13: {
      const reserved = pick([3, 4, 5, 6, 7, 0xb, 0xc, 0xd, 0xe, 0xf])
      return pick<Fuzz>([
        { kind: 'raw frame, reserved opcode', outcome: 'close', raw: rawFrame(0x80 | reserved, bytes(int(50))) },
        { kind: 'raw frame, RSV bits', outcome: 'close', raw: rawFrame(0x80 | pick([0x40, 0x20, 0x10]) | 0x1, Buffer.from('{}')) },
        { kind: 'raw frame, unmasked', outcome: 'close', raw: rawFrame(0x81, Buffer.from('{"id":1}'), { masked: false }) },
      ])
    }
    case 14:
      return pick<Fuzz>([
        { kind: 'raw frame, fragmented ping', outcome: 'close', raw: rawFrame(0x09, bytes(4)) },
        { kind: 'raw frame, ping over 125 bytes', outcome: 'close', raw: rawFrame(0x89, bytes(126 + int(100))) },
        { kind: 'raw frame, continuation of nothing', outcome: 'close', raw: rawFrame(0x80, bytes(int(20))) },
        { kind: 'raw frame, 2^63 length', outcome: 'close', raw: rawFrame(0x82, Buffer.alloc(0), { length: 2n ** 63n - 1n }).subarray(0, 14) },
        { kind: 'raw frame, length over the limit', outcome: 'close', raw: rawFrame(0x82, Buffer.alloc(0), { length: BigInt(MAX_MESSAGE_BYTES * 4 + 8192) }).subarray(0, 14) },
      ])
    default:
      return { kind: 'number-ish and string-ish ids with bad params', outcome: 'error', data: request('irn_publish', badPublish(), pick([1e300, -0, 'id', int(1e15)])) }
  }
}

/** The next message on `client` or its close, whichever comes first, within the deadline. */
function answerOf(client: RawClient): Promise<{ frame?: RelayFrame; close?: { code: number } }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer before the deadline')), ANSWER_DEADLINE_MS)
    client.next(() => true).then((frame) => {
      clearTimeout(timer)
      resolve({ frame })
    })
    client.closed.then((close) => {
      clearTimeout(timer)
      resolve({ close })
    })
  })
}

describe('stack/relay fuzz (seeded): malformed frames and HTTP requests beside a well-behaved client', () => {
  let relay: Relay
  let subscriber: RawClient
  let publisher: RawClient
  const topic = validTopic()
  const sent: string[] = []
  const received: string[] = []
  const publishes: Promise<RelayFrame>[] = []

  /** The well-behaved publisher's next message; its answer is collected, not awaited here. */
  function publishGood(): void {
    const message = `good ${sent.length} ${hex(8)}`
    sent.push(message)
    publishes.push(publisher.request('irn_publish', { topic, message, ttl: 300 }))
  }

  async function checkNothingLost(): Promise<void> {
    for (const answer of await Promise.all(publishes)) expect(answer.result).toBe(true)
    const last = sent[sent.length - 1]
    await expect.poll(() => received[received.length - 1], { timeout: 20_000 }).toBe(last)
    expect(received).toEqual(sent)
    expect(subscriber.ws.readyState).toBe(subscriber.ws.OPEN)
    expect(publisher.ws.readyState).toBe(publisher.ws.OPEN)
  }

  beforeAll(async () => {
    relay = await startRelay({ maxMessageBytes: MAX_MESSAGE_BYTES, maxPublishRate: 0 })
    subscriber = await RawClient.connect(relay)
    publisher = await RawClient.connect(relay)
    await subscriber.request('irn_subscribe', { topic })
    subscriber.ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { method?: string; params?: { data: { message: string } } }
      if (frame.method === 'irn_subscription') received.push(frame.params!.data.message)
    })
  })

  afterAll(async () => {
    await subscriber?.close()
    await publisher?.close()
    await relay?.stop()
  })

  it(`answers ${FRAMES} malformed WebSocket frames with a JSON-RPC error or a close code, and the good client loses nothing`, async () => {
    let client = await RawClient.connect(relay)
    const outcomes = { errors: 0, closes: 0 }
    for (let i = 0; i < FRAMES; i++) {
      const fuzz = nextFuzz()
      const label = `frame ${i} (${fuzz.kind})`
      const answer = answerOf(client)
      if (fuzz.raw) (client.ws as unknown as { _socket: Socket })._socket.write(fuzz.raw)
      else client.ws.send(fuzz.data!, { binary: fuzz.binary ?? false })
      const { frame, close } = await answer.catch((error: Error) => {
        throw new Error(`${label}: ${error.message}`)
      })
      if (frame) {
        expect(fuzz.outcome, label).not.toBe('close')
        expect(frame.jsonrpc, label).toBe('2.0')
        expect(ERROR_CODES, `${label}: ${JSON.stringify(frame).slice(0, 300)}`).toContain((frame.error as { code?: number } | undefined)?.code)
        outcomes.errors++
      } else {
        expect(fuzz.outcome, label).not.toBe('error')
        expect(CLOSE_CODES, `${label}: closed with ${close!.code}`).toContain(close!.code)
        outcomes.closes++
        client = await RawClient.connect(relay)
      }
      if (i % 10 === 0) publishGood()
    }
    await client.close()
    expect(outcomes.errors + outcomes.closes).toBe(FRAMES)
    expect(outcomes.closes).toBeGreaterThan(100)
    await checkNothingLost()
    expect((await fetch(`${relay.httpUrl}/health`)).status).toBe(200)
  })

  it(`answers ${HTTP_REQUESTS} malformed HTTP requests and upgrades with a 4xx, and the good client loses nothing`, async () => {
    const port = Number(new URL(relay.url).port)
    const targets = ['http://[', '//[', 'http://[::1', 'http://a b/', 'http://[v1.x]/', '/%zz', '/nope?%', '/../../etc/passwd', '*', 'http://relay.local:99999/']
    const requests: (() => string | Buffer)[] = [
      () => `GET ${pick(targets)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
      () => upgradeRequest(pick(targets)),
      () => upgradeRequest(`/?auth=${pick(['', oddString(40), `${hex(20)}.${hex(40)}.${hex(40)}`, 'x'.repeat(5000)])}`),
      () => upgradeRequest('/?auth=e30.e30.e30', `Sec-WebSocket-Version: ${pick(['8', 'x', ''])}\r\n`),
      () => `${pick(['FOO', 'G3T', 'get', 'GET\u0001', 'BREW'])} /nope HTTP/1.1\r\nHost: x\r\n\r\n`,
      () => `GET /nope ${pick(['HTTP/2.0', 'HTTP/1.x', 'HTTX/1.1', 'HTTP/9.9', ''])}\r\nHost: x\r\n\r\n`,
      () => `GET /nope HTTP/1.1\r\n${pick(['X Bad: 1', 'Bad\u0001Header: v', ': novalue', 'Content-Length: 5\r\nContent-Length: 6', 'Transfer-Encoding: chunked\r\nContent-Length: 3', 'Content-Length: -1', 'X: a\u0000b', 'X-Forwarded-For: ' + oddString(30)])}\r\n\r\n`,
      () => `GET /nope HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(17_000 + int(5000))}\r\n\r\n`,
      () => `GET /${'p'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      () => `POST /nope HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${oddString(10)}\r\n\r\n`,
      () => `OPTIONS /v3/public-key HTTP/1.1\r\nHost: x\r\nOrigin: ${pick(['https://evil.example', 'null', oddString(10)])}\r\n\r\n`,
      () => `GET /v3/attestation?origin=${percentEncode(pick(['https://evil.example', oddString(20), 'javascript:alert(1)']))}&id=${hex(8)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      () => Buffer.concat([Buffer.from([1 + int(31)]), bytes(int(200)), Buffer.from('\r\n\r\n')]),
    ]
    for (let i = 0; i < HTTP_REQUESTS; i++) {
      const request = pick(requests)()
      const { status, raw } = await rawHttp(port, request)
      const shown = JSON.stringify(request.toString().slice(0, 120))
      expect(status, `request ${i} ${shown}: ${raw.slice(0, 80)}`).toBeGreaterThanOrEqual(400)
      expect(status, `request ${i} ${shown}: ${raw.slice(0, 80)}`).toBeLessThan(500)
      if (i % 4 === 0) publishGood()
    }
    await checkNothingLost()
    await expect.poll(() => relay.stats().connections, { timeout: 20_000 }).toBe(2)
  })
})
