import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatRegistrationMessage } from 'portico/plugins/names'
import { startApiServer, type ApiServer } from './index.ts'
import { callApi, DB_BACKENDS, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'

const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const T0 = Date.parse('2026-03-01T10:00:00.000Z')
// ENSIP-11 coin type of chain 31337: 0x80000000 | 31337.
const COIN_31337 = 2147514985

type Refusal = { error?: string; reasons?: Array<{ field: string; description: string }> }
type Profile = { name: string; addresses: Record<string, { address: string }> }

describe.each(DB_BACKENDS)('profile API /v1/profile (%s)', (backend) => {
  let storage: TestStorage
  let server: ApiServer
  const clock = T0

  beforeAll(async () => {
    storage = await testStorage(backend, 'profile')
    server = await startApiServer({ ...storage.options, adminToken: TEST_ADMIN_TOKEN, chains: [], now: () => clock, nameZones: ['reown.id', 'wcn.id', 'portico.test'] })
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  const count = async () => Number((await server.db.query<{ n: number }>('select count(*)::int as n from profile_names')).rows[0]!.n)
  const signedPayload = async (name: string, signer = alice, over: { address?: string; coin_type?: number; timestamp?: number } = {}) => {
    const message = formatRegistrationMessage(name, over.timestamp ?? Math.floor(clock / 1000))
    return { coin_type: over.coin_type ?? COIN_31337, address: over.address ?? signer.address, message, signature: await signer.signMessage({ message }) }
  }
  const register = (body: unknown) => callApi<Profile & Refusal>(server.url, '/v1/profile/account', { json: body })

  it('registers a signed name, then answers it forward and reverse', async () => {
    const r = await register(await signedPayload('alice.reown.id'))
    expect(r.status).toBe(200)
    expect(r.body.name).toBe('alice.reown.id')
    expect(r.body.addresses[String(COIN_31337)]!.address).toBe(alice.address.toLowerCase())

    const forward = await callApi<Profile>(server.url, '/v1/profile/account/alice.reown.id', { query: { apiVersion: '2' } })
    expect(forward.status).toBe(200)
    expect(forward.body.addresses[String(COIN_31337)]!.address).toBe(alice.address.toLowerCase())
    // Lookup normalizes what it is given.
    expect((await callApi<Profile>(server.url, '/v1/profile/account/ALICE.reown.id')).body.name).toBe('alice.reown.id')

    const reverse = await callApi<Profile[]>(server.url, `/v1/profile/reverse/${alice.address}`, { query: { sender: alice.address, apiVersion: '2' } })
    expect(reverse.status).toBe(200)
    expect(reverse.body.map((p) => p.name)).toEqual(['alice.reown.id'])
    const none = await callApi<Profile[]>(server.url, `/v1/profile/reverse/${bob.address}`)
    expect(none.body).toEqual([])
    expect((await callApi<Refusal>(server.url, '/v1/profile/account/nobody.reown.id')).status).toBe(404)
  })

  it('suggests the name asked for with whether it is taken, and free variants', async () => {
    const taken = await callApi<{ suggestions: Array<{ name: string; registered: boolean }> }>(server.url, '/v1/profile/suggestions/alice', { query: { zone: 'reown.id' } })
    expect(taken.status).toBe(200)
    expect(taken.body.suggestions[0]).toEqual({ name: 'alice.reown.id', registered: true })
    expect(taken.body.suggestions.length).toBeGreaterThan(1)
    expect(taken.body.suggestions.slice(1).every((s) => s.registered === false && s.name.endsWith('.reown.id'))).toBe(true)
    const free = await callApi<{ suggestions: Array<{ name: string; registered: boolean }> }>(server.url, '/v1/profile/suggestions/Carol-7', { query: { zone: 'portico.test' } })
    expect(free.body.suggestions[0]).toEqual({ name: 'carol-7.portico.test', registered: false })
  })

  it('one name per address per zone; names unique after normalization', async () => {
    const before = await count()
    const second = await register(await signedPayload('alice2.reown.id'))
    expect(second.status).toBe(409)
    expect(second.body.reasons![0]!.description).toMatch(/already has a name/)
    // Another zone is fine.
    expect((await register(await signedPayload('alice.portico.test'))).status).toBe(200)
    // Bob cannot take alice.reown.id.
    const clash = await register(await signedPayload('alice.reown.id', bob))
    expect(clash.status).toBe(409)
    expect(clash.body.error).toBe('This name is already registered')
    expect(await count()).toBe(before + 1)
  })

  const refusals: Array<[string, () => Promise<unknown>, number, RegExp]> = [
    ['a non-normalized name', () => signedPayload('Bob.reown.id', bob), 400, /not normalized/],
    ['a name outside the served zones', () => signedPayload('bobby.eth', bob), 400, /must end with/],
    ['a label under 4 characters (SPEC §5)', () => signedPayload('bob.reown.id', bob), 400, /At least 4 characters/],
    ['a label with other characters (SPEC §5)', () => signedPayload('_bobby.reown.id', bob), 400, /letters, digits and hyphens/],
    ['a signature by someone else', () => signedPayload('bobby.reown.id', alice, { address: bob.address }), 401, /signature/],
    ['a stale message', () => signedPayload('bobby.reown.id', bob, { timestamp: Math.floor(T0 / 1000) - 3600 }), 400, /timestamp/],
    ['a non-EVM coin type', () => signedPayload('bobby.reown.id', bob, { coin_type: 0 }), 400, /coin_type/],
    ['a message that is not JSON', async () => ({ coin_type: 60, address: bob.address, message: 'hello', signature: await bob.signMessage({ message: 'hello' }) }), 400, /not JSON/],
    ['a missing signature', async () => ({ coin_type: 60, address: bob.address, message: formatRegistrationMessage('bobby.reown.id', T0 / 1000) }), 400, /signature/],
    ['a malformed address', async () => ({ ...(await signedPayload('bobby.reown.id', bob)), address: '0x1234' }), 400, /address/],
    ['a malformed signature', async () => ({ ...(await signedPayload('bobby.reown.id', bob)), signature: `0x${'zz'.repeat(65)}` }), 400, /signature/],
    ['a body that is an array', async () => [1, 2], 400, /./],
  ]
  it.each(refusals)('refuses %s with a 4xx and a message, storing nothing', async (_what, body, status, reason) => {
    const before = await count()
    const r = await register(await body())
    expect(r.status).toBe(status)
    expect(r.body.error).toMatch(reason)
    expect(await count()).toBe(before)
  })

  it('refuses bad lookups and suggestions with a 4xx and a message', async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/v1/profile/suggestions/abc', { zone: 'reown.id' }, 400],
      ['/v1/profile/suggestions/a_bcd', { zone: 'reown.id' }, 400],
      // Passes the SPEC §5 rule but not ENSIP-15 (a "--" at positions 3-4).
      ['/v1/profile/suggestions/ab--cd', { zone: 'reown.id' }, 400],
      ['/v1/profile/suggestions/abcd', { zone: 'example.com' }, 400],
      ['/v1/profile/suggestions/abcd', {}, 400],
      ['/v1/profile/account/%E2%97%8C%CC%88bb.reown.id', {}, 400],
      ['/v1/profile/reverse/0x1234', {}, 400],
    ]
    for (const [path, query, status] of cases) {
      const r = await callApi<Refusal>(server.url, path, { query })
      expect({ path, status: r.status }).toEqual({ path, status })
      expect(typeof r.body.error).toBe('string')
    }
  })

  it('random input never gets a 5xx and stores nothing (seeded)', async () => {
    let seed = 12345
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const pieces = ['a', 'Z', '9', '-', '_', '.', ' ', '%', 'é', 'ß', '\u0000', '\ud800', '💩', '.reown.id', '.wcn.id', '.portico.test', '0x', 'ff', '"', '{', '}']
    const junk = () => Array.from({ length: Math.floor(rand() * 12) }, () => pieces[Math.floor(rand() * pieces.length)]).join('')
    const value = (): unknown => [junk(), 1, -1, 2 ** 40, null, true, [], {}, 1.5][Math.floor(rand() * 9)]
    const enc = (t: string) => {
      try {
        return encodeURIComponent(t)
      } catch {
        return '%ED%A0%80' // a lone surrogate as raw UTF-8 bytes
      }
    }
    const before = await count()
    const sig = await bob.signMessage({ message: 'x' })
    for (let i = 0; i < 150; i++) {
      const kind = i % 4
      let status: number
      if (kind === 0) status = (await callApi(server.url, `/v1/profile/suggestions/${enc(junk() || 'x')}`, { query: { zone: rand() < 0.5 ? 'reown.id' : junk().replace(/[\ud800-\udfff]/g, '') } })).status
      else if (kind === 1) status = (await callApi(server.url, `/v1/profile/account/${enc(junk() || 'x')}`)).status
      else if (kind === 2) status = (await callApi(server.url, `/v1/profile/reverse/${enc(junk() || 'x')}`)).status
      else {
        const message = rand() < 0.5 ? JSON.stringify({ name: junk(), attributes: value(), timestamp: value() }) : junk()
        status = (await register({ coin_type: rand() < 0.5 ? COIN_31337 : value(), address: rand() < 0.5 ? bob.address : value(), message, signature: rand() < 0.5 ? sig : value() })).status
      }
      expect(status).toBeGreaterThanOrEqual(200)
      expect(status).toBeLessThan(500)
    }
    expect(await count()).toBe(before)
  })

  it('two addresses racing for one name: one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([register(await signedPayload('racer.reown.id', alice, { timestamp: Math.floor(clock / 1000) })), register(await signedPayload('racer.wcn.id', bob))])
    expect(a.status === 409 || a.status === 200).toBe(true)
    expect(b.status).toBe(200)
    const carol = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
    const dave = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a')
    const results = await Promise.all([register(await signedPayload('shared.portico.test', carol)), register(await signedPayload('shared.portico.test', dave))])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })
})

