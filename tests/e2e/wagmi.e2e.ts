/**
 * Issue 25 §1 acceptance: a wagmi app on wagmi 3 and one on wagmi 2, each built from `npm pack` in a folder outside
 * the repository (tests/e2e/wagmi-app, installed offline-first), in Chromium with the injected dev wallet on the local
 * anvil chains: connect through Portico's modal from wagmi, sign, send (checked on chain), a rejection as
 * UserRejectedRequestError, switch with wagmi, reload (restored without a prompt), disconnect from wagmi; a connection
 * made with Portico's own button shows in wagmi, and disconnecting in the modal disconnects wagmi; closing the modal
 * while wagmi connects rejects with UserRejectedRequestError.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installWallet, modalPage, type PageWallet } from '../../testing/playwright.ts'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { launchChromium } from './browser.ts'
import { sharedTarball } from '../package/shared-pack.ts'
import { buildApp, repoVersion, serveStatic } from './packed-app.ts'

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let chains: DevChains
let browser: Browser
let work: string
let tarball: string
const cleanup: Array<() => Promise<void> | void> = []

beforeAll(async () => {
  chains = await startDevChains()
  work = mkdtempSync(join(tmpdir(), 'portico-wagmi-pack-'))
  tarball = await sharedTarball(work)
  browser = await launchChromium()
}, 600_000)

afterAll(async () => {
  for (const stop of cleanup.reverse()) await stop()
  await browser?.close()
  await chains?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
}, 120_000)

/** The app's wagmi status line. */
const wagmiStatus = (page: Page) => page.getByRole('status', { name: 'wagmi account' })
const output = (page: Page, name: string) => page.getByRole('status', { name, exact: true })

async function textOf(page: Page, name: string, pattern: RegExp): Promise<string> {
  const locator = output(page, name)
  await expect.poll(async () => (await locator.textContent()) ?? '', { timeout: 30_000 }).toMatch(pattern)
  return (await locator.textContent()) ?? ''
}

for (const [major, wagmiVersion] of [
  ['3', repoVersion('wagmi')],
  ['2', repoVersion('wagmi2')],
] as const) {
  describe(`wagmi ${major} (${wagmiVersion}) app from npm pack, in Chromium`, () => {
    let url: string

    beforeAll(async () => {
      const app = buildApp({
        template: 'tests/e2e/wagmi-app',
        name: `wagmi${major}-app`,
        dependencies: {
          portico: `file:${tarball}`,
          wagmi: wagmiVersion,
          '@tanstack/react-query': repoVersion('@tanstack/react-query'),
          viem: repoVersion('viem'),
          react: repoVersion('react'),
          'react-dom': repoVersion('react-dom'),
        },
        devDependencies: { vite: repoVersion('vite'), '@vitejs/plugin-react': repoVersion('@vitejs/plugin-react') },
        files: { 'src/config.json': JSON.stringify({ chains: chains.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })) }) },
      })
      cleanup.push(() => rmSync(app.dir, { recursive: true, force: true }))
      const server = await serveStatic(app.dist)
      cleanup.push(() => server.stop())
      url = server.url
    }, 600_000)

    async function open(): Promise<{ page: Page; wallet: PageWallet }> {
      const context = await browser.newContext()
      cleanup.push(() => context.close())
      const page = await context.newPage()
      const wallet = await installWallet(page, { namespaces: ['eip155'], chains: { eip155: chains.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl })) } })
      await page.goto(url)
      await wagmiStatus(page).waitFor()
      return { page, wallet }
    }

    it('connect from wagmi through the modal, sign, send on chain, reject, switch, reload without a prompt, disconnect from wagmi', async () => {
      const { page, wallet } = await open()
      const modal = modalPage(page)
      const [chain1, chain2] = chains.chains

      await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
      await modal.chooseWallet('Portico Dev Wallet')
      expect((await wallet.approve()).method).toBe('eth_requestAccounts')
      await expect.poll(() => wagmiStatus(page).textContent(), { timeout: 30_000 }).toBe(`wagmi connected ${wallet.address} on ${chain1!.chainId}`)
      // closeOnConnect: the modal closed once the connection succeeded.
      await expect.poll(() => page.locator('[role="dialog"][aria-modal="true"]:visible').count()).toBe(0)

      await page.getByRole('button', { name: 'Sign with wagmi', exact: true }).click()
      expect((await wallet.approve()).method).toBe('personal_sign')
      const signature = (await textOf(page, 'signature', /^0x[0-9a-f]+$/i)) as Hex
      expect(await verifyMessage({ address: wallet.address as Hex, message: 'Hello from wagmi', signature })).toBe(true)

      await page.getByRole('button', { name: 'Send with wagmi', exact: true }).click()
      expect((await wallet.approve()).method).toBe('eth_sendTransaction')
      const hash = (await textOf(page, 'transaction', /^0x[0-9a-f]{64}$/i)) as Hex
      const client = createPublicClient({ transport: http(chain1!.rpcUrl) })
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      const tx = await client.getTransaction({ hash })
      expect([tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.value]).toEqual([wallet.address!.toLowerCase(), RECIPIENT.toLowerCase(), 12345n])

      await page.getByRole('button', { name: 'Sign with wagmi', exact: true }).click()
      await wallet.reject()
      await textOf(page, 'error', /^UserRejectedRequestError$/)

      await page.getByRole('button', { name: 'Switch with wagmi', exact: true }).click()
      expect((await wallet.approve()).method).toBe('wallet_switchEthereumChain')
      await expect.poll(() => wagmiStatus(page).textContent(), { timeout: 30_000 }).toBe(`wagmi connected ${wallet.address} on ${chain2!.chainId}`)
      // The modal follows: its Account view shows the second network.
      await modal.account()
      await modal.dialog('Account').getByRole('button', { name: new RegExp(`^Switch network, current: ${chain2!.name}`) }).waitFor({ timeout: 10_000 })
      await modal.close()

      await page.reload()
      await expect.poll(() => wagmiStatus(page).textContent(), { timeout: 30_000 }).toBe(`wagmi connected ${wallet.address} on ${chain2!.chainId}`)
      expect(await wallet.pendingRequests()).toEqual([])

      await page.getByRole('button', { name: 'Disconnect with wagmi', exact: true }).click()
      await expect.poll(() => wagmiStatus(page).textContent(), { timeout: 30_000 }).toBe('wagmi disconnected')
      // Portico disconnected too: its button offers to connect again.
      await page.getByRole('button', { name: 'Connect Wallet', exact: true }).waitFor()
    })

    it("Portico's own button connects wagmi too; Disconnect in the modal disconnects wagmi; closing the modal rejects wagmi's connect", async () => {
      const { page, wallet } = await open()
      const modal = modalPage(page)
      await modal.open()
      await modal.chooseWallet('Portico Dev Wallet')
      await wallet.approve()
      await expect.poll(() => wagmiStatus(page).textContent(), { timeout: 30_000 }).toBe(`wagmi connected ${wallet.address} on ${chains.chains[0]!.chainId}`)

      await modal.disconnect()
      await expect.poll(() => wagmiStatus(page).textContent(), { timeout: 30_000 }).toBe('wagmi disconnected')
      // After Disconnect the modal shows Connect; close it to reach the page again.
      await modal.close()

      await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
      await modal.dialog('Connect Wallet').waitFor()
      await modal.close()
      await textOf(page, 'error', /^UserRejectedRequestError$/)
      expect(await wagmiStatus(page).textContent()).toBe('wagmi disconnected')
    })
  })
}
