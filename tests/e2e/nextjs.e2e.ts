/**
 * Issue 25 §3 acceptance: examples/nextjs (Next.js 16 App Router) built with `next build` from `npm pack` in a folder
 * outside the repository (installed offline-first), served by `next start` on a free port, in Chromium with the
 * injected dev wallet on the local anvil chain: connect, reload (the server's HTML already shows the connected
 * address from the cookie; hydration keeps the server's DOM and reports nothing), disconnect (the cookie is gone and
 * the server renders 'Not connected' again).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installWallet, modalPage } from '../../testing/playwright.ts'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { launchChromium } from './browser.ts'
import { sharedTarball } from '../package/shared-pack.ts'
import { buildApp, repoVersion } from './packed-app.ts'

let chains: DevChains
let browser: Browser
let work: string
let app: { dir: string } | undefined
let server: ChildProcess | undefined
let url: string

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  chains = await startDevChains({ chains: [{ chainId: 31337, name: 'Portico Local' }] })
  const chain = chains.chains[0]!
  work = mkdtempSync(join(tmpdir(), 'portico-nextjs-pack-'))
  const tarball = await sharedTarball(work)
  app = buildApp({
    template: 'examples/nextjs',
    name: 'nextjs-app',
    dependencies: { portico: `file:${tarball}`, next: repoVersion('next'), react: repoVersion('react'), 'react-dom': repoVersion('react-dom'), viem: repoVersion('viem') },
    devDependencies: { typescript: repoVersion('typescript'), '@types/react': repoVersion('@types/react'), '@types/node': repoVersion('@types/node') },
    // `next build` type-checks the example against the packed package's .d.ts.
    build: {
      bin: 'next/dist/bin/next',
      args: ['build'],
      env: { NEXT_TELEMETRY_DISABLED: '1', NEXT_PUBLIC_PORTICO_RPC_URL: chain.rpcUrl, NEXT_PUBLIC_PORTICO_CHAIN_ID: String(chain.chainId), NEXT_PUBLIC_PORTICO_CHAIN_NAME: chain.name },
    },
  })
  const port = await freePort()
  server = spawn(process.execPath, [join(app.dir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: app.dir,
    stdio: 'ignore',
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS')), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  })
  url = `http://127.0.0.1:${port}/`
  // next start is up once it answers; a generous deadline, polled.
  const deadline = Date.now() + 60_000
  while ((await fetch(url).then((r) => r.status, () => 0)) !== 200) {
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`next start did not answer on ${url}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  browser = await launchChromium()
}, 900_000)

afterAll(async () => {
  await browser?.close()
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
  await chains?.stop()
  if (app) rmSync(app.dir, { recursive: true, force: true })
  if (work) rmSync(work, { recursive: true, force: true })
}, 120_000)

/** Console errors and warnings (a hydration mismatch reports there) and page errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  // Which resource failed (the console only says that one did).
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`)
  })
  return problems
}

/** The HTML the server sends for the context's cookies (before any script runs). */
async function serverHtml(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(url)).map((c) => `${c.name}=${c.value}`).join('; ')
  const res = await fetch(url, { headers: cookie ? { cookie } : {} })
  expect(res.status).toBe(200)
  return res.text()
}

/**
 * Marks the <main> the server sent as soon as the document is parsed; after hydration the same node must still be
 * there (a mismatch makes React render the tree again on the client, replacing it).
 */
const MARK_SERVER_DOM = `document.addEventListener('DOMContentLoaded', () => { const m = document.querySelector('main'); if (m) m.dataset.fromServer = 'yes' })`

describe('examples/nextjs: Next.js 16 App Router from npm pack, cookie SSR', () => {
  it('connect, reload (the address is in the server HTML, no hydration warning), disconnect', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript(MARK_SERVER_DOM)
    const problems = collectProblems(page)
    const wallet = await installWallet(page, { namespaces: ['eip155'], chains: { eip155: chains.chains.slice(0, 1).map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })) } })
    const account = page.getByTestId('account')

    // A first visit: nothing remembered.
    const first = await serverHtml(context)
    expect(first).toContain('>Connect Wallet</button>')
    expect(first).toContain('>Not connected</p>')
    await page.goto(url)

    const modal = modalPage(page)
    await modal.open()
    await modal.chooseWallet('Portico Dev Wallet')
    expect((await wallet.approve()).method).toBe('eth_requestAccounts')
    await expect.poll(() => account.textContent(), { timeout: 30_000 }).toBe(`Connected: ${wallet.address}`)
    const remembered = (await context.cookies(url)).find((c) => decodeURIComponent(c.name) === '@portico/account')
    expect(decodeURIComponent(remembered?.value ?? '')).toBe(`eip155:${chains.chains[0]!.chainId}:${wallet.address}`)

    // The returning visitor: the server already renders the address.
    const html = await serverHtml(context)
    expect(html).toContain(`>Connected: ${wallet.address}</p>`)
    expect(html).not.toContain('Not connected')
    await page.reload()
    await expect.poll(() => account.textContent(), { timeout: 30_000 }).toBe(`Connected: ${wallet.address}`)
    await expect.poll(() => account.getAttribute('aria-busy'), { timeout: 30_000 }).toBe(null)
    // Restored without a prompt, on the DOM the server sent.
    expect(await wallet.pendingRequests()).toEqual([])
    expect(await page.locator('main').getAttribute('data-from-server')).toBe('yes')
    await page.getByRole('button', { name: new RegExp(`^${wallet.address!.slice(0, 4)}…`) }).waitFor({ timeout: 30_000 })

    await modal.disconnect()
    await expect.poll(() => account.textContent(), { timeout: 30_000 }).toBe('Not connected')
    expect((await context.cookies(url)).map((c) => decodeURIComponent(c.name))).not.toContain('@portico/account')
    expect(await serverHtml(context)).toContain('>Not connected</p>')
    expect(problems).toEqual([])
    await context.close()
  })
})
