/**
 * Issue 27 item 3: two secure-site instances on one PostgreSQL and one Redis serve one user base. Each instance has
 * its own data directory and port; they share the master key (given, not generated), the public URL (a proxy's) and
 * the two servers. A throwaway PostgreSQL cluster (initdb) and redis-server are started here on free ports.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { Redis } from 'ioredis'
import pg from 'pg'
import { startMailSink, addressedTo, type MailSink, type MailMessage } from '../../mail/index.ts'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../api/test-postgres.ts'
import { startLocalRedis, type LocalRedis } from '../../relay/redis-server.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { baseSiteOptions, removeDirs, TEST_HOST as HOST } from './test-site.fixtures.ts'
import { deriveKey, open, parseMasterKey } from './crypto.ts'
import type { StoredUser } from './store.ts'

const PROJECT = 'scale-out-project'
const MASTER = randomBytes(32).toString('hex')
/** Both instances answer for one public URL (a reverse proxy's); tokens name it as their issuer. */
const PUBLIC_URL = 'http://secure.portico.test:8443'

let postgres: ThrowawayPostgres
let redisServer: LocalRedis
let redis: Redis
let mail: MailSink
let a: SecureSite
let b: SecureSite
const dirs: string[] = []

type Res = { status: number; body: any }

async function call(site: SecureSite, method: 'GET' | 'POST', path: string, o: { body?: unknown; token?: string } = {}): Promise<Res> {
  const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${site.localUrl}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

const deviceId = () => randomBytes(12).toString('base64url')
const codeOf = (m: MailMessage) => /\b(\d{6})\b/.exec(m.text)![1]!
const nextMail = (to: string, since: string) => mail.waitFor((x) => addressedTo(x, to) && x.receivedAt >= since, 15_000)

function startInstance(): Promise<SecureSite> {
  return startSecureSite({
    ...baseSiteOptions(PROJECT, mail, dirs, 'scale'),
    masterKey: MASTER,
    publicUrl: PUBLIC_URL,
    databaseUrl: postgres.url,
    redisUrl: redisServer.url,
    deviceWaitMs: 20_000,
  })
}

beforeAll(async () => {
  ;[postgres, redisServer, mail] = await Promise.all([startThrowawayPostgres(), startLocalRedis(), startMailSink()])
  redis = new Redis(redisServer.url)
  // Both at once: the schema is created under PostgreSQL's advisory lock by whichever comes first.
  ;[a, b] = await Promise.all([startInstance(), startInstance()])
}, 180_000)

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()])
  redis?.disconnect()
  await Promise.allSettled([mail?.stop(), redisServer?.stop(), postgres?.stop()])
  removeDirs(dirs)
})

