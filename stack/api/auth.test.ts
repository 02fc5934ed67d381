import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacaoMessage, formatSiweMessage, formatSolanaSignInMessage, type Cacao, type SiweMessageFields } from 'portico/plugins/siwx'
import { startApiServer, type ApiServer } from './index.ts'
import { callApi, DB_BACKENDS, testStorage, TEST_ADMIN_TOKEN, type TestStorage } from './api-test-client.ts'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const T0 = Date.parse('2026-03-01T10:00:00.000Z')

describe.each(DB_BACKENDS)('sign-in backend /auth/v1 (%s)', (backend) => {
  let storage: TestStorage
  let server: ApiServer
  let clock = T0
  const start = () => startApiServer({ ...storage.options, adminToken: TEST_ADMIN_TOKEN, chains: [], now: () => clock })

  beforeAll(async () => {
    storage = await testStorage(backend, 'auth')
    server = await start()
  })
  afterAll(async () => {
    await server?.stop()
    await storage?.remove()
  })

  const nonce = async (): Promise<string> => {
    const r = await callApi<{ nonce: string; expiresAt: string }>(server.url, '/auth/v1/nonce')
    expect(r.status).toBe(200)
    expect(r.body.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    return r.body.nonce
  }
  const fields = (n: string, over: Partial<SiweMessageFields> = {}): SiweMessageFields => ({
    domain: 'localhost:5173',
    address: account.address,
    statement: 'Sign in to the Portico demo',
    uri: 'http://localhost:5173/',
    version: '1',
    chainId: 31337,
    nonce: n,
    issuedAt: new Date(clock).toISOString(),
    ...over,
  })
  const signed = async (f: SiweMessageFields, signer = account) => {
    const message = formatSiweMessage(f)
    return { message, signature: await signer.signMessage({ message }) }
  }
  const authenticate = (body: unknown, headers: Record<string, string> = {}) =>
    callApi<{ token?: string; session?: { caipAddress: string; expiresAt: string }; error?: string }>(server.url, '/auth/v1/authenticate', { json: body, headers })
  const me = (token?: string) => callApi<{ caipAddress?: string; error?: string }>(server.url, '/auth/v1/me', { headers: token ? { authorization: `Bearer ${token}` } : {} })
  const sessionCount = async () => Number((await server.db.query<{ n: number }>('select count(*)::int as n from auth_sessions')).rows[0]!.n)

  it('a signed message for a fresh nonce gets a JWT; /me answers the session with it', async () => {
    const before = await sessionCount()
    const body = await signed(fields(await nonce(), { expirationTime: new Date(T0 + 3600_000).toISOString() }))
    const r = await authenticate(body, { origin: 'http://localhost:5173' })
    expect(r.status).toBe(200)
    expect(r.body.token!.split('.')).toHaveLength(3)
    const claims = JSON.parse(Buffer.from(r.body.token!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>
    expect(claims).toMatchObject({ sub: `eip155:31337:${account.address}`, aud: 'localhost:5173', exp: Math.floor((T0 + 3600_000) / 1000) })
    expect(r.body.session).toMatchObject({ caipAddress: `eip155:31337:${account.address}`, expiresAt: new Date(T0 + 3600_000).toISOString() })
    const who = await me(r.body.token)
    expect(who.status).toBe(200)
    expect(who.body.caipAddress).toBe(`eip155:31337:${account.address}`)
    expect(await sessionCount()).toBe(before + 1)
  })

  it('a replayed nonce is refused with 409 and a message; nothing more is stored', async () => {
    const body = await signed(fields(await nonce()))
    expect((await authenticate(body)).status).toBe(200)
    const count = await sessionCount()
    const again = await authenticate(body)
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('The nonce is unknown, expired or already used')
    expect(await sessionCount()).toBe(count)
  })

  it('a nonce the server never issued is refused', async () => {
    const r = await authenticate(await signed(fields('NeverIssued123')))
    expect(r.status).toBe(409)
    expect(r.body.error).toMatch(/nonce/)
  })

  it('a message for another domain is refused (403), by the allowed list and by the page origin', async () => {
    const count = await sessionCount()
    const n = await nonce()
    const foreign = await authenticate(await signed(fields(n, { domain: 'evil.example', uri: 'https://evil.example/' })))
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toBe('Sign-in is not enabled for the domain evil.example')
    const wrongPage = await authenticate(await signed(fields(n)), { origin: 'http://localhost:4000' })
    expect(wrongPage.status).toBe(403)
    expect(wrongPage.body.error).toMatch(/not for this page/)
    expect(await sessionCount()).toBe(count)
    // The refused attempts did not use the nonce up.
    expect((await authenticate(await signed(fields(n)), { origin: 'http://localhost:5173' })).status).toBe(200)
  })

  it('a bad signature is refused (401) before anything is stored, and leaves the nonce usable', async () => {
    const count = await sessionCount()
    const n = await nonce()
    const f = fields(n)
    const wrongSigner = await authenticate({ message: formatSiweMessage(f), signature: (await signed(f, other)).signature })
    expect(wrongSigner.status).toBe(401)
    expect(wrongSigner.body.error).toBe('Invalid signature')
    const garbage = await authenticate({ message: formatSiweMessage(f), signature: '0xdeadbeef' })
    expect(garbage.status).toBe(401)
    const notHex = await authenticate({ message: formatSiweMessage(f), signature: 'hello' })
    expect(notHex.status).toBe(401)
    expect(await sessionCount()).toBe(count)
    expect((await authenticate(await signed(f))).status).toBe(200)
  })

  it('a nonce is valid for 5 minutes', async () => {
    const early = await nonce()
    const late = await nonce()
    clock = T0 + 5 * 60_000 - 1
    expect((await authenticate(await signed(fields(early)))).status).toBe(200)
    clock = T0 + 5 * 60_000
    const expired = await authenticate(await signed(fields(late)))
    expect(expired.status).toBe(409)
    expect(expired.body.error).toBe('The nonce is unknown, expired or already used')
    clock = T0
  })

  it('expired or not yet valid messages and malformed input get 400 with a message naming the problem', async () => {
    const n = await nonce()
    const expired = await authenticate(await signed(fields(n, { expirationTime: new Date(T0 - 1000).toISOString() })))
    expect(expired.status).toBe(400)
    expect(expired.body.error).toBe('The message has expired')
    const early = await authenticate(await signed(fields(n, { notBefore: new Date(T0 + 60_000).toISOString() })))
    expect(early.status).toBe(400)
    expect(early.body.error).toBe('The message is not valid yet')
    const bad = await authenticate({ message: formatSiweMessage(fields(n)).replace('Version: 1', 'Version: 2'), signature: '0x00' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/version/)
    const missing = await authenticate({ message: 'hello' })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toMatch(/signature/)
    const wrongType = await authenticate({ message: { nested: true }, signature: '0x00' })
    expect(wrongType.status).toBe(400)
  })

  it('/me needs a valid token; sign-out revokes it', async () => {
    expect((await me()).status).toBe(401)
    expect((await me('abc.def.ghi')).status).toBe(401)
    const r = await authenticate(await signed(fields(await nonce())))
    const token = r.body.token!
    const [h, p] = token.split('.') as [string, string, string]
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'eip155:1:0x0' })).toString('base64url')}.${token.split('.')[2]}`
    expect((await me(forged)).status).toBe(401)
    expect((await me(token)).status).toBe(200)
    const out = await callApi(server.url, '/auth/v1/sign-out', { method: 'POST', headers: { authorization: `Bearer ${token}` } })
    expect(out.status).toBe(200)
    const after = await me(token)
    expect(after.status).toBe(401)
    expect(after.body.error).toBe('No valid session token')
  })

  it('issue 26 item 8: a token is refused from a page of another domain (aud)', async () => {
    const r = await authenticate(await signed(fields(await nonce())), { origin: 'http://localhost:5173' })
    const token = r.body.token!
    const meFrom = (origin: string, t = token) => callApi<{ error?: string }>(server.url, '/auth/v1/me', { headers: { authorization: `Bearer ${t}`, origin } })
    expect((await meFrom('http://localhost:5173')).status).toBe(200)
    expect((await meFrom('http://localhost:3000')).status).toBe(401)
    expect((await meFrom('https://evil.example')).status).toBe(401)
  })

  it('issue 26 item 8: a session lasts at most 7 days whatever Expiration Time the message names', async () => {
    const r = await authenticate(await signed(fields(await nonce(), { expirationTime: new Date(clock + 365 * 86_400_000).toISOString() })))
    expect(r.status).toBe(200)
    expect(r.body.session!.expiresAt).toBe(new Date(clock + 7 * 86_400_000).toISOString())
  })

  it('issue 26 item 8: /auth/v1/nonce is throttled per client (30 a minute), each nonce being a stored row', async () => {
    let status = 200
    let n = 0
    while (status === 200 && n < 100) {
      status = (await callApi(server.url, '/auth/v1/nonce')).status
      n++
    }
    expect(status).toBe(429)
    expect(n).toBeLessThanOrEqual(31)
    clock += 60_000
    expect((await callApi(server.url, '/auth/v1/nonce')).status).toBe(200)
    clock -= 60_000
  })

  it('a session ends when its message expires', async () => {
    const r = await authenticate(await signed(fields(await nonce(), { expirationTime: new Date(T0 + 60_000).toISOString() })))
    expect((await me(r.body.token)).status).toBe(200)
    clock = T0 + 60_000
    expect((await me(r.body.token)).status).toBe(401)
    clock = T0
  })

  it('a CAIP-122 Solana message signed with ed25519 signs in', async () => {
    const secret = new Uint8Array(32).fill(7)
    const address = base58.encode(ed25519.getPublicKey(secret))
    const message = formatSolanaSignInMessage({ ...fields(await nonce()), address, chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })
    const ok = await authenticate({ message, signature: base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)) })
    expect(ok.status).toBe(200)
    expect(ok.body.session!.caipAddress).toBe(`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${address}`)
    const message2 = formatSolanaSignInMessage({ ...fields(await nonce()), address, chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })
    const bad = await authenticate({ message: message2, signature: base58.encode(ed25519.sign(new TextEncoder().encode(message2), new Uint8Array(32).fill(8))) })
    expect(bad.status).toBe(401)
  })

  it('300 corrupted messages, signatures and bodies get 4xx with a message, never 5xx, and store nothing', async () => {
    let seed = 0x5157
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed % n
    }
    const n = await nonce()
    const good = await signed(fields(n, { expirationTime: new Date(T0 + 3600_000).toISOString(), resources: ['https://localhost:5173/a'] }))
    const count = await sessionCount()
    const noise = ['\n', ':', ' ', '0', 'x', '\u00e9', '%', '- ', 'Nonce: ', '\uD83D\uDE00', '']
    for (let i = 0; i < 300; i++) {
      const k = rand(6)
      let body: unknown
      if (k === 0) {
        // One character of the message replaced, removed or inserted: the signature no longer matches, or the grammar breaks.
        const at = rand(good.message.length)
        body = { message: good.message.slice(0, at) + noise[rand(noise.length)] + good.message.slice(at + rand(2)), signature: good.signature }
      } else if (k === 1) {
        body = { message: good.message, signature: good.signature.slice(0, 2 + rand(good.signature.length - 2)) }
      } else if (k === 2) {
        body = { message: good.message.split('\n').sort(() => rand(3) - 1).join('\n'), signature: good.signature }
      } else if (k === 3) {
        body = { message: [good.message, 1, null, {}, []][rand(5)], signature: [good.signature, 7, null, ''][rand(4)] }
      } else if (k === 4) {
        body = { message: good.message + '\n'.repeat(rand(3)) + 'x'.repeat(rand(9000)), signature: good.signature }
      } else {
        body = { message: good.message.replace(/Chain ID: \d+/, `Chain ID: ${['-1', '1e3', '99999999999999999999', ' 1', '0x1'][rand(5)]}`), signature: good.signature }
      }
      // A mutation that happens to give back the good request (an empty insert, a sort that keeps the order) is not noise.
      if (JSON.stringify(body) === JSON.stringify(good)) continue
      const r = await authenticate(body)
      expect(r.status, JSON.stringify(body).slice(0, 300)).toBeGreaterThanOrEqual(400)
      expect(r.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500)
      expect(typeof r.body.error).toBe('string')
    }
    expect(await sessionCount()).toBe(count)
    // The nonce was never used by the noise: the real message still signs in.
    expect((await authenticate(good)).status).toBe(200)
  })

  /** One-click auth's answer: a cacao (CAIP-74) with a ReCap, signed by `signer` over its EIP-4361 text. */
  const cacao = async (n: string, over: Partial<Cacao['p']> = {}, signer = account): Promise<Cacao> => {
    const recap = `urn:recap:${Buffer.from(JSON.stringify({ att: { eip155: { 'request/personal_sign': [{}] } } })).toString('base64').replace(/=/g, '')}`
    const unsigned: Cacao = {
      h: { t: 'caip122' },
      p: { domain: 'localhost:5173', iss: `did:pkh:eip155:31337:${account.address}`, aud: 'http://localhost:5173/', version: '1', nonce: n, iat: new Date(clock).toISOString(), statement: 'Sign in to the Portico demo', resources: [recap], ...over },
      s: { t: 'eip191', s: '' },
    }
    return { ...unsigned, s: { t: 'eip191', s: await signer.signMessage({ message: cacaoMessage(unsigned) }) } }
  }

  it('one-click auth: a cacao is verified as its sign-in message; another domain, another signer, a bad issuer are refused', async () => {
    const count = await sessionCount()
    const foreign = await authenticate({ cacao: await cacao(await nonce(), { domain: 'evil.example', aud: 'https://evil.example/' }) })
    expect(foreign.status).toBe(403)
    expect(foreign.body.error).toBe('Sign-in is not enabled for the domain evil.example')
    const wrongPage = await authenticate({ cacao: await cacao(await nonce()) }, { origin: 'http://localhost:4000' })
    expect(wrongPage.status).toBe(403)
    const forged = await authenticate({ cacao: await cacao(await nonce(), {}, other) })
    expect(forged.status).toBe(401)
    expect(forged.body.error).toBe('Invalid signature')
    const badIssuer = await authenticate({ cacao: { ...(await cacao(await nonce())), p: { ...(await cacao(await nonce())).p, iss: 'did:pkh:solana:x:y' } } })
    expect(badIssuer.status).toBe(400)
    expect(badIssuer.body.error).toBe('Invalid cacao: the issuer is not a did:pkh eip155 account')
    expect(await sessionCount()).toBe(count)

    const good = await cacao(await nonce())
    const r = await authenticate({ cacao: good }, { origin: 'http://localhost:5173' })
    expect(r.status).toBe(200)
    expect(r.body.session).toMatchObject({ caipAddress: `eip155:31337:${account.address}` })
    expect((await me(r.body.token)).status).toBe(200)
    // The same nonce cannot sign in twice, whether sent as a cacao or as its message.
    expect((await authenticate({ cacao: good })).status).toBe(409)
    expect((await authenticate({ message: cacaoMessage(good), signature: good.s.s })).status).toBe(409)
  })

  it('tokens stay valid across a restart on the same storage (the signing key is stored)', async () => {
    const r = await authenticate(await signed(fields(await nonce())))
    await server.stop()
    server = await start()
    expect((await me(r.body.token)).status).toBe(200)
  })
})
