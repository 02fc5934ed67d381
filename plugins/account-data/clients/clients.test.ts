import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevChains, type DevChains } from '../../../stack/chain/index.ts'
import { startApiServer, SEEDED_NAME, type ApiServer } from '../../../stack/api/index.ts'
import { tempDataDir } from '../../../stack/api/api-test-client.ts'
import { SDK_TYPE, SDK_VERSION } from 'portico'
import { OriginsFetchError } from 'portico'
import { AnalyticsClient, ApiReplyError, BlockchainApiClient, RegistryClient, type ApiClientDeps } from './index.ts'

const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const PROJECT = 'clients-test'

let dev: DevChains
let api: ApiServer
let quietApi: ApiServer
const data = tempDataDir('clients')
const quietData = tempDataDir('clients-quiet')

/** Every URL the clients fetched, to check the SPEC §7 params. */
const fetched: string[] = []
const recordingFetch: typeof fetch = (input, init) => {
  fetched.push(String(input))
  return fetch(input, init)
}
const noWait = { sleep: async () => undefined }

function deps(baseUrl: string, projectId = PROJECT, extra: Partial<ApiClientDeps['retry']> = {}): ApiClientDeps {
  return { baseUrl: () => baseUrl, sdk: () => ({ projectId, st: SDK_TYPE, sv: SDK_VERSION }), retry: { fetch: recordingFetch, ...noWait, ...extra } }
}

