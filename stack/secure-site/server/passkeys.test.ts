/**
 * Issue 28 part 1: passkeys on the real secure site (PGlite, the stack's mail sink for the email login that comes
 * first), with attestations and assertions freshly made by a software authenticator (test-authenticator.ts): a
 * passkey added after an email login logs in alone; wrong origin, wrong RP id, a replayed challenge, a counter that
 * does not grow, missing user verification are each refused; list and remove; the last login method stays.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, addressedTo, type MailSink } from '../../mail/index.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { hasLoginMethod } from './passkeys.ts'
import { openSecureStore, type StoredUser } from './store.ts'
import { createSoftAuthenticator, FLAGS } from './test-authenticator.ts'

const PROJECT = 'passkey-test-project'
const HOST = 'http://localhost:5173'

let mail: MailSink
let site: SecureSite
let dataDir: string
let port: number
/** The secure site's public origin: the RP id is its host name, `localhost`. */
let origin: string

async function call(method: 'GET' | 'POST', path: string, o: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${site.localUrl}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) })
  return { status: res.status, body: (await res.json()) as any }
}

async function emailLogin(email: string): Promise<string> {
  const deviceId = randomBytes(12).toString('base64url')
  const since = new Date().toISOString()
  await call('POST', '/api/email/connect', { body: { email, deviceId } })
  const m = await mail.waitFor((x) => addressedTo(x, email) && x.subject === 'Your Portico login code' && x.receivedAt >= since, 15_000)
  const r = await call('POST', '/api/email/otp', { body: { email, otp: /\b(\d{6})\b/.exec(m.text)![1], deviceId } })
  expect(r.status).toBe(200)
  return r.body.token
}

/** An email user with one passkey on a fresh software authenticator. */
async function userWithPasskey(email: string) {
  const token = await emailLogin(email)
  const auth = createSoftAuthenticator()
  const options = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
  const r = await call('POST', '/api/passkey/register/verify', { body: { response: auth.register(options, origin), label: 'Laptop' }, token })
  expect(r.status).toBe(200)
  return { token, auth, passkeyId: r.body.passkey.id as string }
}

const loginOptions = async () => (await call('POST', '/api/passkey/login/options', { body: {} })).body

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'secure-site-passkeys-'))
  mail = await startMailSink()
  port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port
      s.close(() => resolve(p))
    })
  })
  origin = `http://localhost:${port}`
  site = await startSecureSite({
    port,
    publicUrl: origin,
    projectId: PROJECT,
    allowedOrigins: [HOST],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    evmRpcUrls: { 31337: 'http://127.0.0.1:1' },
    dataDir,
    frameAssets: 'placeholder',
    emailRateLimitPerMinute: 10_000,
  })
}, 60_000)

