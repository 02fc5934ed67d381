import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, formatEther, http, parseEther, type Address } from 'viem'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { startDemoHost, type DemoHost } from '../../demo/server.ts'
import { startTestApi } from './api.ts'
import { launchChromium } from './browser.ts'

const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TRUNCATED = '0xf3…b92266'

let chains: DevChains
let host: DemoHost
let browser: Browser
let api: Awaited<ReturnType<typeof startTestApi>>

beforeAll(async () => {
  chains = await startDevChains()
  api = await startTestApi(chains, 'e2e-evm')
  host = await startDemoHost({
    mode: 'static',
    distDir: inject('demoHostDist'),
    config: { projectId: 'portico-e2e', chains: chains.chains, apiUrl: api.url },
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await api?.stop()
  await chains?.stop()
})

async function balanceOf(chainIndex: number): Promise<string> {
  const client = createPublicClient({ transport: http(chains.chains[chainIndex]!.rpcUrl) })
  return formatEther(await client.getBalance({ address: ACCOUNT0 }))
}

/** What the Account view shows for a balance: truncated (not rounded) to 3 decimals, zeros trimmed, thousands grouped (en-US). */
function shown(ether: string): string {
  const [int = '0', frac = ''] = ether.split('.')
  const cut = frac.slice(0, 3).replace(/0+$/, '')
  return `${BigInt(int).toLocaleString('en-US')}${cut ? `.${cut}` : ''} ETH`
}

async function openHost(context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${host.url}${query}`)
  return page
}

function walletPrompt(page: Page) {
  return page.getByRole('dialog', { name: 'Portico Dev Wallet' })
}

async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
  await modal.getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
}

describe('EVM end to end (demo host, dev wallet, local chains)', () => {
  it('connects, shows address and on-chain balance, switches network, survives a reload, disconnects', async () => {
    const context = await browser.newContext()
    const page = await openHost(context)
    await connect(page)
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => account.innerText()).toContain(TRUNCATED)
    await expect.poll(() => account.innerText()).toContain(shown(await balanceOf(0)))

    // A different balance on the second chain proves the view reads the chain it is on.
    const rpc2 = chains.chains[1]!.rpcUrl
    const target = parseEther('1234.56789')
    await fetch(rpc2, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [ACCOUNT0, `0x${target.toString(16)}`] }),
    })
    await account.getByRole('button', { name: 'Switch network, current: Portico Local' }).click()
    await page.getByRole('dialog', { name: 'Select network' }).getByRole('button', { name: /^Portico Local 2/ }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => account.innerText()).toContain('1,234.567 ETH')
    await expect(account.getByRole('button', { name: 'Switch network, current: Portico Local 2' }).count()).resolves.toBe(1)

    // Reload: still connected, no wallet prompt.
    await page.reload()
    await page.getByRole('button', { name: 'Open Account' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Account' }).innerText()).toContain(TRUNCATED)
    expect(await walletPrompt(page).count()).toBe(0)

    // Disconnect returns to Connect.
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await expect.poll(() => page.getByText('Not connected').count()).toBe(1)
    await context.close()
  })

  it('a rejected connection shows the 4001 message and leaves the modal usable', async () => {
    const context = await browser.newContext()
    const page = await openHost(context)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
    await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
    const modal = page.getByRole('dialog', { name: 'Portico Dev Wallet' }).filter({ has: page.getByRole('button', { name: 'Retry' }) })
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('User rejected the request.')
    await modal.getByRole('button', { name: 'Retry' }).click()
    await walletPrompt(page).filter({ has: page.getByRole('button', { name: 'Approve' }) }).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Account' }).innerText()).toContain(TRUNCATED)
    await context.close()
  })

  it('a wallet on a network the app did not request gets UnsupportedChain, and switching from there recovers', async () => {
    const context = await browser.newContext()
    const page = await openHost(context, '?wrongChain=4242')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    const unsupported = page.getByRole('dialog', { name: 'Switch Network' })
    await unsupported.waitFor()
    await unsupported.getByRole('button', { name: /^Portico Local$/ }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Account' }).innerText()).toContain(TRUNCATED)
    await context.close()
  })

  it('a German browser gets the modal in German, its language loaded as chunks of its own and no other language', async () => {
    const context = await browser.newContext({ locale: 'de-DE' })
    const page = await context.newPage()
    const languageChunks: string[] = []
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (/^\/assets\/(de|es|fr|ja|ko|ar|pt-BR|zh-CN)-[\w-]+\.js$/.test(path)) languageChunks.push(path)
    })
    await page.goto(host.url)
    // The demo host's own button is English; the modal follows the browser's language.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog', { name: 'Wallet verbinden' })
    await modal.waitFor()
    expect(await modal.getAttribute('lang')).toBe('de')
    await modal.getByRole('button', { name: /^Portico Dev Wallet/ }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Konto' }).innerText()).toContain(TRUNCATED)
    expect(languageChunks.length).toBeGreaterThan(0)
    expect(languageChunks.filter((path) => !path.startsWith('/assets/de-'))).toEqual([])
    await context.close()
  })

  it('the modal is an accessible dialog: focus moves in, Esc closes and focus returns to the opener', async () => {
    const context = await browser.newContext()
    const page = await openHost(context, '?wallet=none')
    const opener = page.getByRole('button', { name: 'Connect Wallet' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await dialog.waitFor()
    expect(await dialog.getAttribute('aria-modal')).toBe('true')
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)
    await context.close()
  })
})
