/**
 * Issue 26 items 4, 5, 10 and 11 against the real secure site and the stack's mail sink (SMTP): code guessing and
 * burning, the device link behind a POST, the email update that tells nothing, social emails only when verified,
 * and SMTP that requires TLS unless told otherwise.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, addressedTo, type MailSink, type MailMessage } from '../../mail/index.ts'
import { startSecureSite, verifiedSocialEmail, type SecureSite } from './index.ts'
import { LruMap } from './lru.ts'

const PROJECT = 'security-test-project'
const HOST = 'http://localhost:5173'

let mail: MailSink
let site: SecureSite
let dataDir: string
let offsetMs = 0
const clock = () => Date.now() + offsetMs

async function call(method: 'GET' | 'POST', path: string, o: { body?: unknown; token?: string; s?: SecureSite } = {}) {
  const headers: Record<string, string> = { 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${(o.s ?? site).url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) })
  const text = await res.text()
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, body, text }
}

const deviceId = () => randomBytes(12).toString('base64url')
const codeOf = (m: MailMessage) => /\b(\d{6})\b/.exec(m.text)![1]!
const mailTo = (to: string, subject: string, since: string) => mail.waitFor((x) => addressedTo(x, to) && x.subject === subject && x.receivedAt >= since, 15_000)
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000')

async function login(email: string, device = deviceId()) {
  const since = new Date().toISOString()
  expect((await call('POST', '/api/email/connect', { body: { email, deviceId: device } })).body).toEqual({ action: 'VERIFY_OTP' })
  const code = codeOf(await mailTo(email, 'Your Portico login code', since))
  const r = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
  expect(r.status).toBe(200)
  return { token: r.body.token as string, device }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'secure-site-security-'))
  mail = await startMailSink()
  site = await startSecureSite({
    projectId: PROJECT,
    allowedOrigins: [HOST],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    evmRpcUrls: {},
    dataDir,
    frameAssets: 'placeholder',
    clock,
    emailRateLimitPerMinute: 10_000,
    deviceWaitMs: 1_000,
  })
}, 60_000)

afterAll(async () => {
  await Promise.allSettled([site?.stop(), mail?.stop()])
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('issue 26 item 4: one-time codes', () => {
  it('wrong codes from a stranger device do not burn the code sent to the user’s device', async () => {
    const email = 'burn@example.com'
    const device = deviceId()
    const since = new Date().toISOString()
    await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    const code = codeOf(await mailTo(email, 'Your Portico login code', since))
    const stranger = deviceId()
    for (let i = 0; i < 6; i++) expect((await call('POST', '/api/email/otp', { body: { email, otp: wrongOf(code), deviceId: stranger } })).status).toBe(400)
    // The stranger is out of tries on its device; the user's code still works on the user's device.
    expect((await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: stranger } })).body.error).toBe('Code expired, request a new one')
    const ok = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(ok.status).toBe(200)
  })

  it('an email is locked after 20 wrong codes in a day (even the right code then fails); the next day it is open', async () => {
    // The guesser asks for codes for an email nobody registered yet (they go to its own device) and guesses: 5 per
    // code, a new code every 30 s. Without a cap that is ~14,000 guesses a day per email.
    const email = 'guess@example.com'
    for (let round = 0; round < 4; round++) {
      const guesser = deviceId()
      const since = new Date().toISOString()
      expect((await call('POST', '/api/email/connect', { body: { email, deviceId: guesser } })).body).toEqual({ action: 'VERIFY_OTP' })
      const code = codeOf(await mailTo(email, 'Your Portico login code', since))
      for (let i = 0; i < 5; i++) expect((await call('POST', '/api/email/otp', { body: { email, otp: wrongOf(code), deviceId: guesser } })).body.error).toBe('Invalid code')
      offsetMs += 31_000
    }
    const device = deviceId()
    const since = new Date().toISOString()
    await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    const code = codeOf(await mailTo(email, 'Your Portico login code', since))
    const locked = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ error: 'Too many wrong codes for this email today, try again tomorrow', code: 'EMAIL_LOCKED' })
    offsetMs += 24 * 3_600_000
    await login(email)
  })

  it('the device link from the mail only asks on GET (mail scanners); the POST of its form approves', async () => {
    const email = 'scanner@example.com'
    await login(email)
    offsetMs += 31_000
    const device = deviceId()
    const since = new Date().toISOString()
    expect((await call('POST', '/api/email/connect', { body: { email, deviceId: device } })).body).toEqual({ action: 'VERIFY_OTP' })
    const link = /(http:\/\/\S+\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec((await mailTo(email, 'Approve a new device for Portico', since)).text)![1]!
    // A scanner opens the link twice: nothing is approved.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(link)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('<form method="post" action="/device/approve">')
      expect(html).not.toContain('Device approved')
    }
    const poll = await call('POST', '/api/email/device', { body: { email, deviceId: device } })
    expect(poll.body).toEqual({ action: 'VERIFY_DEVICE' })
    // A cross-site form post is refused; the user's click on the page (same origin) approves.
    const token = new URL(link).searchParams.get('token')!
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const crossSite = await fetch(`${site.url}/device/approve`, { method: 'POST', headers: { ...form, origin: 'https://evil.example' }, body: `token=${token}` })
    expect(crossSite.status).toBe(400)
    const approved = await fetch(`${site.url}/device/approve`, { method: 'POST', headers: { ...form, origin: site.url }, body: `token=${token}` })
    expect(await approved.text()).toContain('Device approved')
    expect((await call('POST', '/api/email/device', { body: { email, deviceId: device } })).body).toEqual({ action: 'VERIFY_OTP' })
  })
})

describe('issue 26 item 5: the email login does not tell whether an email is registered', () => {
  it('a registered and an unregistered email get the same status and body from /api/email/connect, after one mail each', async () => {
    await login('registered@example.com')
    offsetMs += 31_000
    const since = new Date().toISOString()
    const known = await call('POST', '/api/email/connect', { body: { email: 'registered@example.com', deviceId: deviceId() } })
    const unknown = await call('POST', '/api/email/connect', { body: { email: 'nobody@example.com', deviceId: deviceId() } })
    expect(known.status).toBe(200)
    expect([unknown.status, unknown.text]).toEqual([known.status, known.text])
    expect(known.body).toEqual({ action: 'VERIFY_OTP' })
    // One mail each before the answer: the registered one carries the device link with its code.
    expect(codeOf(await mailTo('registered@example.com', 'Approve a new device for Portico', since))).toMatch(/^\d{6}$/)
    expect(codeOf(await mailTo('nobody@example.com', 'Your Portico login code', since))).toMatch(/^\d{6}$/)
    // Within 30 s both get the throttle, before any lookup.
    const again = [await call('POST', '/api/email/connect', { body: { email: 'registered@example.com', deviceId: deviceId() } }), await call('POST', '/api/email/connect', { body: { email: 'nobody@example.com', deviceId: deviceId() } })]
    expect(again.map((r) => r.status)).toEqual([429, 429])
  })

  it('a wrong code from a new device of a known email answers "Invalid code", as for an unknown email: only the right code learns more', async () => {
    await login('known2@example.com')
    offsetMs += 31_000
    const device = deviceId()
    const since = new Date().toISOString()
    await call('POST', '/api/email/connect', { body: { email: 'known2@example.com', deviceId: device } })
    const code = codeOf(await mailTo('known2@example.com', 'Approve a new device for Portico', since))
    const wrong = await call('POST', '/api/email/otp', { body: { email: 'known2@example.com', otp: wrongOf(code), deviceId: device } })
    expect(wrong.body).toEqual({ error: 'Invalid code', code: 'OTP_INVALID' })
    const right = await call('POST', '/api/email/otp', { body: { email: 'known2@example.com', otp: code, deviceId: device } })
    expect(right.body.code).toBe('DEVICE_NOT_APPROVED')
  })
})

describe('issue 26 item 5: the email update does not tell whether an email is registered', () => {
  it('the same answer for a taken and a free email; the throttle comes first', async () => {
    await login('taken@example.com')
    const { token } = await login('owner@example.com')
    const taken = await call('POST', '/api/email/update', { token, body: { newEmail: 'taken@example.com' } })
    offsetMs += 31_000
    const free = await call('POST', '/api/email/update', { token, body: { newEmail: 'free@example.com' } })
    expect(taken.status).toBe(200)
    expect(taken.body).toEqual(free.body)
    expect(taken.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    // Within 30 s even a malformed or taken address gets the throttle, before any lookup.
    const again = await call('POST', '/api/email/update', { token, body: { newEmail: 'taken@example.com' } })
    expect(again.status).toBe(429)
  })
})

describe('issue 26 item 6: what unauthenticated callers create is bounded', () => {
  it('/social/start and /api/farcaster/channel take 30 a minute per client, then 429 Rate Limited', async () => {
    const start = () => fetch(`${site.url}/social/start?provider=github&state=s&hostOrigin=${encodeURIComponent(HOST)}&projectId=${PROJECT}`, { redirect: 'manual' })
    for (let i = 0; i < 30; i++) expect((await start()).status).not.toBe(429)
    const limited = await start()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // The Farcaster channel shares the client's budget.
    expect((await call('POST', '/api/farcaster/channel', { body: {} })).status).toBe(429)
    offsetMs += 60_000
    expect((await start()).status).not.toBe(429)
  })

  it('the pending tables are LRU maps: past their size the least recently used entry goes', () => {
    const m = new LruMap<string, number>(2)
    m.set('a', 1).set('b', 2)
    expect(m.get('a')).toBe(1)
    m.set('c', 3)
    expect([...m.keys()]).toEqual(['a', 'c'])
  })
})

describe('issue 26 item 10: social logins', () => {
  it('an email whose email_verified claim is missing, false or not a boolean is not used', () => {
    expect(verifiedSocialEmail({ sub: '1', email: 'a@example.com' })).toBeUndefined()
    expect(verifiedSocialEmail({ sub: '1', email: 'a@example.com', email_verified: false })).toBeUndefined()
    expect(verifiedSocialEmail({ sub: '1', email: 'a@example.com', email_verified: 'true' })).toBeUndefined()
    expect(verifiedSocialEmail({ sub: '1', email: 'A@Example.com', email_verified: true })).toBe('a@example.com')
  })
})

describe('issue 27 item 2: rate limits key on the real client; X-Forwarded-For only when trustProxy says so', () => {
  const hit = (s: SecureSite, forwardedFor: string) =>
    fetch(`${s.url}/api/email/connect`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, 'x-portico-project-id': PROJECT, 'x-portico-host-origin': HOST }, body: '{}' }).then((r) => r.status)
  const start = (trustProxy?: boolean | number) => {
    const dir = mkdtempSync(join(tmpdir(), 'secure-site-proxy-'))
    return startSecureSite({ projectId: PROJECT, allowedOrigins: [HOST], smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false }, evmRpcUrls: {}, dataDir: dir, frameAssets: 'placeholder', emailRateLimitPerMinute: 2, ...(trustProxy === undefined ? {} : { trustProxy }) }).then((s) => ({ s, dir }))
  }

  it('by default a client cannot pick its key: another X-Forwarded-For shares the socket address\'s budget', async () => {
    const { s, dir } = await start()
    try {
      expect([await hit(s, '198.51.100.1'), await hit(s, '198.51.100.2'), await hit(s, '198.51.100.3')]).toEqual([400, 400, 429])
    } finally {
      await s.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('behind a trusted proxy each forwarded client has its own budget', async () => {
    const { s, dir } = await start(true)
    try {
      expect([await hit(s, '198.51.100.1'), await hit(s, '198.51.100.1'), await hit(s, '198.51.100.1')]).toEqual([400, 400, 429])
      expect(await hit(s, '198.51.100.2')).toBe(400)
    } finally {
      await s.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('trustProxy true is one proxy, as in the relay and the API: what the client prepends does not give it a new budget', async () => {
    const { s, dir } = await start(true)
    try {
      expect([await hit(s, '203.0.113.1, 198.51.100.1'), await hit(s, '203.0.113.2, 198.51.100.1'), await hit(s, '203.0.113.3, 198.51.100.1')]).toEqual([400, 400, 429])
      expect(await hit(s, '203.0.113.3, 198.51.100.2')).toBe(400)
    } finally {
      await s.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a hop count trusts that many proxies', async () => {
    const { s, dir } = await start(2)
    try {
      expect([await hit(s, '203.0.113.1, 198.51.100.1, 10.9.9.9'), await hit(s, '203.0.113.2, 198.51.100.1, 10.9.9.9'), await hit(s, '198.51.100.1, 10.9.9.9')]).toEqual([400, 400, 429])
      expect(await hit(s, '203.0.113.3, 198.51.100.2, 10.9.9.9')).toBe(400)
    } finally {
      await s.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('issue 26 item 11: SMTP requires TLS by default', () => {
  it('a relay without STARTTLS gets no mail unless the dev opt-out is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secure-site-tls-'))
    const strict = await startSecureSite({ projectId: PROJECT, allowedOrigins: [HOST], smtp: { host: mail.smtpHost, port: mail.smtpPort }, evmRpcUrls: {}, dataDir: dir, frameAssets: 'placeholder' })
    try {
      const email = 'plaintext@example.com'
      const r = await call('POST', '/api/email/connect', { s: strict, body: { email, deviceId: deviceId() } })
      expect(r.status).toBe(500)
      expect(mail.messages().some((m) => addressedTo(m, email))).toBe(false)
    } finally {
      await strict.stop()
      rmSync(dir, { recursive: true, force: true })
    }
    // A site of its own: creating its embedded database takes seconds on a busy machine.
  }, 120_000)
})
