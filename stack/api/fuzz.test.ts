import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_ANALYTICS_PROJECT_IDS,
  DEMO_WALLET_ID,
  GENERATED_WALLET_COUNT,
  SEEDED_NAME,
  startApiServer,
  type ApiServer,
  type StoredEvent,
} from './index.ts'
import { adminHeaders, callApi, DB_BACKENDS, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'

/**
 * Malformed requests over every route, from a fixed seed: nothing may answer 5xx (except 502 from the dead dev chain),
 * every error is JSON `{ error }`, the process keeps running, and a well-behaved client beside the noise keeps getting
 * correct answers.
 */
const SEED = 0x5eed_a117
const REQUESTS = 2500
const CONCURRENCY = 8
const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const GOOD_CLIENT = '192.0.2.77'
const GOOD_PROJECT = 'fuzz-good'

/** mulberry32: small and seedable, so every run sends the same requests. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer }

function generator(seed: number) {
  const r = rng(seed)
  const int = (n: number): number => Math.floor(r() * n)
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!
  const chance = (p: number): boolean => r() < p

  const ODD_STRINGS = [
    '', ' ', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'null', 'undefined', 'NaN', '-0',
    '1e309', '0x10', '00001', '-1', '2147483648', '9007199254740993', "' or 1=1 --", '%', '%%', '%00', '\\', '../..',
    '<script>alert(1)</script>', '${x}', '\u0000', 'a\u0000b', '\ud800', '\udc00x', 'x\ud83d', '\ud83d\ude00', '\u202eevil',
    '\ufeffbom', '\uffff', 'e\u0301\u0301\u0301', 'ß', 'İ', '日本語', 'eip155:1', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ACCOUNT0, ACCOUNT0.toLowerCase(), 'rate-limited', 'no-origins', 'portico-demo', 'portico-e2e', 'test-project', 'coinbase',
    'usd', 'certified', 'none', 'true', 'CONNECT_SUCCESS',
  ]
  const randomCodeUnits = (n: number): string => {
    let s = ''
    for (let i = 0; i < n; i++) {
      const kind = int(6)
      if (kind === 0) s += String.fromCharCode(int(0x20))
      else if (kind === 1) s += String.fromCharCode(0xd800 + int(0x800)) // surrogates, paired or not
      else if (kind === 2) s += String.fromCodePoint(int(0x110000))
      else s += String.fromCharCode(0x20 + int(0x5f))
    }
    return s
  }
  const str = (): string => {
    const k = int(10)
    if (k < 4) return pick(ODD_STRINGS)
    if (k < 7) return randomCodeUnits(int(20))
    if (k < 8) return 'x'.repeat(pick([199, 200, 201, 500, 5_000, 40_000]))
    if (k < 9) return String(pick([0, 1, -1, 1.5, 1e21, 2 ** 31, 2 ** 53, Number.MAX_VALUE]))
    return Buffer.from(Array.from({ length: int(40) }, () => int(256))).toString('base64url')
  }
  const json = (depth: number): unknown => {
    const k = int(depth > 4 ? 6 : 9)
    if (k === 0) return null
    if (k === 1) return chance(0.5)
    if (k === 2) return pick([0, -0, 1, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1e-320])
    if (k <= 5) return str()
    if (k <= 7) return Array.from({ length: int(5) }, () => json(depth + 1))
    return Object.fromEntries(Array.from({ length: int(5) }, () => [chance(0.3) ? pick(ODD_STRINGS) : str().slice(0, 30), json(depth + 1)]))
  }
  const nested = (levels: number): string => (chance(0.5) ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels))
  // JSON.stringify writes lone surrogates as \udXXX escapes: the server must meet them as the parser makes them.
  const jsonText = (v: unknown): string => JSON.stringify(v) ?? 'null'

  const event = (): Record<string, unknown> => ({
    eventId: chance(0.8) ? str() : json(1),
    ...(chance(0.5) ? { url: chance(0.7) ? str() : json(1) } : {}),
    ...(chance(0.5) ? { domain: chance(0.7) ? str() : json(1) } : {}),
    ...(chance(0.5) ? { timestamp: chance(0.5) ? r() * 2e12 : json(1) } : {}),
    ...(chance(0.9) ? { props: chance(0.7) ? (json(0) as object) : { type: 'track', event: str(), properties: json(1) } } : {}),
    ...(chance(0.2) ? { projectId: str() } : {}),
  })
  const price = (): Record<string, unknown> => ({
    currency: chance(0.7) ? 'usd' : json(1),
    addresses: chance(0.7) ? Array.from({ length: int(6) }, () => (chance(0.5) ? `eip155:${pick(['1', '31337', str()])}:${pick([ACCOUNT0, str()])}` : json(2))) : json(1),
    ...(chance(0.5) ? { projectId: chance(0.5) ? pick(ODD_STRINGS) : json(1) } : {}),
  })
  const body = (route: string): Buffer => {
    const k = int(10)
    if (k === 0) return Buffer.from(Array.from({ length: int(600) }, () => int(256)))
    if (k === 1) return Buffer.from(nested(pick([10, 33, 100, 5_000, 60_000])))
    if (k === 2) {
      const text = jsonText(route === '/e' ? event() : price())
      return Buffer.from(text.slice(0, int(text.length + 1)) + (chance(0.5) ? pick(['"', '\\', '\u0000', ',', '}}', '\ud800']) : ''))
    }
    if (k === 3) return Buffer.from(jsonText(json(0)))
    if (k === 6 && route === '/e') {
      // Well-typed, with odd but valid text: stored as sent.
      const text = (): string => pick(['日本語', '\ud83d\ude00', 'e\u0301', '\u202e', '\ufeff', '<b>', "'; drop table wallets; --", '\\', 'ß'.repeat(int(50))])
      return Buffer.from(jsonText({ eventId: `fz-${int(1e9)}`, url: `http://localhost/${text()}`, domain: text(), timestamp: int(2e12), props: { type: 'track', event: text(), properties: { [text()]: text(), n: r() } } }))
    }
    if (k === 4) return Buffer.from(`{"eventId":"x","props":{"big":"${'y'.repeat(pick([1_000, 200_000, 300_000]))}"}}`)
    if (k === 5) {
      // Hand-written escapes JSON.stringify would never produce.
      const esc = pick(['\\ud800', '\\udfff', '\\u0000', '\\ud83d\\ude00', '\\uD800\\u0041', '\\x41', '\\u12', '\\/'])
      return Buffer.from(`{"eventId":"e${esc}","url":"${esc}","props":{"${esc}":"${esc}"}}`)
    }
    return Buffer.from(jsonText(route === '/e' ? event() : price()))
  }

  const percent = (bytes: Buffer): string => Array.from(bytes).map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
  const encodeSegment = (s: string): string => {
    const k = int(4)
    // UTF-8 (a lone surrogate becomes EF BF BD on the way), then latin1 bytes, then broken escapes, then raw bytes.
    if (k === 0) return s.replace(/[^\x21-\x7e]|[?#%&=]/gu, (c) => percent(Buffer.from(c, 'utf8')))
    if (k === 1) return percent(Buffer.from(s, 'latin1'))
    if (k === 2) return Array.from({ length: int(6) }, () => pick(['%', '%z', '%E0%A4%A', '%ED%A0%80', '%C0%80', '%FF', '%00', '%2F', '%2e%2e'])).join('')
    // Raw high bytes (latin1) straight onto the wire.
    return s.replace(/[^\x21-\xff]|[?#%]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`)
  }
  const QUERY_KEYS = ['projectId', 'st', 'sv', 'page', 'entries', 'include', 'exclude', 'search', 'badge_type', 'chains', 'cursor', 'chainId', 'onramp', 'cache', 'currency', 'forceUpdate', 'sender', 'limit', 'event', '__proto__', 'constructor', 'a[]', 'a[b]', '']
  const query = (route: string): string => {
    const parts: string[] = []
    // POST /e mostly names an allowed project, so well-formed noise gets stored.
    if (route === '/e' && chance(0.6)) parts.push(`projectId=${pick(DEFAULT_ANALYTICS_PROJECT_IDS)}`)
    else if (chance(0.7)) parts.push(`projectId=${encodeSegment(pick(['test-project', 'portico-demo', 'rate-limited', 'no-origins', ...ODD_STRINGS.slice(0, 20)]))}`)
    for (let i = int(6); i > 0; i--) {
      const key = chance(0.8) ? pick(QUERY_KEYS) : str().slice(0, 20)
      const value = key === 'cursor' && chance(0.5)
        ? Buffer.from(jsonText(Array.from({ length: int(6) }, () => pick([0, 1, -1, 1.5, 2 ** 31, 2 ** 63, 1e300, 'x', null])))).toString('base64url')
        : str()
      parts.push(chance(0.1) ? encodeSegment(key) : `${encodeSegment(key)}=${encodeSegment(value)}`)
    }
    if (chance(0.05)) parts.push('&&&==&=')
    return parts.length ? `?${parts.join('&')}` : chance(0.5) ? '?' : ''
  }
  const ROUTES: Array<[method: string, template: string]> = [
    ['GET', '/appkit/v1/config'], ['GET', '/projects/v1/origins'], ['GET', '/getWallets'], ['GET', '/getAnalyticsConfig'],
    ['GET', '/getWalletImage/:id'], ['GET', '/public/getAssetImage/:id'], ['GET', '/public/getCurrencyImage/:id'], ['GET', '/public/getTokenImage/:id'],
    ['GET', '/v1/supported-chains'], ['GET', '/v1/identity/:address'], ['GET', '/v1/account/:address/history'], ['GET', '/v1/account/:address/balance'],
    ['GET', '/e'], ['POST', '/e'], ['POST', '/e'], ['POST', '/v1/fungible/price'], ['OPTIONS', '/e'], ['OPTIONS', '/getWallets'],
  ]
  const ODD_PATHS = ['/', '//getWallets', '/getWallets/', '/GETWALLETS', '/%2e%2e/e', '/e/..', '/e/', '/v1/account//history', '/v1/account/%2F/balance',
    '/v1', '/*', '/%', '/%FF', '/\xe9', '/getWalletImage/', '/v1/identity/', '/e;x', '/e%00', '/.env', '/public/../e']
  const CONTENT_TYPES = ['application/json', 'application/json', 'text/plain', 'text/plain;charset=utf-8', 'application/json; charset=utf-16',
    'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '', 'application/JSON', 'text/plain; charset=latin1', '*/*']
  const headerValue = (): string => str().replace(/[^\x20-\x7e]/g, '').slice(0, 300)

  return (): FuzzRequest => {
    const [routeMethod, template] = pick(ROUTES)
    const picked = chance(0.9) ? routeMethod : pick(['PUT', 'DELETE', 'PATCH', 'HEAD', 'GET', 'POST'])
    let path = chance(0.08)
      ? pick(ODD_PATHS) + (chance(0.5) ? encodeSegment(str()) : '')
      : template
          .replace(':id', () => (chance(0.4) ? pick(['USDC', 'ETH', 'x', DEMO_WALLET_ID]) : encodeSegment(str())))
          .replace(':address', () => (chance(0.4) ? pick([ACCOUNT0, ACCOUNT0.toLowerCase(), '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV']) : encodeSegment(str())))
    if (chance(0.02)) path += '/' + 'a'.repeat(pick([300, 2_000, 20_000]))
    path += query(template)
    // Node answers a request line over 16 KiB with a 431 that carries a body, which a HEAD client cannot parse.
    const method = picked === 'HEAD' && path.length > 8_000 ? 'GET' : picked
    const headers: Record<string, string> = {}
    const sendsBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || chance(0.05)
    if (sendsBody || chance(0.1)) {
      const type = pick(CONTENT_TYPES)
      if (type) headers['content-type'] = type
    }
    if (chance(0.3)) headers.authorization = pick([`Bearer ${TEST_ADMIN_TOKEN}`, 'Bearer', 'Bearer ', `bearer ${TEST_ADMIN_TOKEN}`, `Basic ${headerValue()}`, headerValue(), `Bearer ${headerValue()}`])
    if (chance(0.3)) headers['x-forwarded-for'] = pick(['10.0.0.1', '10.0.0.2', '10.0.0.3, 10.0.0.4', '::1', headerValue(), 'unknown', ''])
    if (chance(0.2)) headers.origin = pick(['http://localhost:5173', 'http://127.0.0.1:1', 'https://evil.example', 'null', headerValue()])
    if (chance(0.1)) headers['if-none-match'] = headerValue()
    if (chance(0.1)) headers['access-control-request-headers'] = headerValue()
    const req: FuzzRequest = { method, path, headers }
    if (sendsBody) req.body = body(template)
    return req
  }
}

