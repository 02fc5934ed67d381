import { afterAll, describe, expect, it } from 'vitest'
import { startApiServer, GENERATED_WALLET_COUNT, type ApiServer, type StoredEvent } from './index.ts'
import { callApi, tempDataDir } from './api-test-client.ts'

const data = tempDataDir('persist')
let server: ApiServer | undefined
afterAll(async () => {
  await server?.stop()
  data.remove()
})

const event = (n: number, name: string) => ({
  eventId: `00000000-0000-4000-8000-00000000000${n}`,
  url: 'http://localhost:5173/shop',
  domain: 'localhost',
  timestamp: 1_760_000_000_000 + n,
  props: { type: 'track', event: name, properties: { n } },
})

describe('SPEC §7 analytics and the data directory', () => {
  it('stores POST /e events and reads them back newest first', async () => {
    server = await startApiServer({ dataDir: data.dir, demoWalletUrl: 'http://127.0.0.1:1111/' })
    for (const [i, name] of ['CONNECT_SUCCESS', 'SWITCH_NETWORK', 'SEND_INITIATED'].entries()) {
      const r = await callApi(server.url, '/e', { json: event(i + 1, name) })
      expect(r.status).toBe(202)
    }
    // A beacon posts the same JSON as text/plain.
    const beacon = await fetch(`${server.url}/e?projectId=p`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(event(4, 'SEND_SUCCESS')) })
    expect(beacon.status).toBe(202)
    const back = await callApi<{ data: StoredEvent[]; count: number }>(server.url, '/e', { query: { limit: '10' } })
    expect(back.body.count).toBe(4)
    expect(back.body.data.map((e) => e.props.event)).toEqual(['SEND_SUCCESS', 'SEND_INITIATED', 'SWITCH_NETWORK', 'CONNECT_SUCCESS'])
    expect(back.body.data[3]).toMatchObject({ ...event(1, 'CONNECT_SUCCESS'), projectId: 'test-project' })
    const one = await callApi<{ data: StoredEvent[] }>(server.url, '/e', { query: { limit: '1' } })
    expect(one.body.data).toHaveLength(1)
    const filtered = await callApi<{ data: StoredEvent[] }>(server.url, '/e', { query: { event: 'SWITCH_NETWORK' } })
    expect(filtered.body.data.map((e) => e.eventId)).toEqual([event(2, '').eventId])
  })

  it('keeps the data across a restart on the same data directory', async () => {
    await server!.stop()
    server = await startApiServer({ dataDir: data.dir, demoWalletUrl: 'http://127.0.0.1:2222/' })
    const back = await callApi<{ data: StoredEvent[]; count: number }>(server.url, '/e')
    expect(back.body.count).toBe(4)
    expect(back.body.data.at(-1)?.props.event).toBe('CONNECT_SUCCESS')
    // Migrations and the wallet seed ran once; the demo wallet follows the new URL.
    const wallets = await callApi(server.url, '/getWallets', { query: { entries: '1' } })
    expect(wallets.body.count).toBe(GENERATED_WALLET_COUNT + 2)
    expect(wallets.body.data[0].webapp_link).toBe('http://127.0.0.1:2222/')
    const migrations = await server.db.query<{ version: number }>('select version from schema_migrations order by version')
    expect(migrations.rows.map((r) => r.version)).toEqual([1])
    const r = await callApi(server.url, '/e', { json: event(5, 'SET_PREFERRED_ACCOUNT_TYPE') })
    expect(r.body.id).toBe(5)
  })

  it('refuses a second server on a data directory in use, and frees it on stop', async () => {
    await expect(startApiServer({ dataDir: data.dir })).rejects.toThrow(/in use by process/)
    // The running server is unaffected.
    expect((await callApi(server!.url, '/e')).body.count).toBe(5)
    await server!.stop()
    server = await startApiServer({ dataDir: data.dir })
    expect((await callApi(server.url, '/e')).body.count).toBe(5)
  })
})
