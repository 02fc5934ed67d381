import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from './index.ts'
import { adminHeaders, callApi, DB_BACKENDS, SDK_QUERY, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const q = new URLSearchParams(SDK_QUERY).toString()
const cursor = (parts: number[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url')

describe.each(DB_BACKENDS)('API input validation (%s)', (backend) => {
  let server: ApiServer
  let storage: TestStorage

  beforeAll(async () => {
    storage = await testStorage(backend, 'validation')
    // A dev chain that is not there: balance reads fail, which must be a 502, not a crash.
    server = await startApiServer({
      ...storage.options,
      chains: [{ chainId: 31337, name: 'Nowhere', rpcUrl: 'http://127.0.0.1:9/' }],
      indexIntervalMs: 60_000,
      adminToken: TEST_ADMIN_TOKEN,
    })
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  /** Sends the admin token too, so GET /e cases reach its validation. */
  async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const res = await fetch(server.url + path, { ...init, headers: { ...adminHeaders(), ...init.headers } })
    const text = await res.text()
    expect(res.headers.get('content-type'), path).toContain('application/json')
    return { status: res.status, body: JSON.parse(text) }
  }

  const storedEvents = async (): Promise<number> =>
    (await server.db.query<{ n: number }>('select count(*)::int as n from analytics_events')).rows[0]!.n

  describe('SPEC §5 input validation: bad input gets a 4xx JSON error and the server keeps serving', () => {
    const badGets: Array<[string, number]> = [
      [`/getWallets?page=abc&${q}`, 400],
      [`/getWallets?page=0&${q}`, 400],
      [`/getWallets?page=-3&${q}`, 400],
      [`/getWallets?page=1.5&${q}`, 400],
      [`/getWallets?entries=100000000&${q}`, 400],
      [`/getWallets?entries=0&${q}`, 400],
      [`/getWallets?page=1&page=2&${q}`, 400],
      [`/getWallets?badge_type=gold&${q}`, 400],
      [`/getWallets?chains=eip155&${q}`, 400],
      [`/getWallets?chains=eip155:1:0xabc&${q}`, 400],
      [`/getWallets?search=${'x'.repeat(500)}&${q}`, 400],
      [`/getWalletImage/${'a'.repeat(250)}?${q}`, 400],
      [`/public/getAssetImage/a%20b?${q}`, 400],
      [`/v1/identity/0x123?${q}`, 400],
      [`/v1/identity/not-an-address?${q}`, 400],
      [`/v1/identity/0xZZZZ6e51aad88F6F4ce6aB8827279cffFb92266?${q}`, 400],
      [`/v1/identity/${'f'.repeat(400)}?${q}`, 414],
      [`/v1/account/0x12/history?${q}`, 400],
      [`/v1/account/${ACCOUNT}/history?chainId=31337&${q}`, 400],
      [`/v1/account/${ACCOUNT}/history?chainId=eip155:1:2&${q}`, 400],
      [`/v1/account/${ACCOUNT}/history?cursor=garbage&${q}`, 400],
      [`/v1/account/${ACCOUNT}/history?cursor=${Buffer.from('[1,2,3]').toString('base64url')}&${q}`, 400],
      [`/v1/account/${ACCOUNT}/history?onramp=moonpay&${q}`, 400],
      [`/v1/account/hello/balance?${q}`, 400],
      [`/v1/account/${ACCOUNT}/balance?chainId=eip155&${q}`, 400],
      [`/v1/account/${ACCOUNT}/balance?currency=btc&${q}`, 400],
      [`/e?limit=abc`, 400],
      [`/e?limit=100000`, 400],
      // Served since issue 11: without amount, from, to and userAddress it is bad input.
      [`/v1/convert/quotes?${q}`, 400],
      [`/%E0%A4%A?${q}`, 400],
    ]
    it.each(badGets)('GET %s -> %i', async (path, status) => {
      const r = await raw(path)
      expect(r.status).toBe(status)
      expect((r.body as { error: unknown }).error).toBeTypeOf('string')
    })

    const badPosts: Array<[string, string, string | undefined, number]> = [
      ['malformed JSON', '/v1/fungible/price', '{"currency": "usd", "addresses": [', 400],
      ['empty JSON body', '/v1/fungible/price', '', 400],
      ['addresses not CAIP-10', '/v1/fungible/price', JSON.stringify({ currency: 'usd', addresses: ['0xabc'] }), 400],
      ['addresses wrong type', '/v1/fungible/price', JSON.stringify({ currency: 'usd', addresses: 'eip155:1:0xabc' }), 400],
      ['currency missing', '/v1/fungible/price', JSON.stringify({ addresses: [] }), 400],
      ['body is an array', '/v1/fungible/price', '[1,2,3]', 400],
      ['analytics malformed JSON', '/e', '{"eventId":', 400],
      ['analytics without props', '/e', JSON.stringify({ eventId: 'x' }), 400],
      ['analytics props not an object', '/e', JSON.stringify({ eventId: 'x', props: 'nope' }), 400],
      ['analytics timestamp not a number', '/e', JSON.stringify({ eventId: 'x', props: {}, timestamp: 'soon' }), 400],
      ['analytics body null', '/e', 'null', 400],
      ['body over the size limit', '/e', JSON.stringify({ eventId: 'x', props: { big: 'x'.repeat(300_000) } }), 413],
    ]
    it.each(badPosts)('POST with %s -> 4xx', async (_label, path, body, status) => {
      const r = await raw(`${path}?${q}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(r.status).toBe(status)
      expect((r.body as { error: unknown }).error).toBeTypeOf('string')
    })

    it('refuses unknown content types with 415', async () => {
      const r = await raw(`/e?${q}`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<e/>' })
      expect(r.status).toBe(415)
    })

    it('answers a valid but unknown chainId with empty results (SPEC §4 unsupported networks)', async () => {
      const h = await callApi(server.url, `/v1/account/${ACCOUNT}/history`, { query: { chainId: 'eip155:999' } })
      expect(h.status).toBe(200)
      expect(h.body).toEqual({ data: [], next: null })
      const b = await callApi(server.url, `/v1/account/${ACCOUNT}/balance`, { query: { chainId: 'eip155:999', currency: 'usd' } })
      expect(b.body).toEqual({ balances: [] })
      // Solana accounts are valid, and have no EVM data here.
      const sol = await callApi(server.url, '/v1/account/7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV/balance')
      expect(sol.body).toEqual({ balances: [] })
    })

    it('reports an unreachable dev chain as 502 JSON', async () => {
      const r = await callApi(server.url, `/v1/account/${ACCOUNT}/balance`)
      expect(r.status).toBe(502)
      expect(r.body).toEqual({ error: 'Chain unavailable' })
      await expect(server.indexNow()).rejects.toThrow()
    })

    it('still serves after all of the above', async () => {
      const r = await callApi(server.url, '/getAnalyticsConfig')
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ isAnalyticsEnabled: true })
    })
  })

  describe('hostile input: 400 with a message, nothing stored, the server keeps serving', () => {
    const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels)
    const hostileGets: Array<[string, string]> = [
      ['projectId __proto__', '/appkit/v1/config?projectId=__proto__'],
      ['projectId constructor', '/appkit/v1/config?projectId=constructor'],
      ['projectId constructor on a forced-status lookup', '/getWallets?projectId=constructor'],
      ['projectId toString', '/projects/v1/origins?projectId=toString'],
      ['projectId hasOwnProperty', `/v1/account/${ACCOUNT}/history?projectId=hasOwnProperty`],
      ['NUL in projectId', '/getWallets?projectId=a%00b'],
      ['NUL in search', `/getWallets?search=a%00b&${q}`],
      ['NUL in include', `/getWallets?include=%00&${q}`],
      ['NUL in exclude', `/getWallets?exclude=x%00&${q}`],
      ['NUL in the event filter of GET /e', '/e?event=%00'],
      ['NUL in sender', `/v1/identity/${ACCOUNT}?sender=%00&${q}`],
      ['history cursor chain id beyond int4', `/v1/account/${ACCOUNT}/history?cursor=${cursor([1, 2 ** 40, 1, 1])}&${q}`],
      ['history cursor tx index beyond int4', `/v1/account/${ACCOUNT}/history?cursor=${cursor([1, 31337, 1, 2 ** 31])}&${q}`],
      ['history cursor block beyond int8', `/v1/account/${ACCOUNT}/history?cursor=${cursor([1, 31337, 2 ** 70, 1])}&${q}`],
      ['history cursor as floats', `/v1/account/${ACCOUNT}/history?cursor=${cursor([1.5, 31337, 1, 1])}&${q}`],
    ]
    it.each(hostileGets)('GET with %s -> 400', async (_label, path) => {
      const r = await raw(path)
      expect(r.status).toBe(400)
      expect((r.body as { error: unknown }).error).toEqual(expect.stringMatching(/\S/))
    })

    const event = (extra: Record<string, unknown>) => ({ eventId: 'e-1', props: { event: 'CONNECT_SUCCESS' }, ...extra })
    const hostilePosts: Array<[string, string, string]> = [
      ['projectId __proto__', '/e?projectId=__proto__', JSON.stringify(event({}))],
      ['projectId constructor', '/e?projectId=constructor', JSON.stringify(event({}))],
      ['NUL in eventId', `/e?${q}`, JSON.stringify(event({ eventId: 'a\u0000b' }))],
      ['NUL in url', `/e?${q}`, JSON.stringify(event({ url: 'http://x/\u0000' }))],
      ['NUL in a props value', `/e?${q}`, JSON.stringify(event({ props: { event: 'X', message: 'a\u0000' } }))],
      ['NUL in a props key', `/e?${q}`, JSON.stringify(event({ props: { 'a\u0000': 1 } }))],
      ['lone high surrogate in props', `/e?${q}`, '{"eventId":"e-2","props":{"message":"\\ud800"}}'],
      ['lone low surrogate in domain', `/e?${q}`, '{"eventId":"e-3","domain":"x\\udc00y","props":{}}'],
      ['lone surrogate in url', `/e?${q}`, '{"eventId":"e-4","url":"http://x/\\ud83d","props":{}}'],
      ['lone surrogate in a props key', `/e?${q}`, '{"eventId":"e-5","props":{"\\udfff":1}}'],
      ['props nested 100 000 deep', `/e?${q}`, `{"eventId":"e-6","props":{"stack":${deep(100_000)}}}`],
      ['props nested 100 deep', `/e?${q}`, `{"eventId":"e-7","props":{"stack":${deep(100)}}}`],
      ['price projectId constructor in the body', '/v1/fungible/price', JSON.stringify({ currency: 'usd', addresses: [], projectId: 'constructor' })],
      ['price projectId __proto__ in the query', '/v1/fungible/price?projectId=__proto__', JSON.stringify({ currency: 'usd', addresses: [] })],
    ]
    it.each(hostilePosts)('POST with %s -> 400, nothing stored', async (_label, path, body) => {
      const before = await storedEvents()
      const r = await raw(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(r.status).toBe(400)
      expect((r.body as { error: unknown }).error).toEqual(expect.stringMatching(/\S/))
      // The same body as a text/plain beacon.
      const beacon = await raw(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })
      expect(beacon.status).toBe(400)
      expect(await storedEvents()).toBe(before)
    })

    it('a surrogate pair (an emoji) is fine where a lone half is not', async () => {
      const r = await callApi(server.url, '/e', { json: { eventId: 'e-emoji', props: { message: 'ok 😀' } } })
      expect(r.status).toBe(202)
      const back = await callApi(server.url, '/e', { headers: adminHeaders(), query: { limit: '1' } })
      expect(back.body.data[0].props).toEqual({ message: 'ok 😀' })
    })

    it('cuts wallet names for image labels at code points, never inside a surrogate pair', async () => {
      await server.db.query(
        `insert into wallets (position, id, name, image_id, chains) values (100000, 'wallet-emoji', 'ü😀 ', 'img-emoji', '{}'::text[])`,
      )
      const r = await callApi<string>(server.url, '/getWalletImage/img-emoji')
      expect(r.status).toBe(200)
      expect(r.text).toContain('>Ü😀</text>')
      expect(r.text).not.toContain('\uFFFD')
    })

    it('still serves after all of the above', async () => {
      const r = await callApi(server.url, '/getWallets', { query: { entries: '1' } })
      expect(r.status).toBe(200)
      expect(r.body.data).toHaveLength(1)
      expect((await callApi(server.url, `/v1/account/${ACCOUNT}/history`)).body).toEqual({ data: [], next: null })
    })
  })
})