/** A server in front of another: answers `failures` times with `status`, then forwards; counts every request. */
async function flakyProxy(target: string, failures: number, status = 503) {
  let hits = 0
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits++
    if (hits <= failures) {
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"busy"}')
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = chunks.length ? Buffer.concat(chunks) : undefined
      fetch(new URL(req.url ?? '/', target), { method: req.method, headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' }).end(Buffer.from(await r.arrayBuffer())))
        .catch(() => res.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A server answering every request with a fixed body. */
async function fixedServer(body: string, contentType = 'application/json') {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': contentType }).end(body))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

beforeAll(async () => {
  dev = await startDevChains()
  ;[api, quietApi] = await Promise.all([
    startApiServer({ dataDir: data.dir, chains: dev.chains, deployment: dev.deployment, indexIntervalMs: 60_000 }),
    startApiServer({ dataDir: quietData.dir, chains: [], analyticsEnabled: false }),
  ])
  await api.indexNow()
})

afterAll(async () => {
  await api?.stop()
  await quietApi?.stop()
  await dev?.stop()
  data.remove()
  quietData.remove()
})

describe('RegistryClient against the API server', () => {
  it('SPEC §7 every call carries projectId, st and sv', async () => {
    const registry = new RegistryClient(deps(api.url))
    fetched.length = 0
    await registry.getConfig()
    await registry.getWallets({ page: 1, entries: 2 })
    await registry.getAnalyticsConfig()
    expect(fetched).toHaveLength(3)
    for (const url of fetched) {
      const u = new URL(url)
      expect([u.searchParams.get('projectId'), u.searchParams.get('st'), u.searchParams.get('sv')]).toEqual([PROJECT, SDK_TYPE, SDK_VERSION])
    }
  })

  it('SPEC §7 /appkit/v1/config returns features', async () => {
    const { features } = await new RegistryClient(deps(api.url)).getConfig()
    expect(features).toMatchObject({ email: true, history: true })
  })

  it('SPEC §7/§8 /projects/v1/origins: a list, RATE_LIMITED on 429, SERVER_ERROR on 5xx (after the retries)', async () => {
    expect(await new RegistryClient(deps(api.url)).getOrigins()).toEqual({ allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] })
    fetched.length = 0
    expect(await new RegistryClient(deps(api.url, 'rate-limited')).getOrigins()).toEqual({ error: OriginsFetchError.RATE_LIMITED })
    expect(fetched).toHaveLength(3)
    expect(await new RegistryClient(deps(api.url, 'server-error')).getOrigins()).toEqual({ error: OriginsFetchError.SERVER_ERROR })
    expect(await new RegistryClient(deps(api.url, 'no-origins')).getOrigins()).toEqual({ allowedOrigins: [] })
  })

  it('SPEC §7 /getWallets pages, searches and filters by include, exclude and chains', async () => {
    const registry = new RegistryClient(deps(api.url))
    const first = await registry.getWallets({ page: 1, entries: 40 })
    expect(first.data).toHaveLength(40)
    expect(first.count).toBe(302)
    expect(first.data[1]).toMatchObject({ name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' })
    const last = await registry.getWallets({ page: 8, entries: 40 })
    expect(last.data).toHaveLength(302 - 7 * 40)
    const search = await registry.getWallets({ page: 1, entries: 100, search: '  portico ' })
    expect(search.data.map((w) => w.name)).toEqual(['Portico Demo Wallet', 'Portico Dev Wallet'])
    const ids = first.data.slice(2, 5).map((w) => w.id)
    expect((await registry.getWallets({ page: 1, entries: 40, include: ids })).data.map((w) => w.id)).toEqual(ids)
    const excluded = await registry.getWallets({ page: 1, entries: 40, exclude: ids })
    expect(excluded.count).toBe(299)
    expect(excluded.data.some((w) => ids.includes(w.id))).toBe(false)
    const local = await registry.getWallets({ page: 1, entries: 40, chains: ['eip155:31337'] })
    expect(local.data.map((w) => w.name)).toEqual(['Portico Demo Wallet', 'Portico Dev Wallet'])
  })

  it('SPEC §7 image URLs load as images', async () => {
    const registry = new RegistryClient(deps(api.url))
    const [wallet] = (await registry.getWallets({ page: 1, entries: 1 })).data
    for (const url of [registry.walletImageUrl(wallet!.image_id!), registry.assetImageUrl('x1'), registry.currencyImageUrl('USD'), registry.tokenImageUrl('ETH')]) {
      expect(new URL(url).searchParams.get('projectId')).toBe(PROJECT)
      const res = await fetch(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('image/svg+xml')
    }
  })

  it('SPEC §7 /getAnalyticsConfig returns isAnalyticsEnabled', async () => {
    expect(await new RegistryClient(deps(api.url)).getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: true })
    expect(await new RegistryClient(deps(quietApi.url)).getAnalyticsConfig()).toEqual({ isAnalyticsEnabled: false })
  })
})

describe('BlockchainApiClient against the API server', () => {
  const chainId = () => `eip155:${dev.chains[0]!.chainId}`

  it('SPEC §7 supported-chains lists the dev chains', async () => {
    const chains = await new BlockchainApiClient(deps(api.url)).supportedChains()
    expect(chains.http).toEqual(dev.chains.map((c) => `eip155:${c.chainId}`))
  })

  it('SPEC §7 identity with sender gives the seeded name and avatar', async () => {
    const identity = await new BlockchainApiClient(deps(api.url)).identity(ACCOUNT0, ACCOUNT0)
    expect(identity.name).toBe(SEEDED_NAME)
    expect(identity.avatar).toContain('/public/getAssetImage/')
    expect(await new BlockchainApiClient(deps(api.url)).identity('0x000000000000000000000000000000000000dEaD')).toEqual({ name: null, avatar: null })
  })

  it('SPEC §7 balance with currency usd and chainId lists the ERC-20s and the native token', async () => {
    fetched.length = 0
    const { balances } = await new BlockchainApiClient(deps(api.url)).balance(ACCOUNT0, { chainId: chainId(), currency: 'usd' })
    expect(balances.map((b) => b.symbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'ZERO'])
    expect(balances.find((b) => b.symbol === 'USDC')).toMatchObject({ quantity: { decimals: '6', numeric: '1000' }, value: 1000, chainId: chainId() })
    const url = new URL(fetched[0]!)
    expect(url.pathname).toBe(`/v1/account/${ACCOUNT0}/balance`)
    expect(url.searchParams.get('currency')).toBe('usd')
    expect(url.searchParams.get('chainId')).toBe(chainId())
  })

  it('SPEC §7 history with chainId returns data and next; the cursor pages on', async () => {
    const client = new BlockchainApiClient(deps(api.url))
    const page = await client.history(ACCOUNT0, { chainId: chainId() })
    expect(page.data.length).toBeGreaterThan(0)
    for (const t of page.data) expect(t.metadata.chain).toBe(chainId())
    expect(page.data.some((t) => t.transfers.some((x) => x.nft_info?.name.startsWith('Portico Punks')))).toBe(true)
    expect(page.data.some((t) => t.transfers.some((x) => x.fungible_info?.flags?.is_spam))).toBe(true)
    if (page.next) {
      const more = await client.history(ACCOUNT0, { chainId: chainId(), cursor: page.next })
      expect(more.data.map((t) => t.id)).not.toContain(page.data[0]!.id)
    } else {
      expect(page.next).toBeNull()
    }
    expect(await client.history(ACCOUNT0, { onramp: 'coinbase' })).toEqual({ data: [], next: null })
  })

  it('SPEC §7 POST fungible/price sends currency, addresses and projectId', async () => {
    const usdc = dev.deployment.chains[dev.chains[0]!.chainId]!.contracts.usdc6
    const { fungibles } = await new BlockchainApiClient(deps(api.url)).fungiblePrice({ currency: 'usd', addresses: [`${chainId()}:${usdc}`] })
    expect(fungibles).toHaveLength(1)
    expect(fungibles[0]).toMatchObject({ symbol: 'USDC', price: 1 })
  })
})

describe('SPEC §8 retry policy through the clients', () => {
  it('two 503 answers are retried and the third attempt succeeds (150 ms, then 300 ms)', async () => {
    const proxy = await flakyProxy(api.url, 2)
    const delays: number[] = []
    try {
      const client = new BlockchainApiClient(deps(proxy.url, PROJECT, { sleep: async (ms: number) => void delays.push(ms) }))
      const chains = await client.supportedChains()
      expect(chains.http.length).toBe(2)
      expect(proxy.hits()).toBe(3)
      expect(delays).toEqual([150, 300])
    } finally {
      await proxy.close()
    }
  })

  it('three 503 answers exhaust the 3 attempts and reject with a clear error', async () => {
    const proxy = await flakyProxy(api.url, 3)
    try {
      const registry = new RegistryClient(deps(proxy.url))
      const error = await registry.getWallets({ page: 1, entries: 1 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiReplyError)
      expect(error).toMatchObject({ status: 503, message: '/getWallets: HTTP 503' })
      expect(proxy.hits()).toBe(3)
    } finally {
      await proxy.close()
    }
  })

  it('a 400 is not retried', async () => {
    const proxy = await flakyProxy(api.url, 1, 400)
    try {
      await expect(new RegistryClient(deps(proxy.url)).getConfig()).rejects.toMatchObject({ status: 400 })
      expect(proxy.hits()).toBe(1)
    } finally {
      await proxy.close()
    }
  })
})

describe('bad replies reject with a clear error, never a crash', () => {
  it.each([
    ['{"data":"nope","count":1}', '/getWallets: unexpected reply shape (data is not an array)'],
    ['{"data":[{"id":7,"name":"x"}],"count":1}', '/getWallets: unexpected reply shape (data[0].id is not a string)'],
    ['{"data":[]}', '/getWallets: unexpected reply shape (count is not a count)'],
    ['<html>oops</html>', '/getWallets: reply is not JSON'],
  ])('getWallets answered %s', async (body, message) => {
    const server = await fixedServer(body)
    try {
      await expect(new RegistryClient(deps(server.url)).getWallets({ page: 1, entries: 1 })).rejects.toThrow(message)
    } finally {
      await server.close()
    }
  })

  it('history and balance with wrong shapes', async () => {
    const server = await fixedServer('{"data":[{"id":"a","metadata":{"chain":"eip155:1"},"transfers":[]}],"balances":[{"name":"x"}]}')
    try {
      const client = new BlockchainApiClient(deps(server.url))
      await expect(client.history(ACCOUNT0)).rejects.toThrow('data[0].metadata.minedAt is not a string')
      await expect(client.balance(ACCOUNT0)).rejects.toThrow('balances[0].quantity is not an object')
    } finally {
      await server.close()
    }
  })
})

describe('AnalyticsClient against the API server', () => {
  async function storedEvents(event: string): Promise<Array<{ eventId: string; url: string; domain: string; timestamp: number; props: Record<string, unknown>; projectId: string }>> {
    const res = await fetch(`${api.url}/e?event=${event}`, { headers: { authorization: `Bearer ${api.adminToken}` } })
    return ((await res.json()) as { data: never[] }).data
  }

  it('SPEC §7 POST /e with eventId, url, domain, timestamp and props when the host and the project enable it', async () => {
    const client = new AnalyticsClient({
      ...deps(api.url),
      enabled: () => true,
      registry: new RegistryClient(deps(api.url)),
      page: () => ({ url: 'http://127.0.0.1:5173/shop', domain: '127.0.0.1' }),
      now: () => 1_700_000_000_000,
    })
    expect(await client.track('CONNECT_SUCCESS', { method: 'browser', name: 'Portico Dev Wallet' })).toBe(true)
    const [stored] = await storedEvents('CONNECT_SUCCESS')
    expect(stored).toMatchObject({
      projectId: PROJECT,
      url: 'http://127.0.0.1:5173/shop',
      domain: '127.0.0.1',
      timestamp: 1_700_000_000_000,
      props: { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'Portico Dev Wallet' } },
    })
    expect(stored!.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('SPEC §7 nothing is sent when the host leaves analytics off, or the project config disables it', async () => {
    fetched.length = 0
    const off = new AnalyticsClient({ ...deps(api.url), enabled: () => false, registry: new RegistryClient(deps(api.url)) })
    expect(await off.track('SWITCH_NETWORK', { network: 'eip155:1' })).toBe(false)
    expect(fetched).toHaveLength(0)
    const remoteOff = new AnalyticsClient({ ...deps(api.url), enabled: () => true, registry: new RegistryClient(deps(quietApi.url)) })
    expect(await remoteOff.track('SWITCH_NETWORK', { network: 'eip155:1' })).toBe(false)
    expect(await remoteOff.track('SWITCH_NETWORK', { network: 'eip155:1' })).toBe(false)
    // The config was asked once; no POST /e left.
    expect(fetched.map((u) => new URL(u).pathname)).toEqual(['/getAnalyticsConfig'])
    expect(await storedEvents('SWITCH_NETWORK')).toEqual([])
  })

  it('SPEC §8 error reports are capped at 5 per 60 s', async () => {
    let now = 5_000_000
    const client = new AnalyticsClient({ ...deps(api.url), enabled: () => true, registry: new RegistryClient(deps(api.url)), now: () => now })
    const sent: boolean[] = []
    for (let i = 0; i < 7; i++) sent.push(await client.sendError(new Error(`boom ${i}`), 'TEST'))
    expect(sent).toEqual([true, true, true, true, true, false, false])
    // SPEC §8 by value: 5 reports per 60 s window.
    now += 60_000 - 1
    expect(await client.sendError(new Error('still capped'), 'TEST')).toBe(false)
    now += 1
    expect(await client.sendError(new Error('window passed'), 'TEST')).toBe(true)
    const stored = await storedEvents('ERROR')
    expect(stored).toHaveLength(6)
    expect(stored[0]!.props).toMatchObject({ type: 'error', properties: { errorType: 'TEST', errorMessage: 'window passed' } })
  })
})

describe('SPEC §7 projectId', () => {
  it('without a projectId nothing is sent', async () => {
    fetched.length = 0
    const error = await new RegistryClient(deps(api.url, '')).getWallets({ page: 1, entries: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiReplyError)
    expect((error as Error).message).toBe('/getWallets: no projectId configured')
    expect(fetched).toHaveLength(0)
  })
})
