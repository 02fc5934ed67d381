import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ANALYTICS_PROJECT_IDS, startApiServer, type ApiServer, type ApiServerOptions, type StoredEvent } from './index.ts'
import { adminHeaders, callApi, DB_BACKENDS, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url))
const event = (eventId: string) => ({ eventId, props: { type: 'track', event: 'CONNECT_SUCCESS' } })

/** POSTs one event as `client` (an X-Forwarded-For address, honoured with trustProxy) for `projectId`. */
const post = (url: string, projectId: string | undefined, client?: string, eventId = 'e') =>
  callApi<{ error?: string; id?: number }>(url, '/e', {
    query: { projectId },
    json: event(eventId),
    headers: client ? { 'x-forwarded-for': client } : {},
  })

describe.each(DB_BACKENDS)('analytics ingestion and read access (%s)', (backend) => {
  let storage: TestStorage
  let server: ApiServer | undefined
  let clock = 1_000_000
  const start = async (opts: Partial<ApiServerOptions> = {}): Promise<ApiServer> => {
    await server?.stop()
    server = undefined
    server = await startApiServer({ ...storage.options, now: () => clock, ...opts })
    // Each test starts from an empty event table on the suite's storage.
    await server.db.query('delete from analytics_events')
    return server
  }
  const stored = async (): Promise<StoredEvent[]> =>
    (await callApi<{ data: StoredEvent[] }>(server!.url, '/e', { headers: adminHeaders(server!.adminToken) })).body.data

  beforeAll(async () => {
    storage = await testStorage(backend, 'analytics')
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  it('refuses POST /e without a projectId (400) or with one off the allowlist (403), storing nothing', async () => {
    const api = await start({ adminToken: TEST_ADMIN_TOKEN })
    const missing = await post(api.url, undefined)
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ error: 'projectId is required' })
    const unknown = await post(api.url, 'somebody-else')
    expect(unknown.status).toBe(403)
    expect(unknown.body.error).toMatch(/somebody-else.*not allowed/)
    const beacon = await fetch(`${api.url}/e`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(event('b')) })
    expect(beacon.status).toBe(400)
    expect(await stored()).toEqual([])
  })

  it('issue 26 item 9: props over 4 KiB are refused (413) in the route; events older than the retention are deleted; usage per project', async () => {
    const api = await start({ adminToken: TEST_ADMIN_TOKEN, analyticsRetentionMs: 86_400_000 })
    const big = await callApi<{ error?: string }>(api.url, '/e', { query: { projectId: 'portico-demo' }, json: { eventId: 'big', props: { blob: 'x'.repeat(200 * 1024) } } })
    expect(big.status).toBe(413)
    expect(big.body.error).toMatch(/at most 4096 are stored/)
    expect((await post(api.url, 'portico-demo', undefined, 'old')).status).toBe(202)
    expect((await post(api.url, 'bench', undefined, 'other')).status).toBe(202)
    const usage = await callApi<{ retentionDays: number; projects: Array<{ projectId: string; events: number; bytes: number }> }>(api.url, '/e/usage', { headers: adminHeaders(api.adminToken) })
    expect(usage.body.retentionDays).toBe(1)
    expect(usage.body.projects.map((p) => [p.projectId, p.events])).toEqual([['bench', 1], ['portico-demo', 1]])
    expect(usage.body.projects.every((p) => p.bytes > 0)).toBe(true)
    expect((await callApi(api.url, '/e/usage')).status).toBe(401)
    // A day and a bit later the old events are gone as new ones arrive.
    clock += 86_400_000 + 120_000
    expect((await post(api.url, 'portico-demo', undefined, 'new')).status).toBe(202)
    expect((await stored()).map((e) => e.eventId)).toEqual(['new'])
  })

  it('allows the projectIds of the demo, the e2e suites, the bench and the kernel tests by default', async () => {
    const api = await start()
    expect([...DEFAULT_ANALYTICS_PROJECT_IDS].sort()).toEqual(
      ['bench', 'clients-test', 'portico-demo', 'portico-e2e', 'test-project', 'wiring-destroy', 'wiring-off', 'wiring-on'].sort(),
    )
    for (const projectId of DEFAULT_ANALYTICS_PROJECT_IDS) expect((await post(api.url, projectId)).status, projectId).toBe(202)
    expect(new Set((await stored()).map((e) => e.projectId))).toEqual(new Set(DEFAULT_ANALYTICS_PROJECT_IDS))
  })

  it('takes the allowlist from the projectIds option instead of the default', async () => {
    const api = await start({ projectIds: ['shop-1', 'shop-2'] })
    expect((await post(api.url, 'shop-1')).status).toBe(202)
    expect((await post(api.url, 'shop-2')).status).toBe(202)
    expect((await post(api.url, 'portico-demo')).status).toBe(403)
    expect((await stored()).map((e) => e.projectId)).toEqual(['shop-2', 'shop-1'])
  })

  it('limits events per client with 429, a message and Retry-After; other clients go on; the budget refills with time', async () => {
    const api = await start({ trustProxy: true, eventRateLimit: { perClient: 3, perProject: 1000, windowMs: 60_000 } })
    for (let i = 0; i < 3; i++) expect((await post(api.url, 'portico-demo', '10.0.0.1', `a${i}`)).status).toBe(202)
    const limited = await post(api.url, 'portico-e2e', '10.0.0.1', 'a3')
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/too many events from this client/i)
    // 3 per 60 s: the next event is due 20 s after the budget ran out.
    expect(limited.headers.get('retry-after')).toBe('20')
    expect((await post(api.url, 'portico-demo', '10.0.0.2', 'b0')).status).toBe(202)
    clock += 19_999
    expect((await post(api.url, 'portico-demo', '10.0.0.1', 'a4')).status).toBe(429)
    clock += 1
    expect((await post(api.url, 'portico-demo', '10.0.0.1', 'a5')).status).toBe(202)
    expect((await stored()).map((e) => e.eventId).sort()).toEqual(['a0', 'a1', 'a2', 'a5', 'b0'])
  })

  it('limits events per projectId across clients', async () => {
    const api = await start({ trustProxy: true, eventRateLimit: { perClient: 1000, perProject: 2, windowMs: 60_000 } })
    expect((await post(api.url, 'portico-demo', '10.0.0.1', 'p0')).status).toBe(202)
    expect((await post(api.url, 'portico-demo', '10.0.0.2', 'p1')).status).toBe(202)
    const limited = await post(api.url, 'portico-demo', '10.0.0.3', 'p2')
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/too many events for projectId portico-demo/i)
    expect(Number(limited.headers.get('retry-after'))).toBe(30)
    expect((await post(api.url, 'portico-e2e', '10.0.0.3', 'q0')).status).toBe(202)
    expect((await stored()).map((e) => e.eventId).sort()).toEqual(['p0', 'p1', 'q0'])
  })

  it('trustProxy true is one proxy, as in the relay and the secure site: what a client prepends to X-Forwarded-For is not its key', async () => {
    const api = await start({ trustProxy: true, eventRateLimit: { perClient: 2, perProject: 1000, windowMs: 60_000 } })
    // The proxy appends the real client (10.0.0.1) after whatever the client sent; Fastify's own `true` took the leftmost.
    expect((await post(api.url, 'portico-demo', '203.0.113.1, 10.0.0.1', 's0')).status).toBe(202)
    expect((await post(api.url, 'portico-demo', '203.0.113.2, 10.0.0.1', 's1')).status).toBe(202)
    expect((await post(api.url, 'portico-demo', '203.0.113.3, 10.0.0.1', 's2')).status).toBe(429)
    expect((await post(api.url, 'portico-demo', '203.0.113.3, 10.0.0.2', 's3')).status).toBe(202)
  })

  it('a hop count trusts that many proxies (Fastify\'s own number trusts none)', async () => {
    const api = await start({ trustProxy: 2, eventRateLimit: { perClient: 1, perProject: 1000, windowMs: 60_000 } })
    // Client, proxy 1 appends 10.0.0.1, proxy 2 appends proxy 1's address 10.9.9.9.
    expect((await post(api.url, 'portico-demo', '203.0.113.1, 10.0.0.1, 10.9.9.9', 'h0')).status).toBe(202)
    expect((await post(api.url, 'portico-demo', '203.0.113.2, 10.0.0.1, 10.9.9.9', 'h1')).status).toBe(429)
    expect((await post(api.url, 'portico-demo', '203.0.113.2, 10.0.0.2, 10.9.9.9', 'h2')).status).toBe(202)
  })

  it('without trustProxy, X-Forwarded-For does not make a new client', async () => {
    const api = await start({ eventRateLimit: { perClient: 1, perProject: 1000, windowMs: 60_000 } })
    expect((await post(api.url, 'portico-demo', '10.0.0.1')).status).toBe(202)
    expect((await post(api.url, 'portico-demo', '10.0.0.2')).status).toBe(429)
  })

  it('reads events only with the admin token (401 with a message otherwise)', async () => {
    const api = await start({ adminToken: TEST_ADMIN_TOKEN })
    expect(api.adminToken).toBe(TEST_ADMIN_TOKEN)
    expect((await post(api.url, 'portico-demo')).status).toBe(202)
    for (const headers of [{}, adminHeaders('wrong-token-0123456789abcdef'), { authorization: TEST_ADMIN_TOKEN }, { authorization: `Basic ${TEST_ADMIN_TOKEN}` }, adminHeaders(`${TEST_ADMIN_TOKEN}x`)]) {
      const r = await callApi(api.url, '/e', { headers })
      expect(r.status, JSON.stringify(headers)).toBe(401)
      expect(r.body.error).toMatch(/Authorization: Bearer/)
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(r.text).not.toContain('CONNECT_SUCCESS')
    }
    const ok = await callApi<{ count: number }>(api.url, '/e', { headers: adminHeaders() })
    expect(ok.status).toBe(200)
    expect(ok.body.count).toBe(1)
  })

  it('generates a different admin token on each start when none is given, and logs it', async () => {
    const logs: string[] = []
    const first = await start({ log: (s) => logs.push(s) })
    const token = first.adminToken
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(logs.some((l) => l.includes(token))).toBe(true)
    expect((await callApi(first.url, '/e', { headers: adminHeaders(token) })).status).toBe(200)
    const second = await start()
    expect(second.adminToken).not.toBe(token)
    expect((await callApi(second.url, '/e', { headers: adminHeaders(token) })).status).toBe(401)
  })

  it('refuses a short admin token at start', async () => {
    await expect(start({ adminToken: 'short' })).rejects.toThrow(/admin token/i)
  })
})

