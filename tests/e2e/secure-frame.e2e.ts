/**
 * The secure site's frame page (stack/secure-site/frame) in real Chromium, served by the real secure-site server
 * (stack/secure-site/server) with the real mail sink (stack/mail), embedded by tiny test host pages on other ports:
 * - host A (allowed): embeds the frame with ?origin=A and talks the frame protocol;
 * - origin C (also on the allowlist, so framing itself is permitted): an "evil" page that posts forged requests into
 *   A's frame, and a page that embeds the frame claiming ?origin=A.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest'
import { startMailSink, type MailSink } from '../../stack/mail/index.ts'
import { startOidc, type OidcStack } from '../../stack/oidc/index.ts'
import { startSecureSite, type SecureSite } from '../../stack/secure-site/server/index.ts'
import { launchChromium } from './browser.ts'

const PROJECT = 'h6-frame-project'

interface TestServer {
  url: string
  close(): Promise<void>
}

function serve(pages: Record<string, (url: URL) => string>): Promise<TestServer> {
  return new Promise((resolve) => {
    const server: Server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const page = pages[url.pathname]
      if (!page) {
        res.writeHead(404).end('not found')
        return
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page(url))
    })
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections()
            server.close(() => r())
          }),
      })
    })
  })
}

/**
 * The test host page: embeds the frame (hidden until FRAME_SHOW_APPROVAL), records every message whose source is
 * the frame window, and exposes `__request(type, payload, id?)` resolving with the reply of that id.
 */
function hostPage(secure: string, frameOrigin: string, extraFrame?: string): string {
  return `<!doctype html><html><head><title>host</title></head><body>
<iframe id="secure-frame" title="secure" style="display:none;width:360px;height:600px;border:0"
  src="${secure}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(frameOrigin)}"></iframe>
${extraFrame ? `<iframe id="extra" title="extra" src="${extraFrame}"></iframe>` : ''}
<script>
  const SECURE = ${JSON.stringify(secure)};
  const frame = document.getElementById('secure-frame');
  window.__msgs = [];
  window.__notes = [];
  const waiters = new Map();
  window.addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow) { window.__notes.push({ origin: e.origin, data: e.data }); return; }
    window.__msgs.push({ origin: e.origin, data: e.data });
    if (e.origin !== SECURE) return;
    const d = e.data;
    if (d.type === 'FRAME_SHOW_APPROVAL') frame.style.display = 'block';
    if (d.type === 'FRAME_HIDE_APPROVAL') frame.style.display = 'none';
    if (d.id && waiters.has(d.id)) { waiters.get(d.id)(d); waiters.delete(d.id); }
  });
  window.__post = (msg) => frame.contentWindow.postMessage(msg, SECURE);
  window.__request = (type, payload, id) => new Promise((resolve) => {
    id = id || crypto.randomUUID();
    waiters.set(id, resolve);
    window.__post({ type, id, payload });
  });
</script></body></html>`
}

/** A page on another origin, framed by the host, that posts forged requests into the host's secure frame. */
function evilPage(): string {
  return `<!doctype html><html><body><script>
  window.__forge = (msg) => { parent.frames[0].postMessage(msg, '*'); parent.postMessage({ note: 'forged-sent', id: msg.id }, '*'); };
  window.addEventListener('message', (e) => { if (e.data && e.data.forge) window.__forge(e.data.forge); });
</script></body></html>`
}

/** A same-origin child of the host that is not the host window itself. */
function siblingPage(): string {
  return evilPage()
}

/** A page on origin C that embeds the frame but claims to be host A (?origin=A). */
function impostorPage(secure: string, claimedOrigin: string): string {
  return `<!doctype html><html><body>
<iframe id="secure-frame" title="secure" src="${secure}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(claimedOrigin)}"></iframe>
<script>
  window.__msgs = [];
  window.addEventListener('message', (e) => { window.__msgs.push({ origin: e.origin, data: e.data }); });
</script></body></html>`
}

type Msg = { origin: string; data: { type: string; id?: string; payload?: Record<string, unknown> } }

let browser: Browser
let mail: MailSink
let oidc: OidcStack
let site: SecureSite
let hostA: TestServer
let otherC: TestServer
let dataDir: string