type FuzzAnswer = { status: number; contentType: string; text: string }

/**
 * One connection per request (no agent pool): a pooled socket the server closed after an answer (a parse error, an
 * unread body) fails the next request sent on it, which would pass for a server crash.
 */
function send(base: URL, req: FuzzRequest): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const out = request(
      { agent: false, host: base.hostname, port: base.port, method: req.method, path: req.path, headers: { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    out.on('error', reject)
    out.end(req.body)
  })
}

/** What a failure means for one answer, or undefined when the answer is acceptable. */
function judge(req: FuzzRequest, a: FuzzAnswer): string | undefined {
  let body: unknown
  if (a.contentType.includes('application/json') && req.method !== 'HEAD') {
    try {
      body = JSON.parse(a.text)
    } catch {
      return 'answered unparsable JSON'
    }
  }
  const error = (body as { error?: unknown } | undefined)?.error
  if (a.status === 502 && error === 'Chain unavailable') return undefined
  if (a.status >= 500 || a.status < 200) return `answered ${a.status}`
  if (a.status >= 400 && req.method !== 'HEAD' && typeof error !== 'string') return `answered ${a.status} without a JSON { error }`
  return undefined
}

describe.each(DB_BACKENDS)('fuzz: malformed requests over every route (%s)', (backend) => {
  let storage: TestStorage
  let server: ApiServer
  beforeAll(async () => {
    storage = await testStorage(backend, 'fuzz')
    server = await startApiServer({
      ...storage.options,
      // History and balances reach the database and a chain; the chain is not there (balance answers 502).
      chains: [{ chainId: 31337, name: 'Nowhere', rpcUrl: 'http://127.0.0.1:9/' }],
      indexIntervalMs: 600_000,
      adminToken: TEST_ADMIN_TOKEN,
      projectIds: [...DEFAULT_ANALYTICS_PROJECT_IDS, GOOD_PROJECT],
      trustProxy: true,
      // A frozen clock and budgets the noise hardly reaches, so it gets past the limiter to the validation.
      now: () => 0,
      eventRateLimit: { perClient: 1000, perProject: 1000, windowMs: 60_000 },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  // A generous limit for a slow shared machine; nothing here measures speed.
  it(`sends ${REQUESTS} requests from seed ${SEED.toString(16)}: no 5xx, JSON errors, and a good client beside it is served correctly`, { timeout: 120_000 }, async () => {
    const next = generator(SEED)
    const requests = Array.from({ length: REQUESTS }, next)
    const base = new URL(server.url)
    const failures: string[] = []
    const statuses = new Map<number, number>()
    let sent = 0
    let done = false

    const fuzzWorker = async (): Promise<void> => {
      while (sent < requests.length) {
        const req = requests[sent++]!
        let answer: FuzzAnswer
        try {
          answer = await send(base, req)
        } catch (err) {
          failures.push(`${req.method} ${req.path.slice(0, 200)} ${JSON.stringify(req.headers)} body=${req.body?.length}: no answer (${(err as Error).message})`)
          continue
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        const problem = judge(req, answer)
        if (problem) failures.push(`${req.method} ${req.path.slice(0, 200)} [${req.headers['content-type'] ?? ''}] ${problem}: ${answer.text.slice(0, 200)}`)
      }
    }

    const goodAnswers: string[] = []
    let goodRounds = 0
    const goodClient = async (): Promise<void> => {
      const headers = { 'x-forwarded-for': GOOD_CLIENT }
      while (!done || goodRounds === 0) {
        const wallets = await callApi(server.url, '/getWallets', { query: { entries: '3' }, headers })
        if (wallets.status !== 200 || wallets.body.count !== GENERATED_WALLET_COUNT + 2 || wallets.body.data[0]?.id !== DEMO_WALLET_ID) goodAnswers.push(`getWallets: ${wallets.text.slice(0, 200)}`)
        const identity = await callApi(server.url, `/v1/identity/${ACCOUNT0}`, { headers })
        if (identity.body.name !== SEEDED_NAME) goodAnswers.push(`identity: ${identity.text.slice(0, 200)}`)
        const history = await callApi(server.url, `/v1/account/${ACCOUNT0}/history`, { headers })
        if (history.text !== '{"data":[],"next":null}') goodAnswers.push(`history: ${history.text.slice(0, 200)}`)
        // Within the good client's event budget (1000 per frozen window).
        if (goodRounds < 500) {
          const eventId = `good-${goodRounds}`
          const posted = await callApi(server.url, '/e', { query: { projectId: GOOD_PROJECT }, json: { eventId, props: { event: 'GOOD' } }, headers })
          if (posted.status !== 202) goodAnswers.push(`POST /e: ${posted.status} ${posted.text.slice(0, 200)}`)
          const back = await callApi<{ data: StoredEvent[] }>(server.url, '/e', { query: { event: 'GOOD', limit: '1' }, headers: { ...headers, ...adminHeaders() } })
          if (back.body.data?.[0]?.eventId !== eventId) goodAnswers.push(`GET /e: ${back.text.slice(0, 200)}`)
        }
        goodRounds++
      }
    }

    const good = goodClient()
    await Promise.all(Array.from({ length: CONCURRENCY }, fuzzWorker))
    done = true
    await good

    expect(failures).toEqual([])
    expect(goodAnswers).toEqual([])
    expect(goodRounds).toBeGreaterThan(0)
    // The noise reached past the routers' validation, not only 400s.
    for (const status of [200, 202, 400, 404]) expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0)
    // The process is alive and still answers.
    expect((await callApi(server.url, '/getAnalyticsConfig')).body).toEqual({ isAnalyticsEnabled: true })
  })
})
