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
import { encodeFunctionData, maxUint256, parseAbi, serializeTransaction, verifyMessage } from 'viem'
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
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
function hostPage(secure: string, frameOrigin: string, extraFrame?: string, shownStyle = '', overlay = ''): string {
  return `<!doctype html><html><head><title>host</title></head><body style="margin:0">
<iframe id="secure-frame" title="secure" style="display:none;width:360px;height:600px;border:0;${shownStyle}"
  src="${secure}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(frameOrigin)}"></iframe>
${overlay}
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
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    evmRpcUrls: { 31337: 'http://127.0.0.1:9' },
    dataDir,
    oidc: { issuer: (p) => oidc.issuer(p) },
  })
  await oidc.addClient(site.oidcClient)
  pages['/host.html'] = () => hostPage(site.url, hostA.url)
  pages['/host-with-evil.html'] = () => hostPage(site.url, hostA.url, `${otherC.url}/evil.html`)
  pages['/host-with-sibling.html'] = () => hostPage(site.url, hostA.url, `${hostA.url}/sibling.html`)
  // Clickjacking hosts (issue 26 item 3): the frame nearly transparent, or covered by a decoy that lets clicks through.
  pages['/host-faded.html'] = () => hostPage(site.url, hostA.url, undefined, 'opacity:0.01')
  pages['/host-covered.html'] = () =>
    hostPage(site.url, hostA.url, undefined, 'position:absolute;left:0;top:0', '<div style="position:absolute;left:0;top:0;width:360px;height:600px;background:#fff;pointer-events:none;z-index:1"><button>Claim your prize</button></div>')
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

/**
 * Waits until the panel has been visible long enough to take input (issue 26 item 3): Chromium also drops clicks on a
 * cross-origin frame that moved in the last 500 ms once it tracks visibility, so a Reject pressed at once is lost.
 */
async function whenArmed(dialog: ReturnType<ReturnType<Page['frameLocator']>['getByRole']>) {
  await expect.poll(() => dialog.getAttribute('data-visibility'), { timeout: 20_000 }).toBe('armed')
}

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
    await whenArmed(dialog)
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
    await whenArmed(txDialog)
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

describe('issue 26: what you approve is what is signed (hostile requests through the real frame)', () => {
  const TOKEN = '0x5FbDB2315678afecb367f032d7b7b4e3C0fFeE01'
  const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const approveUnlimited = encodeFunctionData({ abi: parseAbi(['function approve(address spender, uint256 amount)']), functionName: 'approve', args: [SPENDER, maxUint256] })
  const shows = () => msgs().then((all) => all.filter((m) => m.data.type === 'FRAME_SHOW_APPROVAL').length)

  it('an unlimited ERC-20 approve sent only as `input` is shown decoded, with the warning in words', async () => {
    await openHost()
    const user = await loginByEmail(`input-${Date.now()}@example.com`)
    const frame = page.frameLocator('#secure-frame')
    const pending = request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: user.address, to: TOKEN, input: approveUnlimited }], chainId: 31337 })
    const dialog = frame.getByRole('dialog', { name: 'Approve transaction' })
    await dialog.waitFor({ state: 'visible', timeout: 20_000 })
    // The token contract is both the To and the Token contract row.
    await expect.poll(() => dialog.getByText(TOKEN, { exact: true }).count()).toBe(2)
    for (const text of [SPENDER, approveUnlimited, `${maxUint256} (unlimited)`]) await expect.poll(() => dialog.getByText(text, { exact: true }).count()).toBe(1)
    const warning = dialog.getByText(/^Unlimited approval: the spender can move all of this token/)
    expect(await warning.count()).toBe(1)
    // Red, and said in words (not colour alone): the row carries its own text.
    expect(await warning.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(176, 0, 32)')
    await whenArmed(dialog)
    await dialog.getByRole('button', { name: 'Reject' }).click()
    expect(await pending).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { code: 4001 } })
  })

  const refusals: Array<[string, string, unknown, RegExp]> = [
    ['`data` and `input` that differ', 'eth_sendTransaction', [{ to: TOKEN, data: '0x', input: approveUnlimited }], /both "data" and "input"/],
    ['a batch call with `data` and `input` that differ', 'wallet_sendCalls', [{ calls: [{ to: TOKEN, data: '0x12', input: approveUnlimited }] }], /both "data" and "input"/],
    ['an unknown transaction field', 'eth_sendTransaction', [{ to: TOKEN, value: '0x1', authorizationList: [{ address: TOKEN }] }], /unknown field "authorizationList"/],
    ['Solana `transactions` where `transaction` is signed', 'solana_signTransaction', { transactions: ['AQ=='] }, /"transactions"/],
    ['personal_sign of a serialized transaction', 'personal_sign', [serializeTransaction({ chainId: 31337, to: SPENDER, value: 10n ** 18n, nonce: 0, gas: 21000n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n })], /serialized transaction/],
  ]
  it('ambiguous or unknown fields and transaction bytes as a message: -32602 before any panel', async () => {
    await openHost()
    await loginByEmail(`refuse-${Date.now()}@example.com`)
    const payer = Keypair.generate()
    const solTx = new VersionedTransaction(
      new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: payer.publicKey.toBase58(), instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 })] }).compileToV0Message(),
    )
    const all = [...refusals, ['solana_signMessage of a transaction message', 'solana_signMessage', { message: (await import('@scure/base')).base58.encode(solTx.message.serialize()) }, /serialized transaction/] as const]
    for (const [name, method, params, text] of all) {
      const chainId = method.startsWith('solana_') ? 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z' : 31337
      const reply = await request('RPC_REQUEST', { method, params, chainId })
      expect(reply.type, name).toBe('RPC_REQUEST_ERROR')
      expect((reply.payload as { code: number }).code, name).toBe(-32602)
      expect((reply.payload as { message: string }).message, name).toMatch(text)
    }
    expect(await shows()).toBe(0)
  })

  it('the server refuses the same requests even when a caller claims approval', async () => {
    await openHost()
    await loginByEmail(`server-${Date.now()}@example.com`)
    const frame = page.frame({ url: (u) => u.pathname === '/frame' })!
    const reply = await frame.evaluate(
      async ([project, host, to, input]) => {
        const res = await fetch('/api/rpc', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('portico-secure:token')}`, 'x-portico-project-id': project, 'x-portico-host-origin': host },
          body: JSON.stringify({ method: 'eth_sendTransaction', params: [{ to, data: '0x', input }], chainId: 31337, approved: true }),
        })
        return res.json()
      },
      [PROJECT, hostA.url, TOKEN, approveUnlimited] as const,
    )
    expect(reply).toEqual({ error: { code: -32602, message: 'Invalid params: transaction has both "data" and "input" and they differ' } })
  })
})