beforeAll(async () => {
  // Ports are fixed before the secure site starts so its allowlist can name A and C exactly.
  const pages: Record<string, (url: URL) => string> = {}
  hostA = await serve(pages)
  const cPages: Record<string, (url: URL) => string> = {}
  otherC = await serve(cPages)
  mail = await startMailSink({})
  oidc = await startOidc({ clients: [] })
  dataDir = mkdtempSync(join(tmpdir(), 'portico-h6-frame-'))
  site = await startSecureSite({
    projectId: PROJECT,
    allowedOrigins: [hostA.url, otherC.url],
    smtp: { host: mail.smtpHost, port: mail.smtpPort },
    evmRpcUrls: { 31337: 'http://127.0.0.1:9' },
    dataDir,
    oidc: { issuer: (p) => oidc.issuer(p) },
  })
  await oidc.addClient(site.oidcClient)
  pages['/host.html'] = () => hostPage(site.url, hostA.url)
  pages['/host-with-evil.html'] = () => hostPage(site.url, hostA.url, `${otherC.url}/evil.html`)
  pages['/host-with-sibling.html'] = () => hostPage(site.url, hostA.url, `${hostA.url}/sibling.html`)
  pages['/sibling.html'] = () => siblingPage()
  cPages['/evil.html'] = () => evilPage()
  cPages['/impostor.html'] = () => impostorPage(site.url, hostA.url)
  cPages['/honest.html'] = () => impostorPage(site.url, otherC.url)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await mail?.stop()
  await oidc?.stop()
  await hostA?.close()
  await otherC?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

let context: BrowserContext
let page: Page
beforeEach(async () => {
  context = await browser.newContext()
  page = await context.newPage()
})
afterEach(async () => {
  await context.close()
})

const msgs = (p: Page = page) => p.evaluate(() => (window as unknown as { __msgs: Msg[] }).__msgs)
const request = (type: string, payload: unknown, id?: string) =>
  page.evaluate(([t, p, i]) => (window as unknown as { __request: (t: unknown, p: unknown, i: unknown) => Promise<Msg['data']> }).__request(t, p, i), [
    type,
    payload,
    id,
  ] as const)

async function openHost(path = '/host.html') {
  await page.goto(`${hostA.url}${path}`)
  await expect.poll(async () => (await msgs()).filter((m) => m.data.type === 'FRAME_READY'), { timeout: 20_000 }).toEqual([
    { origin: site.url, data: { type: 'FRAME_READY', payload: { version: 1 } } },
  ])
}

async function loginByEmail(email: string) {
  const connect = await request('CONNECT_EMAIL', { email })
  expect(connect).toMatchObject({ type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
  const mailMsg = await mail.waitFor((m) => m.to.includes(email) && m.subject === 'Your Portico login code', 20_000)
  const otp = /\b(\d{6})\b/.exec(mailMsg.text)?.[1]
  expect(otp).toMatch(/^\d{6}$/)
  const done = await request('CONNECT_OTP', { otp, chainId: 31337 })
  expect(done.type).toBe('CONNECT_OTP_SUCCESS')
  return (done.payload as { user: { address: `0x${string}`; email: string } }).user
}

describe('secure frame in Chromium', () => {
  it('answers a request from the exact host origin, replies carry the secure origin', async () => {
    await openHost()
    const reply = await request('IS_CONNECTED', {}, 'req-is-connected-1')
    expect(reply).toEqual({ type: 'IS_CONNECTED_SUCCESS', id: 'req-is-connected-1', payload: { isConnected: false } })
    const all = await msgs()
    expect(all.every((m) => m.origin === site.url)).toBe(true)
  })

  it('email login by OTP from the mail sink; the session survives a reload; sync theme', async () => {
    await openHost()
    const email = `ann-${Date.now()}@example.com`
    const user = await loginByEmail(email)
    expect(user.email).toBe(email)
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    await page.reload()
    await openHostReady()
    expect(await request('IS_CONNECTED', {})).toMatchObject({ payload: { isConnected: true } })
    expect(await request('GET_USER', { chainId: 31337 })).toMatchObject({ type: 'GET_USER_SUCCESS', payload: { user: { email, address: user.address } } })

    expect(await request('SYNC_THEME', { themeMode: 'dark' })).toMatchObject({ type: 'SYNC_THEME_SUCCESS' })
    const frame = page.frame({ url: (u) => u.pathname === '/frame' })!
    expect(await frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
  })

  it('approval panel: Reject answers 4001, Approve returns a signature that verifies', async () => {
    await openHost()
    const user = await loginByEmail(`sig-${Date.now()}@example.com`)
    const frame = page.frameLocator('#secure-frame')
    const message = 'Hello from Portico'
    const hex = `0x${Buffer.from(message, 'utf8').toString('hex')}`

    const rejected = request('RPC_REQUEST', { method: 'personal_sign', params: [hex, user.address], chainId: 31337 })
    const dialog = frame.getByRole('dialog', { name: 'Sign message' })
    await dialog.waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => dialog.getByText(message, { exact: true }).count()).toBe(1)
    await expect.poll(() => dialog.getByText(hostA.url, { exact: true }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'Reject' }).click()
    expect(await rejected).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.', code: 4001 } })

    const approved = request('RPC_REQUEST', { method: 'personal_sign', params: [hex, user.address], chainId: 31337 })
    await dialog.waitFor({ state: 'visible', timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    const reply = await approved
    expect(reply.type).toBe('RPC_REQUEST_SUCCESS')
    const signature = (reply.payload as { result: `0x${string}` }).result
    expect(await verifyMessage({ address: user.address, message, signature })).toBe(true)

    const types = (await msgs()).map((m) => m.data.type)
    expect(types.filter((t) => t === 'FRAME_SHOW_APPROVAL')).toHaveLength(2)
    expect(types.filter((t) => t === 'FRAME_HIDE_APPROVAL')).toHaveLength(2)
    await expect.poll(() => page.locator('#secure-frame').isVisible()).toBe(false)

    // A transaction shows its to, value and data; Reject never reaches the server (no chain is needed for that).
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const tx = request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: user.address, to, value: '0x2386f26fc10000', data: '0xdeadbeef' }], chainId: 31337 })
    const txDialog = frame.getByRole('dialog', { name: 'Approve transaction' })
    await txDialog.waitFor({ state: 'visible', timeout: 20_000 })
    for (const text of [to, '0.01 ETH', '0xdeadbeef']) await expect.poll(() => txDialog.getByText(text, { exact: true }).count()).toBe(1)
    await txDialog.getByRole('button', { name: 'Reject' }).click()
    expect(await tx).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.', code: 4001 } })

    // A replay of the answered request id changes nothing: no new panel, no second reply.
    const replayed = (await msgs()).find((m) => m.data.type === 'RPC_REQUEST_SUCCESS')!.data.id!
    await page.evaluate((id) => (window as unknown as { __post: (m: unknown) => void }).__post({ type: 'RPC_REQUEST', id, payload: { method: 'personal_sign', params: ['0x00', '0x00'] } }), replayed)
    expect(await request('IS_CONNECTED', {})).toMatchObject({ payload: { isConnected: true } })
    const after = await msgs()
    expect(after.filter((m) => m.data.id === replayed)).toHaveLength(1)
    expect(after.filter((m) => m.data.type === 'FRAME_SHOW_APPROVAL')).toHaveLength(3)
  })

  it('an invalid session sends FRAME_SESSION_EXPIRED and the server text', async () => {
    await openHost()
    await loginByEmail(`exp-${Date.now()}@example.com`)
    const frame = page.frame({ url: (u) => u.pathname === '/frame' })!
    await frame.evaluate(() => localStorage.setItem('portico-secure:token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad'))
    const reply = await request('GET_USER', {})
    expect(reply.type).toBe('GET_USER_ERROR')
    const text = (reply.payload as { message: string }).message
    expect(text).toMatch(/^JWT validation error: /)
    const expired = (await msgs()).filter((m) => m.data.type === 'FRAME_SESSION_EXPIRED')
    expect(expired).toEqual([{ origin: site.url, data: { type: 'FRAME_SESSION_EXPIRED', payload: { message: text } } }])
    expect(await request('IS_CONNECTED', {})).toMatchObject({ payload: { isConnected: false } })
  })

  it('social login: popup through the provider, the callback page posts SOCIAL_RESULT to the opener only', async () => {
    await openHost()
    const redirect = await request('GET_SOCIAL_REDIRECT_URI', { provider: 'github', state: 'state-h6-1' })
    expect(redirect.type).toBe('GET_SOCIAL_REDIRECT_URI_SUCCESS')
    const uri = (redirect.payload as { uri: string }).uri
    expect(uri.startsWith(`${site.url}/social/start?`)).toBe(true)

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((u) => void window.open(u, 'portico-social', 'popup,width=600,height=800'), uri),
    ])
    await popup.getByRole('button', { name: /^Continue as Alice/ }).click()
    const closed = popup.waitForEvent('close', { timeout: 20_000 })
    await popup.getByRole('button', { name: 'Allow' }).click()
    await closed

    const notes = () => page.evaluate(() => (window as unknown as { __notes: Msg[] }).__notes)
    await expect.poll(async () => (await notes()).filter((n) => n.data?.type === 'SOCIAL_RESULT').length, { timeout: 20_000 }).toBe(1)
    const result = (await notes()).find((n) => n.data?.type === 'SOCIAL_RESULT')!
    expect(result.origin).toBe(site.url)
    expect(result.data.payload).toMatchObject({ state: 'state-h6-1' })
    const code = (result.data.payload as { code: string }).code
    expect(code.length).toBeGreaterThan(8)

    const connected = await request('CONNECT_SOCIAL', { code, chainId: 31337 })
    expect(connected).toMatchObject({ type: 'CONNECT_SOCIAL_SUCCESS', payload: { user: { socialProvider: 'github', email: 'alice@github.example' } } })
    // The result code is one-time.
    const again = await request('CONNECT_SOCIAL', { code })
    expect(again.type).toBe('CONNECT_SOCIAL_ERROR')
  })

  it('social login denied: the callback page posts SOCIAL_ERROR', async () => {
    await openHost()
    const redirect = await request('GET_SOCIAL_REDIRECT_URI', { provider: 'discord', state: 'state-h6-2' })
    const uri = (redirect.payload as { uri: string }).uri
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((u) => void window.open(u, 'portico-social', 'popup,width=600,height=800'), uri)])
    await popup.getByRole('button', { name: /^Continue as Bob/ }).click()
    const closed = popup.waitForEvent('close', { timeout: 20_000 })
    await popup.getByRole('button', { name: 'Deny' }).click()
    await closed
    const notes = () => page.evaluate(() => (window as unknown as { __notes: Msg[] }).__notes)
    await expect.poll(async () => (await notes()).map((n) => n.data?.type), { timeout: 20_000 }).toEqual(['SOCIAL_ERROR'])
    expect((await notes())[0]!.origin).toBe(site.url)
  })

  for (const [name, path] of [
    ['a third origin', '/host-with-evil.html'],
    ['another window of the host origin', '/host-with-sibling.html'],
  ] as const) {
    it(`ignores a forged request from ${name}`, async () => {
      await openHost(path)
      const victim = `victim-${name.length}-${Date.now()}@example.com`
      // The forger posts CONNECT_EMAIL for the victim into the host's frame, then tells the host it did.
      await page.evaluate((email) => {
        const extra = document.getElementById('extra') as HTMLIFrameElement
        extra.contentWindow!.postMessage({ forge: { type: 'CONNECT_EMAIL', id: 'forged-1', payload: { email } } }, '*')
      }, victim)
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __notes: { data: { note?: string } }[] }).__notes.some((n) => n.data.note === 'forged-sent')))
        .toBe(true)
      // Had the frame accepted the forged request, this one would be throttled (30 s per email) and two mails sent.
      const reply = await request('CONNECT_EMAIL', { email: victim })
      expect(reply).toMatchObject({ type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
      expect((await msgs()).some((m) => m.data.id === 'forged-1')).toBe(false)
      await mail.waitFor((m) => m.to.includes(victim), 20_000)
      expect(mail.messages().filter((m) => m.to.includes(victim))).toHaveLength(1)
    })
  }

  it('replies go only to the host origin in ?origin=, never to another embedder', async () => {
    // Positive control: an embedder whose origin matches ?origin= receives FRAME_READY.
    await page.goto(`${otherC.url}/honest.html`)
    await expect.poll(async () => (await msgs()).map((m) => m.data.type), { timeout: 20_000 }).toEqual(['FRAME_READY'])

    // An embedder on C claiming to be A: the frame posts FRAME_READY to A only, so C receives nothing.
    const impostor = await context.newPage()
    await impostor.goto(`${otherC.url}/impostor.html`)
    const frame = impostor.frame({ url: (u) => u.pathname === '/frame' })!
    await expect.poll(() => frame.evaluate(() => document.body.dataset.state), { timeout: 20_000 }).toBe('ready')
    // Barrier: a message C posts to itself after the frame has posted FRAME_READY arrives after it would have.
    await impostor.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const onMsg = (e: MessageEvent) => {
            if (e.data === 'barrier') {
              window.removeEventListener('message', onMsg)
              resolve()
            }
          }
          window.addEventListener('message', onMsg)
          window.postMessage('barrier', location.origin)
        }),
    )
    const seen = (await msgs(impostor)).filter((m) => m.data !== ('barrier' as never))
    expect(seen).toEqual([])
  })
})

async function openHostReady() {
  await expect.poll(async () => (await msgs()).filter((m) => m.data.type === 'FRAME_READY').length, { timeout: 20_000 }).toBe(1)
}
