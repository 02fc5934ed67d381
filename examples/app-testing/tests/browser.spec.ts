// The app in Chromium with the fake wallet installed before it loads (portico/testing/playwright): connect, reject,
// switch network, disconnect, as a person would, by role and accessible name.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { build, preview, type PreviewServer } from 'vite'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { installWallet, launchBrowser, modalPage, porticoFixtures, type PageWallet } from 'portico/testing/playwright'
import type { AppChain } from '../src/chains.ts'
import { startDevChain } from './dev-chain.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
let chain: Awaited<ReturnType<typeof startDevChain>>
let server: PreviewServer
let browser: Browser
let outDir: string
let context: BrowserContext | undefined

beforeAll(async () => {
  chain = await startDevChain()
  // A production build of the app, configured with the chains just started.
  outDir = mkdtempSync(join(tmpdir(), 'portico-app-testing-'))
  const configFile = join(root, 'vite.config.ts')
  // Vite takes production-ness from NODE_ENV, which vitest sets to 'test': without this, import.meta.env.DEV is true.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ configFile, root, logLevel: 'warn', define: { 'import.meta.env.VITE_APP_CHAINS': JSON.stringify(JSON.stringify(chain.chains)) }, build: { outDir, emptyOutDir: true } })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  server = await preview({ configFile, root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } })
  browser = await launchBrowser()
})

afterEach(async () => {
  await context?.close()
  context = undefined
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await chain?.stop()
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

/** A fresh page with the fake eip155 wallet on the app's chains, loaded. */
async function openApp(): Promise<{ page: Page; wallet: PageWallet }> {
  context = await browser.newContext()
  const page = await context.newPage()
  const wallet = await installWallet(page, {
    namespaces: ['eip155'],
    chains: { eip155: chain.chains.map((c: AppChain) => ({ chainId: c.id, name: c.name, rpcUrl: c.rpcUrl })) },
  })
  await page.goto(server.resolvedUrls!.local[0]!)
  return { page, wallet }
}

const accountLine = (page: Page) => page.getByRole('status', { name: 'Account' }).innerText()

describe('the app in Chromium with the Portico test kit', () => {
  it('connects: choose the wallet, approve in the wallet, the app shows the account', async () => {
    const { page, wallet } = await openApp()
    const modal = modalPage(page)
    await modal.open()
    await modal.chooseWallet('Portico Dev Wallet')
    const request = await wallet.approve()
    expect(request.method).toBe('eth_requestAccounts')
    await expect.poll(() => accountLine(page)).toBe(`Connected: ${wallet.address} on Portico Local`)
    expect((await modal.account()).full).toBe(wallet.address)
    // The wallet remembers the site, so a reload reconnects without a prompt.
    await page.reload()
    await expect.poll(() => accountLine(page)).toBe(`Connected: ${wallet.address} on Portico Local`)
    expect(await wallet.pendingRequests()).toEqual([])
  })

  it('a rejection in the wallet shows the spec\'s message and leaves the app disconnected', async () => {
    const { page, wallet } = await openApp()
    const modal = modalPage(page)
    await modal.open()
    await modal.chooseWallet('Portico Dev Wallet')
    await wallet.reject()
    expect(await modal.error()).toBe('User rejected the request.')
    expect(await accountLine(page)).toBe('Not connected')
  })

  it('switches network from the Account view, approved in the wallet', async () => {
    const { page, wallet } = await openApp()
    const modal = modalPage(page)
    await modal.open()
    await modal.chooseWallet('Portico Dev Wallet')
    await wallet.approve()
    await expect.poll(() => accountLine(page)).toContain('on Portico Local')
    await modal.switchNetwork('Portico Local 2')
    expect((await wallet.approve()).method).toBe('wallet_switchEthereumChain')
    await expect.poll(() => accountLine(page)).toBe(`Connected: ${wallet.address} on Portico Local 2`)
  })

  it('disconnects from the Account view (through the fixtures @playwright/test would run)', async () => {
    // What `test.extend(porticoFixtures(...))` does for each test, called by hand here (this suite runs on vitest).
    const fixtures = porticoFixtures({ namespaces: ['eip155'], chains: { eip155: chain.chains.map((c) => ({ chainId: c.id, name: c.name, rpcUrl: c.rpcUrl })) } })
    context = await browser.newContext()
    const page = await context.newPage()
    await fixtures.wallet({ page }, async (wallet) => {
      await fixtures.modal({ page }, async (modal) => {
        await page.goto(server.resolvedUrls!.local[0]!)
        await modal.open()
        await modal.chooseWallet('Portico Dev Wallet')
        await wallet.approve()
        await expect.poll(() => accountLine(page)).toContain('Connected: ')
        await modal.disconnect()
        await expect.poll(() => accountLine(page)).toBe('Not connected')
      })
    })
  })

  it('failure flags reach the wallet in the page: a locked wallet drops the connection', async () => {
    const { page, wallet } = await openApp()
    const modal = modalPage(page)
    await modal.open()
    await modal.chooseWallet('Portico Dev Wallet')
    await wallet.approve()
    await expect.poll(() => accountLine(page)).toContain('Connected: ')
    await wallet.setFailures({ locked: true })
    await expect.poll(() => accountLine(page)).toBe('Not connected')
  })

  it('the production build carries no test kit (it loads only behind import.meta.env.DEV)', () => {
    const assets = join(outDir, 'assets')
    const code = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n')
    // (Booleans, so a failure does not print megabytes of bundle.)
    expect(code.includes('Connect Wallet')).toBe(true)
    expect(code.includes('installFakeWallets')).toBe(false)
    expect(code.includes('Portico Dev Wallet')).toBe(false)
  })
})
