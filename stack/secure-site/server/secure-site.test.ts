/**
 * The secure site's server against real services: the stack's mail sink (SMTP), its OpenID provider (code flow with a
 * cookie jar), an EVM dev chain (anvil). Runs in order; the last test scans every response of the whole file for key
 * material.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignJWT, decodeJwt } from 'jose'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { Connection, LAMPORTS_PER_SOL, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { startMailSink, addressedTo, type MailSink, type MailMessage } from '../../mail/index.ts'
import { startOidc, type OidcStack } from '../../oidc/index.ts'
import { startLocalChains, type LocalChains } from '../../local-chains.ts'
import { startSecureSite, type SecureSite } from './index.ts'
import { deriveKey, open, parseMasterKey, sessionKeyFromMasterKey } from './crypto.ts'
import type { StoreData } from './store.ts'

const PROJECT = 'secure-test-project'
const HOST = 'http://localhost:5173'
const OTHER_ALLOWED = 'https://app.example.com'
const MASTER = randomBytes(32).toString('hex')

let mail: MailSink
let oidc: OidcStack
let chains: LocalChains
let site: SecureSite
let dataDir: string
let offsetMs = 0
const clock = () => Date.now() + offsetMs
/** Every response body and header the tests saw from the secure site. */
const seen: string[] = []

type Res = { status: number; body: any; headers: Headers; text: string }

async function call(
  method: 'GET' | 'POST',
  path: string,
  o: { body?: unknown; token?: string; origin?: string; projectId?: string; base?: string; headers?: Record<string, string> } = {},
): Promise<Res> {
  const headers: Record<string, string> = {
    'x-portico-project-id': o.projectId ?? PROJECT,
    'x-portico-host-origin': o.origin ?? HOST,
    ...o.headers,
  }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${o.base ?? site.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) })
  const text = await res.text()
  seen.push(text, JSON.stringify([...res.headers]))
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: res.status, body, headers: res.headers, text }
}

const deviceId = () => randomBytes(12).toString('base64url')
const codeOf = (m: MailMessage) => /\b(\d{6})\b/.exec(m.text)![1]!
let mailCount = 0
/** The next mail to `to` with `subject` that arrives after this call (or already arrived since `since`). */
async function nextMail(to: string, subject: string, since: string): Promise<MailMessage> {
  const m = await mail.waitFor((x) => addressedTo(x, to) && x.subject === subject && x.receivedAt >= since, 15_000)
  mailCount++
  return m
}

async function emailLogin(email: string, device = deviceId()): Promise<{ token: string; user: any; device: string }> {
  const since = new Date().toISOString()
  const c = await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
  expect(c.body).toEqual({ action: 'VERIFY_OTP' })
  const m = await nextMail(email, 'Your Portico login code', since)
  const r = await call('POST', '/api/email/otp', { body: { email, otp: codeOf(m), deviceId: device } })
  expect(r.status).toBe(200)
  return { ...r.body, device }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'secure-site-'))
  ;[mail, chains] = await Promise.all([startMailSink(), startLocalChains({ only: ['evm', 'solana'] })])
  let oidcRef: OidcStack | undefined
  site = await startSecureSite({
    projectId: PROJECT,
    allowedOrigins: [HOST, OTHER_ALLOWED],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    oidc: { issuer: (p) => oidcRef!.issuer(p) },
    evmRpcUrls: Object.fromEntries(chains.evm!.chains.map((c) => [c.chainId, c.rpcUrl])),
    solanaRpcUrl: chains.solana!.rpcUrl,
    dataDir,
    masterKey: MASTER,
    clock,
    deviceWaitMs: 20_000,
  })
  oidc = oidcRef = await startOidc({ clients: [site.oidcClient] })
}, 120_000)

