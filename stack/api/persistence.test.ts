import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, GENERATED_WALLET_COUNT, type ApiServer, type StoredEvent } from './index.ts'
import { adminHeaders, callApi, DB_BACKENDS, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'

const event = (n: number, name: string) => ({
  eventId: `00000000-0000-4000-8000-00000000000${n}`,
  url: 'http://localhost:5173/shop',
  domain: 'localhost',
  timestamp: 1_760_000_000_000 + n,
  props: { type: 'track', event: name, properties: { n } },
})

describe.each(DB_BACKENDS)('SPEC §7 analytics and the stored data (%s)', (backend) => {
  let storage: TestStorage
  let server: ApiServer | undefined
  const start = (demoWalletUrl?: string) =>
    startApiServer({ ...storage.options, demoWalletUrl, adminToken: TEST_ADMIN_TOKEN })
  const readEvents = (query: Record<string, string> = {}) =>
    callApi<{ data: StoredEvent[]; count: number }>(server!.url, '/e', { query, headers: adminHeaders() })

  beforeAll(async () => {
    storage = await testStorage(backend, 'persist')
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  it('stores POST /e events and reads them back newest first', async () => {
    server = await start('http://127.0.0.1:1111/')
    for (const [i, name] of ['CONNECT_SUCCESS', 'SWITCH_NETWORK', 'SEND_INITIATED'].entries()) {
      const r = await callApi(server.url, '/e', { json: event(i + 1, name) })
      expect(r.status).toBe(202)
    }
    // A beacon posts the same JSON as text/plain.
    const beacon = await fetch(`${server.url}/e?projectId=portico-demo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(event(4, 'SEND_SUCCESS')) })
    expect(beacon.status).toBe(202)
    const back = await readEvents({ limit: '10' })
    expect(back.body.count).toBe(4)
    expect(back.body.data.map((e) => e.props.event)).toEqual(['SEND_SUCCESS', 'SEND_INITIATED', 'SWITCH_NETWORK', 'CONNECT_SUCCESS'])
    expect(back.body.data[3]).toMatchObject({ ...event(1, 'CONNECT_SUCCESS'), projectId: 'test-project' })
    expect(back.body.data[0]!.projectId).toBe('portico-demo')
    const one = await readEvents({ limit: '1' })
    expect(one.body.data).toHaveLength(1)
    const filtered = await readEvents({ event: 'SWITCH_NETWORK' })
    expect(filtered.body.data.map((e) => e.eventId)).toEqual([event(2, '').eventId])
  })

  it('keeps the data across a restart on the same storage', async () => {
    await server!.stop()
    server = await start('http://127.0.0.1:2222/')
    const back = await readEvents()
    expect(back.body.count).toBe(4)
    expect(back.body.data.at(-1)?.props.event).toBe('CONNECT_SUCCESS')
    // Migrations and the wallet seed ran once; the demo wallet follows the new URL.
    const wallets = await callApi(server.url, '/getWallets', { query: { entries: '1' } })
    expect(wallets.body.count).toBe(GENERATED_WALLET_COUNT + 2)
    expect(wallets.body.data[0].webapp_link).toBe('http://127.0.0.1:2222/')
    const migrations = await server.db.query<{ version: number }>('select version from schema_migrations order by version')
    expect(migrations.rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5])
    const r = await callApi(server.url, '/e', { json: event(5, 'SET_PREFERRED_ACCOUNT_TYPE') })
    expect(r.body.id).toBe(5)
  })

  if (backend === 'pglite') {
    it('refuses a second server on a data directory in use, and frees it on stop', async () => {
      await expect(start()).rejects.toThrow(/in use by process/)
      // The running server is unaffected.
      expect((await readEvents()).body.count).toBe(5)
      await server!.stop()
      server = await start()
      expect((await readEvents()).body.count).toBe(5)
    })
  } else {
    it('runs a second server on the same database beside the first (scale-out), both seeing the same events', async () => {
      const [a, b] = await Promise.all([start(), start()])
      try {
        expect((await callApi(a.url, '/e', { json: event(6, 'SEND_SUCCESS') })).status).toBe(202)
        const fromB = await callApi<{ count: number }>(b.url, '/e', { headers: adminHeaders() })
        expect(fromB.body.count).toBe(6)
        const migrations = await b.db.query<{ version: number }>('select version from schema_migrations order by version')
        expect(migrations.rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5])
        expect((await callApi(b.url, '/getWallets', { query: { entries: '1' } })).body.count).toBe(GENERATED_WALLET_COUNT + 2)
      } finally {
        await Promise.all([a.stop(), b.stop()])
      }
      expect((await readEvents()).body.count).toBe(6)
    })
  }
})