type Cli = { url: string; lines: string[]; child: ChildProcessWithoutNullStreams; stop(): Promise<number | null> }

/** `npm run stack:api` in a child process; resolves on its `api ready <url>` line. */
function startCli(args: string[]): Promise<Cli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0', ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
    const lines: string[] = []
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    void exited.then((code) => reject(new Error(`api cli exited with ${code} before it was ready:\n${stderr}`)))
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line)
      const ready = /^api ready (\S+)$/.exec(line)
      if (ready) {
        resolve({
          url: ready[1]!,
          lines,
          child,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM')
            return exited
          },
        })
      }
    })
  })
}

describe.each(DB_BACKENDS)('npm run stack:api flags (%s)', (backend) => {
  let storage: TestStorage
  let cli: Cli | undefined
  beforeAll(async () => {
    storage = await testStorage(backend, 'cli')
  })
  afterAll(async () => {
    await cli?.stop()
    await storage?.remove()
  })
  const storageArgs = (): string[] =>
    'dataDir' in storage.options ? ['--data-dir', storage.options.dataDir] : ['--database-url', storage.options.databaseUrl]

  it('prints a generated admin token when --admin-token is not given', async () => {
    cli = await startCli(storageArgs())
    const printed = cli.lines.map((l) => /^api admin token (\S+)$/.exec(l)?.[1]).find(Boolean)
    expect(printed).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect((await callApi(cli.url, '/e', { headers: adminHeaders(printed) })).status).toBe(200)
    expect((await callApi(cli.url, '/e')).status).toBe(401)
    expect(await cli.stop()).toBe(0)
  })

  it('takes --admin-token, --project-ids, --events-per-client / --events-per-project and --trust-proxy=<addresses>', async () => {
    cli = await startCli([...storageArgs(), '--admin-token', TEST_ADMIN_TOKEN, '--project-ids', 'shop-a,shop-b', '--events-per-client', '2', '--events-per-project', '100', '--trust-proxy=127.0.0.1'])
    expect(cli.lines.some((l) => l.includes(TEST_ADMIN_TOKEN))).toBe(false)
    expect((await post(cli.url, 'shop-a', undefined, 'c0')).status).toBe(202)
    expect((await post(cli.url, 'portico-demo', undefined, 'c1')).status).toBe(403)
    expect((await post(cli.url, 'shop-b', undefined, 'c2')).status).toBe(202)
    expect((await post(cli.url, 'shop-b', undefined, 'c3')).status).toBe(429)
    // The trusted proxy (127.0.0.1, this test) names another client.
    expect((await post(cli.url, 'shop-b', '10.1.1.1', 'c4')).status).toBe(202)
    const events = await callApi<{ data: StoredEvent[] }>(cli.url, '/e', { headers: adminHeaders() })
    expect(events.status).toBe(200)
    expect(events.body.data.map((e) => e.eventId).filter((id) => id.startsWith('c'))).toEqual(['c4', 'c2', 'c0'])
    expect(await cli.stop()).toBe(0)
  })

  it('refuses bad flag values with a message', async () => {
    await expect(startCli([...storageArgs(), '--events-per-client', 'lots'])).rejects.toThrow(/--events-per-client/)
  })
})
