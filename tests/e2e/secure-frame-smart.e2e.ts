/**
 * The secure frame with the smart account (issue 14) in real Chromium: the real secure-site server (frame bundle
 * built with Vite), the mail sink for the email login, the EVM dev chain with the EntryPoint v0.8 and the
 * PorticoAccountFactory, and the Alto bundler. A tiny host page on another origin embeds the frame and talks the
 * frame protocol; the approval panel is found by role and name.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, keccak256, parseEther, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMailSink, type MailSink } from '../../stack/mail/index.ts'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { startBundler, type Bundler } from '../../stack/bundler/index.ts'
import { startSecureSite, type SecureSite } from '../../stack/secure-site/server/index.ts'
import { launchChromium } from './browser.ts'

const PROJECT = 'h11-smart-frame'
const SINK: Address = '0x000000000000000000000000000000000000dEaD'
const ACCOUNT_DEPLOYED_TOPIC = keccak256(toHex('AccountDeployed(bytes32,address,address,address)'))

type Msg = { origin: string; data: { type: string; id?: string; payload?: any } }

let browser: Browser
let mail: MailSink
let chains: DevChains
let bundler: Bundler
let site: SecureSite
let client: PublicClient
let host: { url: string; server: Server }
let dataDir: string
let page: Page

function hostPage(secure: string, origin: string): string {
  return `<!doctype html><html><head><title>host</title></head><body>
<iframe id="secure-frame" title="secure" style="display:none;width:380px;height:640px;border:0"
  src="${secure}/frame?projectId=${PROJECT}&origin=${encodeURIComponent(origin)}"></iframe>
<script>
  const SECURE = ${JSON.stringify(secure)};
  const frame = document.getElementById('secure-frame');
  window.__msgs = [];
  const waiters = new Map();
  window.addEventListener('message', (e) => {
    if (e.source !== frame.contentWindow || e.origin !== SECURE) return;
    window.__msgs.push({ origin: e.origin, data: e.data });
    const d = e.data;
    if (d.type === 'FRAME_SHOW_APPROVAL') frame.style.display = 'block';
    if (d.type === 'FRAME_HIDE_APPROVAL') frame.style.display = 'none';
    if (d.id && waiters.has(d.id)) { waiters.get(d.id)(d); waiters.delete(d.id); }
  });
  window.__request = (type, payload) => new Promise((resolve) => {
    const id = crypto.randomUUID();
    waiters.set(id, resolve);
    frame.contentWindow.postMessage({ type, id, payload }, SECURE);
  });
</script></body></html>`
}

const msgs = () => page.evaluate(() => (window as unknown as { __msgs: Msg[] }).__msgs)
const request = (type: string, payload: unknown) =>
  page.evaluate(([t, p]) => (window as unknown as { __request: (t: unknown, p: unknown) => Promise<Msg['data']> }).__request(t, p), [type, payload] as const)

beforeAll(async () => {
  const pages: Record<string, () => string> = {}
  host = await new Promise((resolve) => {
    const server = createServer((req, res) => {
      const page = pages[new URL(req.url ?? '/', 'http://127.0.0.1').pathname]
      if (!page) return void res.writeHead(404).end('not found')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page())
    })
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }))
  })
  ;[mail, chains] = await Promise.all([startMailSink({}), startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })])
  const rpcUrl = chains.chains[0]!.rpcUrl
  client = createPublicClient({ transport: http(rpcUrl) }) as PublicClient
  const contracts = chains.deployment.chains[31337]!.contracts
  bundler = await startBundler({ rpcUrl, entryPoint: contracts.entryPoint })
  dataDir = mkdtempSync(join(tmpdir(), 'portico-h11-frame-'))
  site = await startSecureSite({
    projectId: PROJECT,
    allowedOrigins: [host.url],
    smtp: { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false },
    evmRpcUrls: { 31337: rpcUrl },
    smartAccountChainIds: [31337],
    smartAccountContracts: { 31337: contracts },
    bundlerUrl: bundler.url,
    dataDir,
  })
  pages['/host.html'] = () => hostPage(site.url, host.url)
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await bundler?.stop()
  await mail?.stop()
  await chains?.stop()
  await new Promise<void>((r) => {
    if (!host) return r()
    host.server.closeAllConnections()
    host.server.close(() => r())
  })
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('secure frame: smart account in Chromium', () => {
  it('switches to the smart account, sends through the approval panel (deploying it) and batches two calls', async () => {
    await page.goto(`${host.url}/host.html`)
    await expect.poll(async () => (await msgs()).some((m) => m.data.type === 'FRAME_READY'), { timeout: 20_000 }).toBe(true)

    const email = `smart-${Date.now()}@example.com`
    expect(await request('CONNECT_EMAIL', { email })).toMatchObject({ type: 'CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_OTP' } })
    const mailMsg = await mail.waitFor((m) => m.to.includes(email) && m.subject === 'Your Portico login code', 20_000)
    const login = await request('CONNECT_OTP', { otp: /\b(\d{6})\b/.exec(mailMsg.text)![1], chainId: 31337 })
    expect(login.type).toBe('CONNECT_OTP_SUCCESS')
    const eoa = login.payload.user.address as Address

    expect(await request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).toMatchObject({ payload: { smartAccountEnabledNetworks: [31337] } })
    const init = await request('INIT_SMART_ACCOUNT', {})
    expect(init.payload.isDeployed).toBe(false)
    const smart = init.payload.address as Address
    expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
    expect(await request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toMatchObject({ payload: { type: 'smartAccount', address: smart } })
    expect(await request('GET_USER', { chainId: 31337 })).toMatchObject({ payload: { user: { address: smart, preferredAccountType: 'smartAccount', smartAccountDeployed: false } } })

    await client.request({ method: 'anvil_setBalance' as never, params: [smart, toHex(parseEther('1'))] as never })
    const frame = page.frameLocator('#secure-frame')

    // One send: the approval panel shows it; Approve sends a user operation that deploys the account.
    const before = await client.getBalance({ address: SINK })
    const sent = request('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smart, to: SINK, value: toHex(parseEther('0.05')) }], chainId: 31337 })
    const txDialog = frame.getByRole('dialog', { name: 'Approve transaction' })
    await txDialog.waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => txDialog.getByText('0.05 ETH', { exact: true }).count()).toBe(1)
    await txDialog.getByRole('button', { name: 'Approve' }).click()
    const reply = await sent
    expect(reply.type).toBe('RPC_REQUEST_SUCCESS')
    const receipt = await client.getTransactionReceipt({ hash: reply.payload.result as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.logs.some((l) => l.topics[0] === ACCOUNT_DEPLOYED_TOPIC)).toBe(true)
    expect((await client.getBalance({ address: SINK })) - before).toBe(parseEther('0.05'))
    expect(await request('GET_USER', { chainId: 31337 })).toMatchObject({ payload: { user: { smartAccountDeployed: true } } })

    // A batch: the panel lists both calls; one user operation carries them.
    const a = privateKeyToAccount(generatePrivateKey()).address
    const b = privateKeyToAccount(generatePrivateKey()).address
    const batch = request('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls: [{ to: a, value: toHex(parseEther('0.01')) }, { to: b, value: toHex(parseEther('0.02')) }] }],
      chainId: 31337,
    })
    await txDialog.waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => txDialog.getByText('2 calls in one operation', { exact: true }).count()).toBe(1)
    for (const text of [a, b, '0.01 ETH', '0.02 ETH']) await expect.poll(() => txDialog.getByText(text, { exact: true }).count()).toBe(1)
    await txDialog.getByRole('button', { name: 'Approve' }).click()
    const batchReply = await batch
    expect(batchReply.type).toBe('RPC_REQUEST_SUCCESS')
    const id = batchReply.payload.result.id as string
    await expect
      .poll(async () => (await request('RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id], chainId: 31337 })).payload.result?.status, { timeout: 60_000, interval: 250 })
      .toBe(200)
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.02'))
    await expect.poll(() => page.locator('#secure-frame').isVisible()).toBe(false)
  }, 180_000)
})
