import { createPublicClient, http, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevChains, toPorticoSmartAccount, type DevChains } from '../chain/index.ts'
import { startApiServer, type ApiServer } from './index.ts'
import { callApi, DB_BACKENDS, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'
import { sessionGrantMessage, sessionRevokeMessage, type SessionGrant, type SessionRecord } from './sessions-routes.ts'
import { formatSiweMessage } from 'portico/plugins/siwx'

const T0 = Date.parse('2026-03-01T10:00:00.000Z')
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')

let chains: DevChains
beforeAll(async () => {
  chains = await startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })
}, 120_000)
afterAll(async () => {
  await chains?.stop()
})

const grant = (expiry: number, over: Partial<SessionGrant> = {}): SessionGrant => ({
  chainId: '0x7a69',
  expiry,
  signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: '0x02aa' }] } },
  permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', start: 1, period: 86400 }, policies: [] }],
  ...over,
})

describe.each(DB_BACKENDS)('smart-account sessions /v1/sessions (%s)', (backend) => {
  let storage: TestStorage
  let server: ApiServer
  let clock = T0
  const now = () => Math.floor(clock / 1000)

  beforeAll(async () => {
    storage = await testStorage(backend, 'sessions')
    server = await startApiServer({ ...storage.options, adminToken: TEST_ADMIN_TOKEN, chains: [{ chainId: 31337, name: 'Portico Local', rpcUrl: chains.chains[0]!.rpcUrl }], now: () => clock, indexIntervalMs: 60_000 })
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  const path = (caip: string, tail = '') => `/v1/sessions/${caip}${tail}`
  const list = async (caip: string) => (await callApi<{ pcis: SessionRecord[] }>(server.url, path(caip))).body.pcis
  const nonceFor = async (caip: string) => (await callApi<{ nonce: string }>(server.url, path(caip, '/nonce'), { json: {} })).body.nonce
  /** `{ grant, signature, nonce }` signed by `signer` over `signed` (default the grant itself) and a fresh nonce. */
  const signedGrant = async (signer: { signMessage(a: { message: string }): Promise<Hex> }, caip: string, g: SessionGrant, signed = g) => {
    const nonce = await nonceFor(caip)
    return { grant: g, nonce, signature: await signer.signMessage({ message: sessionGrantMessage(caip, signed, nonce) }) }
  }

  it('records a grant signed by an EOA, lists it, and revokes it with the account signature', async () => {
    const caip = `eip155:31337:${owner.address}`
    const g = grant(now() + 3600)
    const created = await callApi<SessionRecord>(server.url, path(caip), { json: await signedGrant(owner, caip, g) })
    expect(created.status).toBe(201)
    expect(created.body.pci).toMatch(/^0x[0-9a-f]{64}$/)
    expect(created.body.grant).toEqual(g)
    expect((await list(caip)).map((s) => s.pci)).toEqual([created.body.pci])

    // A revoke signed by someone else is refused and changes nothing.
    const forged = await callApi<{ error: string }>(server.url, path(caip, '/revoke'), {
      json: { pci: created.body.pci, signature: await stranger.signMessage({ message: sessionRevokeMessage(caip, created.body.pci) }) },
    })
    expect(forged.status).toBe(401)
    expect((await list(caip)).length).toBe(1)

    const revoked = await callApi<{ revoked: boolean }>(server.url, path(caip, '/revoke'), {
      json: { pci: created.body.pci, signature: await owner.signMessage({ message: sessionRevokeMessage(caip, created.body.pci) }) },
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body.revoked).toBe(true)
    expect(await list(caip)).toEqual([])
    // Twice is "not found", not a second success.
    const again = await callApi(server.url, path(caip, '/revoke'), {
      json: { pci: created.body.pci, signature: await owner.signMessage({ message: sessionRevokeMessage(caip, created.body.pci) }) },
    })
    expect(again.status).toBe(404)
  })

  it('accepts a counterfactual smart account through its EIP-6492 signature', async () => {
    const client = createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) })
    const contracts = chains.deployment.chains[31337]!.contracts
    const smart = await toPorticoSmartAccount({
      client,
      owner: privateKeyToAccount(generatePrivateKey()),
      entryPoint: contracts.entryPoint,
      factoryAddress: contracts.porticoAccountFactory,
    })
    expect(await client.getCode({ address: smart.address })).toBeUndefined()
    const caip = `eip155:31337:${smart.address}`
    const g = grant(now() + 600)
    const created = await callApi<SessionRecord>(server.url, path(caip), { json: await signedGrant(smart, caip, g) })
    expect(created.status).toBe(201)
    const revoke = await callApi(server.url, path(caip, '/revoke'), {
      json: { pci: created.body.pci, signature: await smart.signMessage({ message: sessionRevokeMessage(caip, created.body.pci) }) },
    })
    expect(revoke.status).toBe(200)
  })

  it('SIWX on a counterfactual smart account verifies through EIP-6492 (and EIP-1271 inside it); another owner is refused', async () => {
    const client = createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) })
    const contracts = chains.deployment.chains[31337]!.contracts
    const make = (owner = privateKeyToAccount(generatePrivateKey())) =>
      toPorticoSmartAccount({ client, owner, entryPoint: contracts.entryPoint, factoryAddress: contracts.porticoAccountFactory })
    const smart = await make()
    const siwe = async (signer: Awaited<ReturnType<typeof make>>) => {
      const nonce = (await callApi<{ nonce: string }>(server.url, '/auth/v1/nonce')).body.nonce
      const message = formatSiweMessage({
        domain: 'localhost:5173',
        address: smart.address,
        statement: 'Sign in to the Portico demo',
        uri: 'http://localhost:5173/',
        version: '1',
        chainId: 31337,
        nonce,
        issuedAt: new Date(clock).toISOString(),
      })
      return callApi<{ session?: { caipAddress: string }; error?: string }>(server.url, '/auth/v1/authenticate', { json: { message, signature: await signer.signMessage({ message }) } })
    }
    const ok = await siwe(smart)
    expect(ok.status).toBe(200)
    expect(ok.body.session?.caipAddress).toBe(`eip155:31337:${smart.address}`)
    // A different owner's account signing a message that names this account is not it.
    expect((await siwe(await make())).status).toBe(401)
  })

  it('refuses a grant not signed by the account, for another grant, expired, or on an unknown chain', async () => {
    const caip = `eip155:31337:${owner.address}`
    const g = grant(now() + 3600)
    const byStranger = await callApi(server.url, path(caip), { json: await signedGrant(stranger, caip, g) })
    expect(byStranger.status).toBe(401)
    // A signature over one grant does not carry over to a wider one.
    const wider = grant(now() + 7200)
    const swapped = await callApi(server.url, path(caip), { json: await signedGrant(owner, caip, wider, g) })
    expect(swapped.status).toBe(401)
    const expired = grant(now() - 1)
    expect((await callApi(server.url, path(caip), { json: await signedGrant(owner, caip, expired) })).status).toBe(400)
    expect((await callApi(server.url, path(`eip155:1:${owner.address}`))).status).toBe(400)
    expect((await callApi(server.url, path('eip155:31337:0x12'))).status).toBe(400)
    expect((await callApi(server.url, path(caip), { json: { grant: grant(now() + 60, { permissions: [] }), signature: '0x00', nonce: await nonceFor(caip) } })).status).toBe(400)
    expect(await list(caip)).toEqual([])
  })

  it('issue 26 item 7: a revoked grant POSTed again with its public signature is refused; so is a nonce used twice', async () => {
    const caip = `eip155:31337:${owner.address}`
    const body = await signedGrant(owner, caip, grant(now() + 3600))
    const created = await callApi<SessionRecord>(server.url, path(caip), { json: body })
    expect(created.status).toBe(201)
    const revoked = await callApi(server.url, path(caip, '/revoke'), {
      json: { pci: created.body.pci, signature: await owner.signMessage({ message: sessionRevokeMessage(caip, created.body.pci) }) },
    })
    expect(revoked.status).toBe(200)
    // Everything in `body` is public (GET /v1/sessions listed the grant and its signature): the replay changes nothing.
    const replay = await callApi<{ error: string }>(server.url, path(caip), { json: body })
    expect(replay.status).toBe(409)
    expect(await list(caip)).toEqual([])
    // A nonce the server never issued is refused too.
    const g = grant(now() + 3600)
    const made = `0x${'ab'.repeat(16)}`.slice(2)
    const forged = await callApi(server.url, path(caip), { json: { grant: g, nonce: made, signature: await owner.signMessage({ message: sessionGrantMessage(caip, g, made) }) } })
    expect(forged.status).toBe(409)
  })

  it('stops listing a session once it expires', async () => {
    const caip = `eip155:31337:${owner.address}`
    const g = grant(now() + 60)
    const created = await callApi<SessionRecord>(server.url, path(caip), { json: await signedGrant(owner, caip, g) })
    expect(created.status).toBe(201)
    expect((await list(caip)).map((s) => s.pci)).toEqual([created.body.pci])
    clock += 61_000
    expect(await list(caip)).toEqual([])
  })

  it('signature strings that are not hex are refused as unsigned', async () => {
    const caip = `eip155:31337:${owner.address}`
    const g = grant(now() + 60)
    expect((await callApi(server.url, path(caip), { json: { grant: g, signature: 'not-a-signature' as Hex, nonce: await nonceFor(caip) } })).status).toBe(401)
  })
})
