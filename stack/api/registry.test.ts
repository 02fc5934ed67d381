import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, DEMO_WALLET_ID, DEV_WALLET_ID, GENERATED_WALLET_COUNT, type ApiServer, type WalletListing } from './index.ts'
import { generateWallets } from './wallet-dataset.ts'
import { callApi, DB_BACKENDS, testStorage, type TestStorage } from './api-test-client.ts'

const DEMO_URL = 'http://127.0.0.1:4555/demo-wallet/'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const TOTAL = GENERATED_WALLET_COUNT + 2

type Wallets = { data: WalletListing[]; count: number }

describe.each(DB_BACKENDS)('registry server (%s)', (backend) => {
  let server: ApiServer
  let storage: TestStorage
  beforeAll(async () => {
    storage = await testStorage(backend, 'registry')
    server = await startApiServer({
      ...storage.options,
      demoWalletUrl: DEMO_URL,
      projects: { 'custom-project': { allowedOrigins: ['https://shop.example'], features: { swaps: false } } },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  describe('SPEC §7 registry: config, origins, analytics config', () => {
    it('GET /appkit/v1/config returns the feature flags, with per-project overrides', async () => {
      const r = await callApi(server.url, '/appkit/v1/config')
      expect(r.status).toBe(200)
      expect(r.body.features).toMatchObject({ email: true, swaps: true, onramp: true, history: true })
      expect(r.body.features.socials).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
      const custom = await callApi(server.url, '/appkit/v1/config', { query: { projectId: 'custom-project' } })
      expect(custom.body.features.swaps).toBe(false)
      expect(custom.body.features.email).toBe(true)
    })

    it('GET /projects/v1/origins returns the allow-list, configurable per project', async () => {
      expect((await callApi(server.url, '/projects/v1/origins')).body).toEqual({ allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] })
      expect((await callApi(server.url, '/projects/v1/origins', { query: { projectId: 'custom-project' } })).body).toEqual({
        allowedOrigins: ['https://shop.example'],
      })
      expect((await callApi(server.url, '/projects/v1/origins', { query: { projectId: 'no-origins' } })).body).toEqual({ allowedOrigins: [] })
    })

    it('SPEC §8 special projectIds force 429 and 5xx (RATE_LIMITED / SERVER_ERROR paths)', async () => {
      const limited = await callApi(server.url, '/projects/v1/origins', { query: { projectId: 'rate-limited' } })
      expect(limited.status).toBe(429)
      expect(limited.body.error).toMatch(/429/)
      expect((await callApi(server.url, '/projects/v1/origins', { query: { projectId: 'server-error' } })).status).toBe(500)
      expect((await callApi(server.url, '/getWallets', { query: { projectId: 'status-503' } })).status).toBe(503)
      expect((await callApi(server.url, '/v1/supported-chains', { query: { projectId: 'status-408' } })).status).toBe(408)
    })

    it('GET /getAnalyticsConfig says analytics are enabled', async () => {
      const r = await callApi(server.url, '/getAnalyticsConfig')
      expect(r.status).toBe(200)
      expect(r.body).toEqual({ isAnalyticsEnabled: true })
    })

    it('SPEC §7 a missing projectId is refused on registry and blockchain paths', async () => {
      const paths = [
        '/appkit/v1/config', '/projects/v1/origins', '/getWallets', '/getWalletImage/x', '/public/getAssetImage/x',
        '/public/getCurrencyImage/USD', '/public/getTokenImage/ETH', '/getAnalyticsConfig', '/v1/supported-chains',
        '/v1/identity/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        '/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/history',
        '/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance',
      ]
      for (const path of paths) {
        const r = await callApi(server.url, path, { query: { projectId: undefined } })
        expect(r.status, path).toBe(400)
        expect(r.body, path).toEqual({ error: 'projectId is required' })
        expect((await callApi(server.url, path, { query: { projectId: '' } })).status, path).toBe(400)
      }
      const post = await callApi(server.url, '/v1/fungible/price', { query: { projectId: undefined }, json: { currency: 'usd', addresses: [] } })
      expect(post.body).toEqual({ error: 'projectId is required' })
      // The price call may carry projectId in its body (SPEC §7).
      const inBody = await callApi(server.url, '/v1/fungible/price', { query: { projectId: undefined }, json: { currency: 'usd', addresses: [], projectId: 'p' } })
      expect(inBody.status).toBe(200)
    })
  })

  describe('SPEC §7 GET /getWallets', () => {
    it('lists the demo wallets first, then at least 300 generated listings', async () => {
      const r = await callApi<Wallets>(server.url, '/getWallets', { query: { page: '1', entries: '40' } })
      expect(r.status).toBe(200)
      expect(r.body.count).toBe(TOTAL)
      expect(r.body.data).toHaveLength(40)
      const [demo, dev] = r.body.data
      expect(demo).toMatchObject({ id: DEMO_WALLET_ID, name: 'Portico Demo Wallet', webapp_link: DEMO_URL })
      expect(demo!.chains).toEqual(['eip155:31337', 'eip155:31338', 'eip155:1'])
      expect(dev).toMatchObject({ id: DEV_WALLET_ID, name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet', mobile_link: null, desktop_link: null, webapp_link: null })
      expect(Object.keys(demo!).sort()).toEqual(
        ['badge_type', 'chains', 'desktop_link', 'homepage', 'id', 'image_id', 'mobile_link', 'name', 'rdns', 'webapp_link'].sort(),
      )
    })

    it('is generated deterministically with registry-like ids, mixed chains, link shapes and badges', async () => {
      const all = (await callApi<Wallets>(server.url, '/getWallets', { query: { entries: '500' } })).body.data
      expect(all).toHaveLength(TOTAL)
      expect(all.slice(2).map((w) => w.id)).toEqual(generateWallets().map((w) => w.id))
      expect(generateWallets()).toEqual(generateWallets())
      expect(new Set(all.map((w) => w.id)).size).toBe(TOTAL)
      expect(new Set(all.map((w) => w.name)).size).toBe(TOTAL)
      for (const w of all) expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      const namespaces = new Set(all.flatMap((w) => w.chains.map((c) => c.split(':')[0])))
      expect([...namespaces]).toEqual(expect.arrayContaining(['eip155', 'solana', 'bip122', 'cosmos']))
      expect(all.some((w) => w.desktop_link && !w.mobile_link && !w.webapp_link)).toBe(true)
      expect(all.some((w) => w.webapp_link && !w.mobile_link && !w.desktop_link)).toBe(true)
      const certified = all.filter((w) => w.badge_type === 'certified').length
      expect(certified).toBeGreaterThan(2)
      expect(certified).toBeLessThan(60)
    })

    it('SPEC §9 paging by 40: page 8 reaches the 300th listing', async () => {
      const all = (await callApi<Wallets>(server.url, '/getWallets', { query: { entries: '500' } })).body.data
      const page8 = await callApi<Wallets>(server.url, '/getWallets', { query: { page: '8', entries: '40' } })
      expect(page8.body.count).toBe(TOTAL)
      expect(page8.body.data).toHaveLength(TOTAL - 7 * 40)
      expect(page8.body.data[19]).toEqual(all[299])
      const page9 = await callApi<Wallets>(server.url, '/getWallets', { query: { page: '9', entries: '40' } })
      expect(page9.body).toEqual({ data: [], count: TOTAL })
      // Pages do not overlap and cover everything once.
      const ids: string[] = []
      for (let page = 1; page <= 8; page++) {
        ids.push(...(await callApi<Wallets>(server.url, '/getWallets', { query: { page: String(page), entries: '40' } })).body.data.map((w) => w.id))
      }
      expect(ids).toEqual(all.map((w) => w.id))
    })

    it('search matches names case-insensitively and treats wildcards literally', async () => {
      const lower = await callApi<Wallets>(server.url, '/getWallets', { query: { search: 'aurora', entries: '100' } })
      expect(lower.body.count).toBeGreaterThan(0)
      for (const w of lower.body.data) expect(w.name.toLowerCase()).toContain('aurora')
      const upper = await callApi<Wallets>(server.url, '/getWallets', { query: { search: 'AURORA', entries: '100' } })
      expect(upper.body.data.map((w) => w.id)).toEqual(lower.body.data.map((w) => w.id))
      expect((await callApi<Wallets>(server.url, '/getWallets', { query: { search: 'portico demo' } })).body.data.map((w) => w.id)).toEqual([DEMO_WALLET_ID])
      expect((await callApi<Wallets>(server.url, '/getWallets', { query: { search: '%' } })).body).toEqual({ data: [], count: 0 })
      expect((await callApi<Wallets>(server.url, '/getWallets', { query: { search: '_' } })).body.count).toBe(0)
    })

    it('include keeps only the given ids; exclude removes them', async () => {
      const all = (await callApi<Wallets>(server.url, '/getWallets', { query: { entries: '500' } })).body.data
      const picked = [all[150]!.id, all[3]!.id]
      const inc = await callApi<Wallets>(server.url, '/getWallets', { query: { include: picked.join(',') } })
      expect(inc.body.count).toBe(2)
      expect(inc.body.data.map((w) => w.id)).toEqual([all[3]!.id, all[150]!.id])
      const exc = await callApi<Wallets>(server.url, '/getWallets', { query: { exclude: `${DEMO_WALLET_ID},${DEV_WALLET_ID}`, entries: '500' } })
      expect(exc.body.count).toBe(TOTAL - 2)
      expect(exc.body.data.some((w) => w.id === DEMO_WALLET_ID || w.id === DEV_WALLET_ID)).toBe(false)
      const both = await callApi<Wallets>(server.url, '/getWallets', { query: { include: picked.join(','), exclude: picked[0] } })
      expect(both.body.data.map((w) => w.id)).toEqual([all[3]!.id])
    })

    it('chains keeps wallets whose chains intersect the requested CAIP-2 ids', async () => {
      const sol = await callApi<Wallets>(server.url, '/getWallets', { query: { chains: SOLANA, entries: '500' } })
      expect(sol.body.count).toBeGreaterThan(10)
      for (const w of sol.body.data) expect(w.chains).toContain(SOLANA)
      const local = await callApi<Wallets>(server.url, '/getWallets', { query: { chains: 'eip155:31338' } })
      expect(local.body.data.map((w) => w.id)).toEqual([DEMO_WALLET_ID, DEV_WALLET_ID])
      const either = await callApi<Wallets>(server.url, '/getWallets', { query: { chains: `eip155:31338,${SOLANA}`, entries: '500' } })
      expect(either.body.count).toBe(sol.body.count + 2)
    })

    it('badge_type filters certified listings', async () => {
      const r = await callApi<Wallets>(server.url, '/getWallets', { query: { badge_type: 'certified', entries: '500' } })
      expect(r.body.count).toBeGreaterThan(0)
      for (const w of r.body.data) expect(w.badge_type).toBe('certified')
    })
  })

  describe('SPEC §7 image endpoints', () => {
    const paths = ['/getWalletImage/', '/public/getAssetImage/', '/public/getCurrencyImage/', '/public/getTokenImage/']

    it('return deterministic SVG blobs with cache headers', async () => {
      const wallets = (await callApi<Wallets>(server.url, '/getWallets')).body.data
      for (const p of paths) {
        const id = p === '/getWalletImage/' ? wallets[5]!.image_id : 'USDC'
        const a = await callApi<string>(server.url, p + id)
        expect(a.status, p).toBe(200)
        expect(a.headers.get('content-type'), p).toBe('image/svg+xml')
        expect(a.headers.get('cache-control'), p).toMatch(/max-age=\d+/)
        expect(a.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), p).toBe(true)
        const b = await callApi<string>(server.url, p + id)
        expect(b.body).toBe(a.body)
        expect((await callApi<string>(server.url, `${p}${id}-other`)).body).not.toBe(a.body)
        const cached = await callApi(server.url, p + id, { headers: { 'if-none-match': a.headers.get('etag')! } })
        expect(cached.status).toBe(304)
      }
    })

    it('labels wallet images with the wallet initials and rejects odd ids', async () => {
      const demo = (await callApi<Wallets>(server.url, '/getWallets')).body.data[0]!
      expect((await callApi<string>(server.url, `/getWalletImage/${demo.image_id}`)).body).toContain('>PD</text>')
      const bad = await callApi(server.url, '/public/getTokenImage/%3Cscript%3E')
      expect(bad.status).toBe(400)
      expect(bad.body.error).toBeTypeOf('string')
    })
  })

  describe('HTTP behaviour', () => {
    it('allows any localhost origin by CORS, including preflight', async () => {
      const r = await callApi(server.url, '/getAnalyticsConfig', { headers: { origin: 'http://localhost:5173' } })
      expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      const pre = await fetch(`${server.url}/e`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:4173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
      expect(pre.status).toBe(204)
      expect(pre.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST')
      expect(pre.headers.get('access-control-allow-headers')).toBe('content-type')
      const foreign = await callApi(server.url, '/getAnalyticsConfig', { headers: { origin: 'https://evil.example' } })
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('answers unknown routes with a JSON 404', async () => {
      const r = await callApi(server.url, '/v1/does-not-exist')
      expect(r.status).toBe(404)
      expect(r.body.error).toMatch(/Not found/)
    })
  })
})