describe('two secure-site instances on one PostgreSQL and one Redis', () => {
  let token = ''
  let address: Hex
  const email = 'scale@example.com'

  it('a code requested through A is verified through B, and B signs (personal_sign verified with viem)', async () => {
    expect(a.localUrl).not.toBe(b.localUrl)
    const device = deviceId()
    const since = new Date().toISOString()
    expect((await call(a, 'POST', '/api/email/connect', { body: { email, deviceId: device } })).body).toEqual({ action: 'VERIFY_OTP' })
    const code = codeOf(await nextMail(email, since))
    // The code lives in Redis under its TTL (10 minutes), hashed: the code itself is nowhere in Redis.
    const ttl = await redis.pttl(`portico:secure-site:otp:login:${email}`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(600_000)
    expect(await redis.get(`portico:secure-site:otp:login:${email}`)).not.toContain(code)
    const session = await call(b, 'POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(session.status).toBe(200)
    token = session.body.token
    address = session.body.user.address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const signed = await call(b, 'POST', '/api/rpc', { token, body: { method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 31337, approved: true } })
    expect(await verifyMessage({ address, message: 'hello', signature: signed.body.result })).toBe(true)
    // The code was used once: A does not take it again.
    expect((await call(a, 'POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })).body.code).toBe('OTP_EXPIRED')
  })

  it('a session created on B is valid on A (same user, same keys); signing out on A ends it on B', async () => {
    const me = await call(a, 'GET', '/api/user', { token })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ email, address })
    const signed = await call(a, 'POST', '/api/rpc', { token, body: { method: 'personal_sign', params: ['0x6869', address], chainId: 31337, approved: true } })
    expect(await verifyMessage({ address, message: 'hi', signature: signed.body.result })).toBe(true)
    expect((await call(a, 'POST', '/api/sign-out', { token })).body).toEqual({ ok: true })
    const after = await call(b, 'GET', '/api/user', { token })
    expect(after.status).toBe(401)
    expect(after.body.code).toBe('SESSION_EXPIRED')
  })

  it('the resend throttle and the code-guess limit count across instances: the fifth wrong code, on either, ends it', async () => {
    const other = 'guesses@example.com'
    const device = deviceId()
    const since = new Date().toISOString()
    expect((await call(a, 'POST', '/api/email/connect', { body: { email: other, deviceId: device } })).body).toEqual({ action: 'VERIFY_OTP' })
    // A second code within 30 s, asked of the other instance, is refused.
    const again = await call(b, 'POST', '/api/email/connect', { body: { email: other, deviceId: device } })
    expect(again.status).toBe(429)
    expect(again.body.code).toBe('EMAIL_THROTTLED')
    const code = codeOf(await nextMail(other, since))
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const answers: string[] = []
    for (const site of [a, b, a, b, a]) answers.push((await call(site, 'POST', '/api/email/otp', { body: { email: other, otp: wrong, deviceId: device } })).body.code)
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID'])
    // Five wrong codes, three on A and two on B: the right one is refused on both.
    for (const site of [b, a]) {
      const right = await call(site, 'POST', '/api/email/otp', { body: { email: other, otp: code, deviceId: device } })
      expect(right.status).toBe(400)
      expect(right.body.code).toBe('OTP_EXPIRED')
    }
  })

  it('a new device approved by its link on B wakes the wait on A; its code then logs in through B', async () => {
    const device = deviceId()
    // The 30-second resend throttle of the first test's email: cleared in Redis, as its TTL would.
    await redis.del(`portico:secure-site:throttle:email:${email}`)
    const since = new Date().toISOString()
    expect((await call(b, 'POST', '/api/email/connect', { body: { email, deviceId: device } })).body).toEqual({ action: 'VERIFY_OTP' })
    const m = await nextMail(email, since)
    const link = new URL(/(http\S+\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(m.text)![1]!)
    expect(link.origin).toBe(PUBLIC_URL)
    // The right code from an unapproved device is refused and kept.
    expect((await call(a, 'POST', '/api/email/otp', { body: { email, otp: codeOf(m), deviceId: device } })).body.code).toBe('DEVICE_NOT_APPROVED')
    // A waits (up to its 20 s deviceWaitMs) for the approval: without the wake from B it would answer VERIFY_DEVICE.
    const waiting = call(a, 'POST', '/api/email/device', { body: { email, deviceId: device } })
    // One more round trip to A, so its wait has most likely begun before B approves (either order must answer VERIFY_OTP).
    expect((await fetch(`${a.localUrl}/api/project-check?projectId=${PROJECT}&origin=${encodeURIComponent(HOST)}`)).status).toBe(200)
    const approve = await fetch(`${b.localUrl}/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${link.searchParams.get('token')}`,
    })
    expect(approve.status).toBe(200)
    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })
    const session = await call(b, 'POST', '/api/email/otp', { body: { email, otp: codeOf(m), deviceId: device } })
    expect(session.status).toBe(200)
    expect(session.body.user.address).toBe(address)
  })

  it('PostgreSQL holds one user per email with sealed keys only; both instances export the same state', async () => {
    const [fromA, fromB] = await Promise.all([a.exportState(), b.exportState()])
    expect(fromB).toEqual(fromA)
    const client = new pg.Client({ connectionString: postgres.url })
    await client.connect()
    try {
      const rows = (await client.query<{ email: string | null; doc: StoredUser }>('select email, doc from secure_site_users')).rows
      expect(rows.filter((r) => r.email === email)).toHaveLength(1)
      // The guessed-at email never logged in: no user for it.
      expect(rows.map((r) => r.email)).toEqual([email])
      const dump = JSON.stringify((await client.query('select * from secure_site_users')).rows).toLowerCase()
      const k = deriveKey(parseMasterKey(MASTER), 'wallet-keys')
      for (const { doc } of rows) {
        const evm = open(k, doc.sealedKeys.eip155, `${doc.id}:eip155`)
        expect(privateKeyToAccount(`0x${Buffer.from(evm).toString('hex')}`).address).toBe(doc.addresses.eip155)
        expect(dump).not.toContain(Buffer.from(evm).toString('hex'))
        expect(dump).not.toContain(Buffer.from(open(k, doc.sealedKeys.solana, `${doc.id}:solana`)).toString('hex'))
      }
    } finally {
      await client.end()
    }
  })
})