describe('issue 26 item 3: clickjacking', () => {
  const hexMessage = `0x${Buffer.from('Clickjack me', 'utf8').toString('hex')}`

  for (const [name, path] of [
    ['fades the iframe to opacity 0.01', '/host-faded.html'],
    ['covers the iframe with a decoy that passes clicks through', '/host-covered.html'],
  ] as const) {
    it(`a host that ${name}: a real click on Approve does nothing; the secure popup approves`, async () => {
      await openHost(path)
      const user = await loginByEmail(`cj-${path.length}-${Date.now()}@example.com`)
      const pending = request('RPC_REQUEST', { method: 'personal_sign', params: [hexMessage, user.address], chainId: 31337 })
      const dialog = page.frameLocator('#secure-frame').getByRole('dialog', { name: 'Sign message' })
      await dialog.waitFor({ state: 'attached', timeout: 20_000 })
      // The frame's IntersectionObserver v2 reports the panel as not visible (an event, no sleep).
      await expect.poll(() => dialog.getAttribute('data-visibility'), { timeout: 20_000 }).toBe('hidden')
      const approve = dialog.getByRole('button', { name: 'Approve' })
      expect(await approve.isDisabled()).toBe(true)
      // The user's real (trusted) clicks land on Approve through the host's styling, until the panel says one reached it.
      const box = (await approve.boundingBox())!
      await expect
        .poll(async () => {
          await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
          return dialog.getAttribute('data-refused-clicks')
        }, { timeout: 20_000 })
        .not.toBeNull()
      expect(await approve.isDisabled()).toBe(true)
      expect(await dialog.getAttribute('data-visibility')).toBe('hidden')
      expect((await msgs()).some((m) => m.data.type === 'RPC_REQUEST_SUCCESS')).toBe(false)

      // The fallback: the same request in a popup on the secure origin, which the host cannot style.
      const popupButton = dialog.getByRole('button', { name: 'Review in a secure window' })
      const popupBox = (await popupButton.boundingBox())!
      const opened = page.waitForEvent('popup')
      await expect
        .poll(async () => {
          await page.mouse.click(popupBox.x + popupBox.width / 2, popupBox.y + popupBox.height / 2)
          return popupButton.isDisabled()
        }, { timeout: 20_000 })
        .toBe(true)
      const popup = await opened
      expect(new URL(popup.url()).origin).toBe(site.url)
      const popupDialog = popup.getByRole('dialog', { name: 'Sign message' })
      await popupDialog.waitFor({ state: 'visible', timeout: 20_000 })
      expect(await popupDialog.getByText('Clickjack me', { exact: true }).count()).toBe(1)
      const closed = popup.waitForEvent('close', { timeout: 20_000 })
      await popupDialog.getByRole('button', { name: 'Approve' }).click()
      await closed
      const reply = await pending
      expect(reply.type).toBe('RPC_REQUEST_SUCCESS')
      expect(await verifyMessage({ address: user.address, message: 'Clickjack me', signature: (reply.payload as { result: `0x${string}` }).result })).toBe(true)
    })
  }

  it('a visible panel arms Approve after it has been visible; a script (untrusted) click never approves', async () => {
    await openHost()
    const user = await loginByEmail(`cj-untrusted-${Date.now()}@example.com`)
    const pending = request('RPC_REQUEST', { method: 'personal_sign', params: [hexMessage, user.address], chainId: 31337 })
    const dialog = page.frameLocator('#secure-frame').getByRole('dialog', { name: 'Sign message' })
    await expect.poll(() => dialog.getAttribute('data-visibility'), { timeout: 20_000 }).toBe('armed')
    const frame = page.frame({ url: (u) => u.pathname === '/frame' })!
    await frame.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Approve')!
      button.click()
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(await dialog.count()).toBe(1)
    await dialog.getByRole('button', { name: 'Reject' }).click()
    expect(await pending).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { code: 4001 } })
  })
})

async function openHostReady() {
  await expect.poll(async () => (await msgs()).filter((m) => m.data.type === 'FRAME_READY').length, { timeout: 20_000 }).toBe(1)
}