afterAll(async () => {
  await Promise.allSettled([site?.stop(), mail?.stop()])
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('registration', () => {
  it('after an email login: options for this site (RP id = its domain, resident key and user verification required); the credential is stored with counter, transports and backup flags', async () => {
    const email = 'reg@example.com'
    const token = await emailLogin(email)
    const options = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
    expect(options.rp).toEqual({ name: 'Portico wallet', id: 'localhost' })
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' })
    expect(options.user.name).toBe(email)
    expect(options.excludeCredentials).toEqual([])
    const auth = createSoftAuthenticator()
    const r = await call('POST', '/api/passkey/register/verify', { body: { response: auth.register(options, origin), label: 'My laptop' }, token })
    expect(r.status).toBe(200)
    expect(r.body.passkey).toMatchObject({ label: 'My laptop', deviceType: 'multiDevice', backedUp: true, transports: ['internal'] })
    const state = await site.exportState()
    const stored = state.passkeys![r.body.passkey.id]!
    expect(stored).toMatchObject({ counter: 0, transports: ['internal'], deviceType: 'multiDevice', backedUp: true, label: 'My laptop' })
    expect(state.users[stored.userId]!.email).toBe(email)
    // The next options exclude it (no second passkey for the same authenticator).
    const again = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([r.body.passkey.id])
  })

  it('needs a session', async () => {
    const r = await call('POST', '/api/passkey/register/options', { body: {} })
    expect(r.status).toBe(401)
    expect(r.body.error).toBe('JWT validation error: JWT Token is missing')
  })

  it('refuses a wrong origin, a wrong RP id, a replayed challenge and an attestation without user verification', async () => {
    const token = await emailLogin('reg-refused@example.com')
    const auth = createSoftAuthenticator()
    const register = async (o: Parameters<typeof auth.register>[2]) => {
      const options = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
      return call('POST', '/api/passkey/register/verify', { body: { response: auth.register(options, origin, o) }, token })
    }
    for (const o of [{ origin: HOST }, { origin: 'http://127.0.0.1:' + port }, { rpId: 'example.com' }, { flags: FLAGS.UP | FLAGS.AT }]) {
      const r = await register(o)
      expect(r.status, JSON.stringify(o)).toBe(400)
      expect(r.body).toEqual({ error: 'Passkey verification failed', code: 'PASSKEY_FAILED' })
    }
    // A challenge is good for one verify: the same response twice, then a response to a challenge never issued.
    const options = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
    const response = auth.register(options, origin)
    expect((await call('POST', '/api/passkey/register/verify', { body: { response }, token })).status).toBe(200)
    expect((await call('POST', '/api/passkey/register/verify', { body: { response }, token })).body.code).toBe('PASSKEY_FAILED')
    expect((await call('POST', '/api/passkey/register/verify', { body: { response: auth.register(options, origin, { challenge: randomBytes(32).toString('base64url') }) }, token })).body.code).toBe('PASSKEY_FAILED')
    // A login challenge does not register.
    const login = await loginOptions()
    expect((await call('POST', '/api/passkey/register/verify', { body: { response: auth.register({ ...options, challenge: login.challenge }, origin) }, token })).body.code).toBe('PASSKEY_FAILED')
  })
})

describe('login with the passkey alone', () => {
  it('discoverable (no allowCredentials, no email): a session for the same wallet; last use recorded', async () => {
    const email = 'login@example.com'
    const { token, auth, passkeyId } = await userWithPasskey(email)
    const address = (await call('GET', '/api/user', { token })).body.address
    await call('POST', '/api/sign-out', { body: {}, token })
    const options = await loginOptions()
    expect(options.rpId).toBe('localhost')
    expect(options.userVerification).toBe('required')
    expect(options.allowCredentials).toBeUndefined()
    const r = await call('POST', '/api/passkey/login/verify', { body: { response: auth.assert(options, origin) } })
    expect(r.status).toBe(200)
    expect(r.body.user.address).toBe(address)
    expect(r.body.user.email).toBe(email)
    expect((await call('GET', '/api/user', { token: r.body.token })).body.address).toBe(address)
    const stored = (await site.exportState()).passkeys![passkeyId]!
    expect(stored.counter).toBe(1)
    expect(typeof stored.lastUsedAt).toBe('number')
  })

  it('refuses a wrong origin, a wrong RP id, a replayed challenge, a counter that did not grow and an assertion without user verification', async () => {
    const { auth, passkeyId } = await userWithPasskey('login-refused@example.com')
    const verify = async (o: Parameters<typeof auth.assert>[2]) => call('POST', '/api/passkey/login/verify', { body: { response: auth.assert(await loginOptions(), origin, o) } })
    for (const o of [{ origin: HOST }, { origin: `http://127.0.0.1:${port}` }, { rpId: 'example.com' }, { flags: FLAGS.UP }, { type: 'webauthn.create' }]) {
      const r = await verify(o)
      expect(r.status, JSON.stringify(o)).toBe(400)
      expect(r.body).toEqual({ error: 'Passkey verification failed', code: 'PASSKEY_FAILED' })
    }
    // A good assertion logs in once; the same assertion again (its challenge used) is refused.
    const options = await loginOptions()
    const response = auth.assert(options, origin, { counter: 10 })
    expect((await call('POST', '/api/passkey/login/verify', { body: { response } })).status).toBe(200)
    const replay = await call('POST', '/api/passkey/login/verify', { body: { response } })
    expect(replay.body).toEqual({ error: 'Passkey verification failed', code: 'PASSKEY_FAILED' })
    // A fresh challenge signed with a counter that went back (a cloned authenticator), or stayed.
    for (const counter of [9, 10]) {
      const r = await verify({ counter })
      expect(r.body.code, `counter ${counter}`).toBe('PASSKEY_FAILED')
    }
    expect((await site.exportState()).passkeys![passkeyId]!.counter).toBe(10)
    expect((await verify({ counter: 11 })).status).toBe(200)
  })

  it('in the host page\'s iframe (crossOrigin): the top origin must be the host origin of the session', async () => {
    const { auth } = await userWithPasskey('framed@example.com')
    const framed = await call('POST', '/api/passkey/login/verify', { body: { response: auth.assert(await loginOptions(), origin, { topOrigin: HOST }) } })
    expect(framed.status).toBe(200)
    const elsewhere = await call('POST', '/api/passkey/login/verify', { body: { response: auth.assert(await loginOptions(), origin, { topOrigin: 'https://evil.example' }) } })
    expect(elsewhere.body).toEqual({ error: 'Passkey verification failed', code: 'PASSKEY_FAILED' })
    const token = await emailLogin('framed-reg@example.com')
    const reg = createSoftAuthenticator()
    const options = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
    expect((await call('POST', '/api/passkey/register/verify', { body: { response: reg.register(options, origin, { topOrigin: 'https://evil.example' }) }, token })).body.code).toBe('PASSKEY_FAILED')
    const again = (await call('POST', '/api/passkey/register/options', { body: {}, token })).body
    expect((await call('POST', '/api/passkey/register/verify', { body: { response: reg.register(again, origin, { topOrigin: HOST }) }, token })).status).toBe(200)
  })

  it('an authenticator that does not count (always 0) logs in every time', async () => {
    const { auth } = await userWithPasskey('zero@example.com')
    for (let i = 0; i < 2; i++) expect((await call('POST', '/api/passkey/login/verify', { body: { response: auth.assert(await loginOptions(), origin, { counter: 0 }) } })).status).toBe(200)
  })

  it('a passkey this site does not know, and a user handle that is not its user, are refused', async () => {
    const stranger = createSoftAuthenticator()
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'someone' } }, origin)
    const r = await call('POST', '/api/passkey/login/verify', { body: { response: stranger.assert(await loginOptions(), origin) } })
    expect(r.body).toEqual({ error: 'This passkey is not registered for a wallet here', code: 'PASSKEY_UNKNOWN' })
    const { auth } = await userWithPasskey('handle@example.com')
    auth.credentials.values().next().value!.userHandle = Buffer.from(randomUUID()).toString('base64url')
    expect((await call('POST', '/api/passkey/login/verify', { body: { response: auth.assert(await loginOptions(), origin) } })).body.code).toBe('PASSKEY_FAILED')
  })
})

