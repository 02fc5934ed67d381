import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from './index.ts'
import { callApi, SDK_QUERY, tempDataDir } from './api-test-client.ts'

let server: ApiServer
const data = tempDataDir('validation')
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const q = new URLSearchParams(SDK_QUERY).toString()

beforeAll(async () => {
  // A dev chain that is not there: balance reads fail, which must be a 502, not a crash.
  server = await startApiServer({
    dataDir: data.dir,
    chains: [{ chainId: 31337, name: 'Nowhere', rpcUrl: 'http://127.0.0.1:9/' }],
    indexIntervalMs: 60_000,
  })
})
afterAll(async () => {
  await server?.stop()
  data.remove()
})

async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(server.url + path, init)
  const text = await res.text()
  expect(res.headers.get('content-type'), path).toContain('application/json')
  return { status: res.status, body: JSON.parse(text) }
}

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
    [`/v1/convert/quotes?${q}`, 404],
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