afterAll(async () => {
  await Promise.allSettled([site?.stop(), oidc?.stop(), mail?.stop(), chains?.stop()])
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('email login', () => {
  it('connect → code from the mail sink → session token → login-frame user', async () => {
    const { token, user, device } = await emailLogin('ada@example.com')
    expect(token.split('.')).toHaveLength(3)
    expect(user).toMatchObject({ email: 'ada@example.com', preferredAccountType: 'eoa', smartAccountDeployed: false, chainId: 31337 })
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.accounts).toEqual([
      { namespace: 'eip155', address: user.address, type: 'eoa' },
      { namespace: 'solana', address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), type: 'eoa' },
    ])
    const me = await call('GET', '/api/user?chainId=31338', { token })
    expect(me.body).toMatchObject({ email: 'ada@example.com', address: user.address, chainId: 31338 })
    const sol = await call('GET', `/api/user?chainId=${encodeURIComponent('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')}`, { token })
    expect(sol.body.address).toBe(user.accounts[1].address)
    expect(sol.body.chainId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    // The same email on the same device logs in to the same wallet.
    offsetMs += 31_000
    const again = await emailLogin('ada@example.com', device)
    expect(again.user.address).toBe(user.address)
    const jwt = decodeJwt(token)
    expect(jwt).toMatchObject({ iss: site.url, aud: PROJECT })
    expect(jwt.exp! - jwt.iat!).toBe(86_400)
    expect(jwt.nbf).toBe(jwt.iat)
  })

  it('a second connect within 30 s is throttled with the whole seconds left and retry-after', async () => {
    const email = 'throttle@example.com'
    const first = await call('POST', '/api/email/connect', { body: { email, deviceId: deviceId() } })
    expect(first.status).toBe(200)
    const second = await call('POST', '/api/email/connect', { body: { email, deviceId: deviceId() } })
    expect(second.status).toBe(429)
    expect(second.body.error).toBe('Please try again after 30 seconds')
    expect(second.headers.get('retry-after')).toBe('30')
    offsetMs += 10_500
    const third = await call('POST', '/api/email/connect', { body: { email, deviceId: deviceId() } })
    expect(third.body.error).toBe('Please try again after 20 seconds')
    expect(third.headers.get('retry-after')).toBe('20')
    offsetMs += 20_000
    const fourth = await call('POST', '/api/email/connect', { body: { email, deviceId: deviceId() } })
    expect(fourth.status).toBe(200)
  })

  it('a wrong code is refused; five wrong tries invalidate the code', async () => {
    const email = 'wrong@example.com'
    const device = deviceId()
    const since = new Date().toISOString()
    await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    const code = codeOf(await nextMail(email, 'Your Portico login code', since))
    const wrong = code === '000000' ? '111111' : '000000'
    const r1 = await call('POST', '/api/email/otp', { body: { email, otp: wrong, deviceId: device } })
    expect(r1.status).toBe(400)
    expect(r1.body.error).toBe('Invalid code')
    for (let i = 0; i < 4; i++) await call('POST', '/api/email/otp', { body: { email, otp: wrong, deviceId: device } })
    const right = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(right.status).toBe(400)
    expect(right.body.error).toBe('Code expired, request a new one')
    const bad = await call('POST', '/api/email/otp', { body: { email, otp: '12345', deviceId: device } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('INVALID_PARAMS')
  })

  it('a code expires after 10 minutes', async () => {
    const email = 'late@example.com'
    const device = deviceId()
    const since = new Date().toISOString()
    await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    const code = codeOf(await nextMail(email, 'Your Portico login code', since))
    offsetMs += 10 * 60_000 + 1_000
    const r = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(r.body.error).toBe('Code expired, request a new one')
  })

  it('a new device of a known email gets the code with the approval link; the code works only once the link is approved', async () => {
    const email = 'devices@example.com'
    await emailLogin(email)
    offsetMs += 31_000
    const device = deviceId()
    const since = new Date().toISOString()
    const c = await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    // Issue 26 item 5: the same answer as for an email nobody registered.
    expect(c.body).toEqual({ action: 'VERIFY_OTP' })
    const deviceMail = await nextMail(email, 'Approve a new device for Portico', since)
    const link = /(http:\/\/\S+\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(deviceMail.text)![1]!
    expect(deviceMail.html).toContain('/device/approve?token=')
    const code = codeOf(deviceMail)
    // The right code before the approval: refused, and kept.
    const early = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(early.status).toBe(403)
    expect(early.body).toEqual({ error: 'Approve this device with the link in the email, then enter the code again', code: 'DEVICE_NOT_APPROVED' })
    // A frame of the AppKit protocol may long-poll the approval.
    const waiting = call('POST', '/api/email/device', { body: { email, deviceId: device } })
    const confirmPage = await fetch(link)
    expect(confirmPage.status).toBe(200)
    expect(confirmPage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await confirmPage.text()).toContain('Approve this device')
    const token = new URL(link).searchParams.get('token')!
    const approvedPage = await fetch(`${site.url}/device/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() })
    expect(approvedPage.status).toBe(200)
    expect(await approvedPage.text()).toContain('Device approved')
    expect((await waiting).body).toEqual({ action: 'VERIFY_OTP' })
    const r = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: device } })
    expect(r.status).toBe(200)
    // The link is one-time.
    expect((await fetch(link)).status).toBe(400)
    expect((await fetch(`${site.url}/device/approve`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() })).status).toBe(400)
    // The approved device now gets the plain code mail.
    offsetMs += 31_000
    const since2 = new Date().toISOString()
    const known = await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    expect(known.body).toEqual({ action: 'VERIFY_OTP' })
    expect((await nextMail(email, 'Your Portico login code', since2)).text).not.toContain('/device/approve')
  })

  it('a code sent to one device does not log in another', async () => {
    const email = 'bound@example.com'
    const device = deviceId()
    const since = new Date().toISOString()
    await call('POST', '/api/email/connect', { body: { email, deviceId: device } })
    const code = codeOf(await nextMail(email, 'Your Portico login code', since))
    const r = await call('POST', '/api/email/otp', { body: { email, otp: code, deviceId: deviceId() } })
    expect(r.body.error).toBe('Invalid code')
  })
})

describe('email update', () => {
  it('primary code, then secondary code, then the user shows the new email', async () => {
    const { token } = await emailLogin('old@example.com')
    const since = new Date().toISOString()
    const u = await call('POST', '/api/email/update', { token, body: { newEmail: 'new@example.com' } })
    expect(u.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = codeOf(await nextMail('old@example.com', 'Confirm your Portico email change', since))
    const p = await call('POST', '/api/email/update/primary', { token, body: { otp: primary } })
    expect(p.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect((await call('GET', '/api/user', { token })).body.email).toBe('old@example.com')
    const secondary = codeOf(await nextMail('new@example.com', 'Confirm your new Portico email', since))
    const s = await call('POST', '/api/email/update/secondary', { token, body: { otp: secondary } })
    expect(s.body).toEqual({ email: 'new@example.com' })
    expect((await call('GET', '/api/user', { token })).body.email).toBe('new@example.com')
  })
})

describe('sessions', () => {
  it('an expired token gets the expired text, a not-yet-valid one the SPEC text, a forged one the invalid text', async () => {
    const { token } = await emailLogin('jwt@example.com')
    const claims = decodeJwt(token)
    const key = sessionKeyFromMasterKey(MASTER)
    const now = Math.floor(clock() / 1000)
    const future = await new SignJWT({ ...claims, nbf: now + 3600 }).setProtectedHeader({ alg: 'HS256' }).sign(key)
    const r1 = await call('GET', '/api/user', { token: future })
    expect(r1.status).toBe(401)
    expect(r1.body).toEqual({ error: 'JWT validation error: JWT Token is not yet valid', code: 'SESSION_EXPIRED' })
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32))
    const r2 = await call('GET', '/api/user', { token: forged })
    expect(r2.status).toBe(401)
    expect(r2.body.error).toBe('JWT validation error: JWT Token is invalid')
    const otherHost = await call('GET', '/api/user', { token, origin: OTHER_ALLOWED })
    expect(otherHost.status).toBe(401)
    expect((await call('GET', '/api/user')).body.error).toBe('JWT validation error: JWT Token is missing')
    offsetMs += 24 * 3600 * 1000 + 1000
    const r3 = await call('GET', '/api/user', { token })
    expect(r3.status).toBe(401)
    expect(r3.body.error).toBe('JWT validation error: JWT Token has expired')
  })

  it('sign-out revokes the session', async () => {
    const { token } = await emailLogin('bye@example.com')
    expect((await call('GET', '/api/user', { token })).status).toBe(200)
    expect((await call('POST', '/api/sign-out', { token, body: {} })).body).toEqual({ ok: true })
    const after = await call('GET', '/api/user', { token })
    expect(after.status).toBe(401)
    expect(after.body.error).toBe('JWT validation error: JWT Token is invalid')
  })
})

describe('project and origin checks', () => {
  it('a host origin off the allowlist gets the SPEC text; an unknown project the invalid key text', async () => {
    const r = await call('POST', '/api/email/connect', { origin: 'http://evil.example', body: { email: 'x@example.com', deviceId: deviceId() } })
    expect(r.status).toBe(403)
    expect(r.body).toEqual({ error: 'Unauthorized: origin not allowed', code: 'ORIGIN_NOT_ALLOWED' })
    const p = await call('POST', '/api/email/connect', { projectId: 'nope', body: { email: 'x@example.com', deviceId: deviceId() } })
    expect(p.status).toBe(401)
    expect(p.body).toEqual({ error: 'Unauthorized: invalid key', code: 'INVALID_KEY' })
    // A cross-site browser call (its Origin is not the secure site) is refused whatever the headers say.
    const cross = await call('POST', '/api/email/connect', { headers: { origin: HOST }, body: { email: 'x@example.com', deviceId: deviceId() } })
    expect(cross.status).toBe(403)
    const check = await fetch(`${site.url}/api/project-check?projectId=${PROJECT}&origin=${encodeURIComponent('http://evil.example')}`)
    expect(check.headers.get('access-control-allow-origin')).toBe('*')
    expect(await check.json()).toEqual({ error: 'Unauthorized: origin not allowed', code: 'ORIGIN_NOT_ALLOWED' })
    const ok = await fetch(`${site.url}/api/project-check?projectId=${PROJECT}&origin=${encodeURIComponent(HOST)}`)
    expect(await ok.json()).toEqual({ ok: true, allowedOrigins: [HOST, OTHER_ALLOWED] })
  })

  it('the frame page sets frame-ancestors to the allowed origins, never *', async () => {
    const res = await fetch(`${site.url}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(HOST)}`)
    seen.push(await res.text())
    expect(res.status).toBe(200)
    const ancestors = (csp: string | null) => csp!.split(';').map((d) => d.trim()).filter((d) => d.startsWith('frame-ancestors'))
    expect(ancestors(res.headers.get('content-security-policy'))).toEqual([`frame-ancestors ${HOST} ${OTHER_ALLOWED}`])
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const unknown = await fetch(`${site.url}/frame?projectId=nope&origin=${encodeURIComponent(HOST)}`)
    expect(unknown.status).toBe(401)
    expect(ancestors(unknown.headers.get('content-security-policy'))).toEqual(["frame-ancestors 'none'"])
    // H6's bundle: the page's script is served from the same origin.
    const js = await fetch(`${site.url}/frame.js`)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toContain('javascript')
    // The callback template is never served as is.
    expect((await fetch(`${site.url}/auth/callback`)).status).toBe(404)
  })
})

/** A fetch that keeps cookies and follows redirects by hand, as a browser would through the provider's pages. */
function cookieClient() {
  const jar = new Map<string, string>()
  const get = async (u: string, form?: Record<string, string>) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await fetch(u, {
      method: form ? 'POST' : 'GET',
      headers: { ...(cookie ? { cookie } : {}), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      if (/max-age=0|expires=.*1970/i.test(c)) jar.delete(pair!.slice(0, i))
      else jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return res
  }
  const follow = async (res: Response, base: string): Promise<{ res: Response; url: string }> => {
    let url = base
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href
      res = await get(url)
    }
    return { res, url }
  }
  return { get, follow }
}

/** Start → the provider's login (username) and consent → the callback page's one-time code, for `provider`. */
async function socialCode(provider: string, username: string): Promise<string> {
  const { get, follow } = cookieClient()
  const startUrl = `${site.url}/social/start?provider=${provider}&state=s&hostOrigin=${encodeURIComponent(HOST)}&projectId=${PROJECT}`
  const login = await follow(await get(startUrl), startUrl)
  const loginAction = new URL(/action="([^"]*\/login)"/.exec(await login.res.text())![1]!.replaceAll('&amp;', '&'), login.url).href
  const consent = await follow(await get(loginAction, { username }), login.url)
  const confirm = new URL(/action="([^"]*\/confirm)"/.exec(await consent.res.text())![1]!.replaceAll('&amp;', '&'), consent.url).href
  const cb = await follow(await get(confirm, {}), confirm)
  return JSON.parse(/id="portico-social-callback">(.*?)<\/script>/s.exec(await cb.res.text())![1]!).message.payload.code
}

describe('social login', () => {
  it('github: start → provider login and consent → callback page posts a one-time code to the exact host origin', async () => {
    const { get, follow } = cookieClient()
    const startUrl = `${site.url}/social/start?provider=github&state=host-state-1&hostOrigin=${encodeURIComponent(HOST)}&projectId=${PROJECT}`
    const start = await get(startUrl)
    expect(start.status).toBe(302)
    const auth = new URL(start.headers.get('location')!)
    expect(auth.href.startsWith(oidc.issuer('github'))).toBe(true)
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256')
    expect(auth.searchParams.get('redirect_uri')).toBe(`${site.url}/auth/callback/github`)
    expect(auth.searchParams.get('state')).not.toBe('host-state-1')
    const login = await follow(start, startUrl)
    const loginHtml = await login.res.text()
    const loginAction = new URL(/action="([^"]*\/login)"/.exec(loginHtml)![1]!.replaceAll('&amp;', '&'), login.url).href
    const consent = await follow(await get(loginAction, { username: 'alice' }), login.url)
    const consentHtml = await consent.res.text()
    const confirm = new URL(/action="([^"]*\/confirm)"/.exec(consentHtml)![1]!.replaceAll('&amp;', '&'), consent.url).href
    const toCallback = await get(confirm, {})
    let cb = toCallback
    let cbUrl = confirm
    while (!cbUrl.startsWith(`${site.url}/auth/callback/`)) {
      cbUrl = new URL(cb.headers.get('location')!, cbUrl).href
      cb = await get(cbUrl)
    }
    expect(cb.status).toBe(200)
    const html = await cb.text()
    seen.push(html)
    expect(cb.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(html).toContain('src="/social/callback.js"')
    const data = JSON.parse(/<script type="application\/json" id="portico-social-callback">(.*?)<\/script>/s.exec(html)![1]!)
    expect(data.targetOrigin).toBe(HOST)
    expect(data.message.type).toBe('SOCIAL_RESULT')
    expect(data.message.payload.state).toBe('host-state-1')
    const code = data.message.payload.code as string
    // The code is bound to the host origin of the start.
    const elsewhere = await call('POST', '/api/social/exchange', { origin: OTHER_ALLOWED, body: { code } })
    expect(elsewhere.body.error).toBe('Failed to connect')
    // ...and that attempt used it up: start again for a fresh one is the only way. Log in once more (the provider
    // session makes it one redirect chain) and exchange from the right origin.
    const again = await follow(await get(startUrl), startUrl)
    expect(again.url.startsWith(`${site.url}/auth/callback/github`)).toBe(true)
    const html2 = await again.res.text()
    seen.push(html2)
    const code2 = JSON.parse(/id="portico-social-callback">(.*?)<\/script>/s.exec(html2)![1]!).message.payload.code
    const ex = await call('POST', '/api/social/exchange', { body: { code: code2 } })
    expect(ex.status).toBe(200)
    expect(ex.body.user).toMatchObject({ userName: 'Alice Example', socialProvider: 'github', email: 'alice@github.example' })
    expect((await call('POST', '/api/social/exchange', { body: { code: code2 } })).body.error).toBe('Failed to connect')
    // The same provider account is the same wallet.
    const third = await follow(await get(startUrl), startUrl)
    const code3 = JSON.parse(/id="portico-social-callback">(.*?)<\/script>/s.exec(await third.res.text())![1]!).message.payload.code
    const ex3 = await call('POST', '/api/social/exchange', { body: { code: code3 } })
    expect(ex3.body.user.address).toBe(ex.body.user.address)
  })

  it('issue 26 item 10, through the provider: an id_token without email_verified gives a wallet with no email', async () => {
    // The real provider issues the token; its user has an email but no email_verified claim at all.
    const bob = oidc.users.facebook.find((u) => u.username === 'bob')! as { email_verified?: boolean }
    delete bob.email_verified
    const unverified = await call('POST', '/api/social/exchange', { body: { code: await socialCode('facebook', 'bob') } })
    expect(unverified.status).toBe(200)
    expect(unverified.body.user.socialProvider).toBe('facebook')
    expect(unverified.body.user.userName).toBe('Bob Example')
    expect(unverified.body.user.email).toBeUndefined()
    // The same provider's verified user keeps its email (the path does read the claim).
    const verified = await call('POST', '/api/social/exchange', { body: { code: await socialCode('facebook', 'alice') } })
    expect(verified.body.user.email).toBe('alice@facebook.example')
  })

  it('a provider error (the user denied) posts SOCIAL_ERROR "Failed to connect" to the host origin', async () => {
    const start = await fetch(`${site.url}/social/start?provider=discord&state=s2&hostOrigin=${encodeURIComponent(HOST)}&projectId=${PROJECT}`, { redirect: 'manual' })
    const serverState = new URL(start.headers.get('location')!).searchParams.get('state')!
    const cb = await fetch(`${site.url}/auth/callback/discord?error=access_denied&state=${serverState}`)
    const html = await cb.text()
    seen.push(html)
    const data = JSON.parse(/id="portico-social-callback">(.*?)<\/script>/s.exec(html)![1]!)
    expect(data).toEqual({ targetOrigin: HOST, message: { type: 'SOCIAL_ERROR', payload: { message: 'Failed to connect', state: 's2' } } })
    // The state is one-time: a replayed callback gets no message at all.
    const replay = await fetch(`${site.url}/auth/callback/discord?code=x&state=${serverState}`)
    expect(replay.status).toBe(400)
    expect(await replay.text()).not.toContain('portico-social-callback')
  })

  it('start refuses a host origin off the allowlist and an unknown provider', async () => {
    const bad = await fetch(`${site.url}/social/start?provider=github&hostOrigin=${encodeURIComponent('http://evil.example')}&projectId=${PROJECT}`, { redirect: 'manual' })
    expect(bad.status).toBe(403)
    expect(await bad.text()).toContain('Unauthorized: origin not allowed')
    const unknown = await fetch(`${site.url}/social/start?provider=myspace&hostOrigin=${encodeURIComponent(HOST)}&projectId=${PROJECT}`, { redirect: 'manual' })
    expect(unknown.status).toBe(400)
  })
})

describe('wallet RPC', () => {
  let token: string
  let address: Hex
  let solanaAddress: string
  beforeAll(async () => {
    offsetMs += 31_000
    const s = await emailLogin('rpc@example.com')
    token = s.token
    address = s.user.address
    solanaAddress = s.user.accounts[1].address
  })

  it('personal_sign and eth_signTypedData_v4 verify with viem', async () => {
    const r = await call('POST', '/api/rpc', { token, body: { method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 31337, approved: true } })
    expect(await verifyMessage({ address, message: 'hello', signature: r.body.result })).toBe(true)
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hi' },
    }
    const t = await call('POST', '/api/rpc', { token, body: { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)], chainId: 'eip155:31337', approved: true } })
    expect(await verifyTypedData({ address, ...typed, signature: t.body.result })).toBe(true)
  })

  it('eth_sendTransaction is signed here and mined on the dev chain', async () => {
    const chain = chains.evm!.chains[0]!
    const pub = createPublicClient({ transport: http(chain.rpcUrl) })
    await pub.request({ method: 'anvil_setBalance' as never, params: [address, '0x56BC75E2D63100000'] as never })
    const to = '0x000000000000000000000000000000000000bEEF'
    const before = await pub.getBalance({ address: to })
    const r = await call('POST', '/api/rpc', {
      token,
      body: { method: 'eth_sendTransaction', params: [{ from: address, to, value: '0xde0b6b3a7640000' }], chainId: chain.chainId, approved: true },
    })
    expect(r.body.result).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await pub.waitForTransactionReceipt({ hash: r.body.result })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect((await pub.getBalance({ address: to })) - before).toBe(parseEther('1'))
  })

  it('without approval → 4001; unknown method → 4200; another account → 4100', async () => {
    const r = await call('POST', '/api/rpc', { token, body: { method: 'personal_sign', params: ['0x00', address], chainId: 31337 } })
    expect(r.body).toEqual({ error: { code: 4001, message: 'User rejected the request.' } })
    const u = await call('POST', '/api/rpc', { token, body: { method: 'eth_mine_gold', params: [], chainId: 31337, approved: true } })
    expect(u.body.error.code).toBe(4200)
    const other = await call('POST', '/api/rpc', {
      token,
      body: { method: 'personal_sign', params: ['0x00', '0x000000000000000000000000000000000000dEaD'], chainId: 31337, approved: true },
    })
    expect(other.body.error.code).toBe(4100)
    const noSession = await call('POST', '/api/rpc', { body: { method: 'personal_sign', params: ['0x00', address], chainId: 31337, approved: true } })
    expect(noSession.status).toBe(401)
  })

  it('solana_signMessage verifies with ed25519', async () => {
    const message = new TextEncoder().encode('hello solana')
    const r = await call('POST', '/api/rpc', {
      token,
      body: { method: 'solana_signMessage', params: { message: base58.encode(message), pubkey: solanaAddress }, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', approved: true },
    })
    expect(ed25519.verify(base58.decode(r.body.result.signature), message, base58.decode(solanaAddress))).toBe(true)
  })
})

describe('solana signing', () => {
  it('solana_signTransaction signs the account\'s slot of a v0 transaction; a transaction it does not sign → 4100', async () => {
    offsetMs += 31_000
    const { token, user } = await emailLogin('sol@example.com')
    const me = new PublicKey(user.accounts[1].address)
    const build = (payer: PublicKey) =>
      new VersionedTransaction(
        new TransactionMessage({
          payerKey: payer,
          recentBlockhash: base58.encode(randomBytes(32)),
          instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(randomBytes(32)), lamports: 1000 })],
        }).compileToV0Message(),
      )
    const tx = build(me)
    const r = await call('POST', '/api/rpc', {
      token,
      body: { method: 'solana_signTransaction', params: { transaction: Buffer.from(tx.serialize()).toString('base64') }, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', approved: true },
    })
    const signed = VersionedTransaction.deserialize(Buffer.from(r.body.result.transaction, 'base64'))
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), me.toBytes())).toBe(true)
    expect(base58.encode(signed.signatures[0]!)).toBe(r.body.result.signature)
    const foreign = build(new PublicKey(randomBytes(32)))
    const f = await call('POST', '/api/rpc', {
      token,
      body: { method: 'solana_signTransaction', params: { transaction: Buffer.from(foreign.serialize()).toString('base64') }, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', approved: true },
    })
    expect(f.body.error.code).toBe(4100)
  })
})

describe('solana send', () => {
  it('solana_signAndSendTransaction lands on the local cluster', async () => {
    offsetMs += 31_000
    const { token, user } = await emailLogin('solsend@example.com')
    const me = new PublicKey(user.accounts[1].address)
    const conn = new Connection(chains.solana!.rpcUrl, 'confirmed')
    const airdrop = await conn.requestAirdrop(me, 2 * LAMPORTS_PER_SOL)
    await expect.poll(async () => (await conn.getSignatureStatuses([airdrop])).value[0]?.confirmationStatus, { timeout: 20_000 }).toBeTruthy()
    const to = new PublicKey(randomBytes(32))
    const { blockhash } = await conn.getLatestBlockhash()
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: me,
        recentBlockhash: blockhash,
        instructions: [SystemProgram.transfer({ fromPubkey: me, toPubkey: to, lamports: 5_000_000 })],
      }).compileToV0Message(),
    )
    const r = await call('POST', '/api/rpc', {
      token,
      body: { method: 'solana_signAndSendTransaction', params: { transaction: Buffer.from(tx.serialize()).toString('base64') }, chainId: chains.solana!.caipNetworkId, approved: true },
    })
    expect(typeof r.body.result?.signature).toBe('string')
    await expect.poll(() => conn.getBalance(to), { timeout: 20_000 }).toBe(5_000_000)
  })
})

describe('rate limit', () => {
  it('more than the per-IP budget on /api/email/* gets 429 Rate Limited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secure-site-rl-'))
    const small = await startSecureSite({
      projectId: PROJECT,
      allowedOrigins: [HOST],
      smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
      evmRpcUrls: {},
      dataDir: dir,
      emailRateLimitPerMinute: 3,
      frameAssets: 'placeholder',
    })
    try {
      const statuses: number[] = []
      let last: Res | undefined
      for (let i = 0; i < 4; i++) {
        last = await call('POST', '/api/email/otp', { base: small.url, body: { email: 'rl@example.com', otp: '123456', deviceId: deviceId() } })
        statuses.push(last.status)
      }
      expect(statuses).toEqual([400, 400, 400, 429])
      expect(last!.body).toEqual({ error: 'Rate Limited', code: 'RATE_LIMITED' })
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
      // Without a masterKey option the key file is created in the data dir, hex, mode 0600.
      expect(readFileSync(join(dir, 'master.key'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await small.stop()
      rmSync(dir, { recursive: true, force: true })
    }
    // A site of its own: creating its embedded database takes seconds on a busy machine.
  }, 120_000)
})

describe('keys at rest and in replies', () => {
  function keysOf(data: StoreData) {
    const k = deriveKey(parseMasterKey(MASTER), 'wallet-keys')
    return Object.values(data.users).map((u) => ({
      user: u,
      evm: open(k, u.sealedKeys.eip155, `${u.id}:eip155`),
      solana: open(k, u.sealedKeys.solana, `${u.id}:solana`),
    }))
  }

  it('the store holds only sealed keys; another master key opens neither the keys nor the store', async () => {
    const data = await site.exportState()
    const text = JSON.stringify(data)
    const keys = keysOf(data)
    expect(keys.length).toBeGreaterThan(5)
    for (const { user, evm, solana } of keys) {
      expect(privateKeyToAccount(`0x${Buffer.from(evm).toString('hex')}`).address).toBe(user.addresses.eip155)
      expect(base58.encode(ed25519.getPublicKey(solana))).toBe(user.addresses.solana)
      for (const form of [Buffer.from(evm).toString('hex'), Buffer.from(solana).toString('hex'), base64.encode(evm), base64.encode(solana), base58.encode(solana)])
        expect(text.toLowerCase()).not.toContain(form.toLowerCase())
    }
    const wrong = deriveKey(randomBytes(32), 'wallet-keys')
    expect(() => open(wrong, keys[0]!.user.sealedKeys.eip155, `${keys[0]!.user.id}:eip155`)).toThrow()
    // A sealed key moved to another user does not open either.
    expect(() => open(deriveKey(parseMasterKey(MASTER), 'wallet-keys'), keys[0]!.user.sealedKeys.eip155, `${keys[1]!.user.id}:eip155`)).toThrow()
  })

  it('a restart with another master key refuses to start; with the same key the users are still there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secure-site-key-'))
    const options = { smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false }, evmRpcUrls: {}, dataDir: dir, frameAssets: 'placeholder' as const }
    try {
      const first = await startSecureSite({ ...options, masterKey: MASTER })
      const before = await first.exportState()
      await first.stop()
      await expect(startSecureSite({ ...options, masterKey: randomBytes(32).toString('hex') })).rejects.toThrow('the master key does not open the store')
      const again = await startSecureSite({ ...options, masterKey: MASTER })
      expect((await again.exportState()).keyCheck).toBe(before.keyCheck)
      await again.stop()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    // Three starts on one new embedded database.
  }, 180_000)

  it('no reply of the whole session carried a private key or seed, in any encoding', async () => {
    const data = await site.exportState()
    const all = seen.join('\n').toLowerCase()
    expect(seen.length).toBeGreaterThan(60)
    expect(mailCount).toBeGreaterThan(10)
    // Every mail the site sent, too.
    const mails = mail.messages().map((m) => `${m.subject}\n${m.text}\n${m.html}`).join('\n').toLowerCase()
    for (const { evm, solana } of keysOf(data)) {
      const full = new Uint8Array([...solana, ...ed25519.getPublicKey(solana)])
      const forms = [
        Buffer.from(evm).toString('hex'),
        Buffer.from(solana).toString('hex'),
        base64.encode(evm),
        base64.encode(solana),
        Buffer.from(evm).toString('base64url'),
        Buffer.from(solana).toString('base64url'),
        base58.encode(evm),
        base58.encode(solana),
        base58.encode(full),
        JSON.stringify([...solana]).slice(1, -1),
      ]
      for (const f of forms) {
        expect(all).not.toContain(f.toLowerCase())
        expect(mails).not.toContain(f.toLowerCase())
      }
    }
  })
})