describe('list and remove', () => {
  it('lists the passkeys (no public key) and removes one; an unknown id is 404', async () => {
    const { token, passkeyId } = await userWithPasskey('list@example.com')
    const list = (await call('GET', '/api/passkeys', { token })).body.passkeys
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ id: passkeyId, label: 'Laptop', deviceType: 'multiDevice', backedUp: true })
    expect(Object.keys(list[0]).sort()).toEqual(['backedUp', 'createdAt', 'deviceType', 'id', 'label', 'transports'])
    expect((await call('POST', '/api/passkey/remove', { body: { id: 'nope' }, token })).status).toBe(404)
    const r = await call('POST', '/api/passkey/remove', { body: { id: passkeyId }, token })
    expect(r.body).toEqual({ passkeys: [] })
    // Removed: it no longer logs in.
    expect((await call('GET', '/api/passkeys', { token })).body.passkeys).toEqual([])
  })

  it('another user cannot remove it', async () => {
    const { passkeyId } = await userWithPasskey('owner@example.com')
    const other = await emailLogin('other@example.com')
    expect((await call('POST', '/api/passkey/remove', { body: { id: passkeyId }, token: other })).status).toBe(404)
    expect((await site.exportState()).passkeys![passkeyId]).toBeDefined()
  })

  it('the last login method stays: a passkey-only account cannot remove its only passkey, and can remove one of two', async () => {
    expect(hasLoginMethod({}, 0)).toBe(false)
    expect(hasLoginMethod({}, 1)).toBe(true)
    expect(hasLoginMethod({ email: 'a@example.com' }, 0)).toBe(true)
    // The store's removal under the user's lock, on its own PGlite database.
    const dir = mkdtempSync(join(tmpdir(), 'secure-site-passkeys-store-'))
    const store = await openSecureStore({ dataDir: dir })
    try {
      const user: StoredUser = { id: randomUUID(), devices: [], sealedKeys: { eip155: 'x', solana: 'y' }, addresses: { eip155: '0x0', solana: 'S' }, createdAt: new Date().toISOString() }
      await store.insertUser(user)
      const key = (id: string) => ({ id, userId: user.id, publicKey: 'AA', counter: 0, transports: [], deviceType: 'singleDevice' as const, backedUp: false, label: id, createdAt: 1 })
      await store.addPasskey(key('a'))
      await store.addPasskey(key('b'))
      expect(await store.removePasskey(user.id, 'a', hasLoginMethod)).toBe('removed')
      expect(await store.removePasskey(user.id, 'b', hasLoginMethod)).toBe('refused')
      expect((await store.passkeys(user.id)).map((p) => p.id)).toEqual(['b'])
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
