import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { LocalChains } from '../../stack/local-chains.ts'
import type { DemoHost } from '../../demo/server.ts'
import { startDemoSuite, stopDemoSuite } from './demo-suite.ts'

/** //Alice (sr25519) with the Rococo Asset Hub prefix 2, and its generic-prefix form the wallet reports. */
const ALICE = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
/** SPEC §9: 4 leading and 6 trailing characters. */
const TRUNCATED = 'HNZa…Upf74F'
/** //Bob (sr25519), prefix 2. */
const BOB = 'FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP'

let local: LocalChains
let host: DemoHost
let browser: Browser
let api: ApiPromise

beforeAll(async () => {
  ;({ local, host, browser } = await startDemoSuite(['polkadot']))
  api = await ApiPromise.create({ provider: new WsProvider(local.polkadot!.wsUrl), noInitWarn: true })
  await cryptoWaitReady()
}, 240_000)

afterAll(async () => {
  await api?.disconnect()
  await stopDemoSuite({ local, host, browser })
})

type AccountInfo = { data: { free: { toBigInt(): bigint } } }
const free = async (address: string) => ((await api.query.system.account(address)) as unknown as AccountInfo).data.free.toBigInt()

function walletPrompt(page: Page) {
  return page.getByRole('dialog', { name: 'Portico Dev Wallet' }).filter({ has: page.getByRole('button', { name: 'Approve' }) })
}

/** `?wallet=polkadot`: only the injectedWeb3 dev wallet, so the Connect list has one "Portico Dev Wallet". */
async function openConnect(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${host.url}?wallet=polkadot`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  await expect.poll(() => walletPrompt(page).innerText()).toContain(ALICE_GENERIC)
  return page
}

async function connect(context: BrowserContext): Promise<Page> {
  const page = await openConnect(context)
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  return page
}

describe('Polkadot end to end (demo host, injectedWeb3 dev wallet, chopsticks chain)', () => {
  it('connects, shows the truncated SS58 address and the chain balance, signs a message and sends a transfer', async () => {
    const context = await browser.newContext()
    const page = await connect(context)
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => account.innerText()).toContain(TRUNCATED)
    // //Alice starts with 1,000,000 ROC on the chain; the view reads it from there.
    expect(await free(ALICE)).toBe(1_000_000_000_000_000_000n)
    await expect.poll(() => account.innerText(), { timeout: 30_000 }).toContain('1,000,000 ROC')
    await account.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => account.count()).toBe(0)
    await expect.poll(() => page.getByText(`Connected ${ALICE} on Portico Polkadot`).count()).toBe(1)

    // Sign: the prompt shows the message; the signature verifies under //Alice's key.
    await page.getByRole('button', { name: 'Sign Polkadot message' }).click()
    await expect.poll(() => walletPrompt(page).innerText()).toContain('Hello from Portico')
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    const signatureOutput = page.locator('output[aria-label="Polkadot signature"]')
    await signatureOutput.waitFor()
    const signature = await signatureOutput.innerText()
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(signatureVerify('Hello from Portico', signature, ALICE).isValid).toBe(true)
    expect(signatureVerify('Hello from Portico?', signature, ALICE).isValid).toBe(false)

    // Send 2.5 ROC to //Bob: the wallet asks to sign the extrinsic, the chain includes it.
    const before = await free(BOB)
    await page.getByRole('textbox', { name: 'Polkadot recipient' }).fill(BOB)
    await page.getByRole('textbox', { name: 'Amount (ROC)' }).fill('2.5')
    await page.getByRole('button', { name: 'Send ROC' }).click()
    await expect.poll(() => walletPrompt(page).innerText()).toContain(`Sign transaction as ${ALICE_GENERIC}`)
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    const output = page.locator('output[aria-label="Polkadot transaction"]')
    await output.waitFor({ timeout: 60_000 })
    const hash = await output.innerText()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await free(BOB)).toBe(before + 2_500_000_000_000n)
    // The extrinsic is in the chain's latest block, and the sender paid the amount and a fee.
    const head = await api.rpc.chain.getBlock()
    expect(head.block.extrinsics.map((x) => x.hash.toHex())).toContain(hash)
    expect(await free(ALICE)).toBeLessThan(1_000_000_000_000_000_000n - 2_500_000_000_000n)
    await context.close()
  })

  it('a rejected connection shows the 4001 message, and Retry connects', async () => {
    const context = await browser.newContext()
    const page = await openConnect(context)
    await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
    const modal = page.getByRole('dialog', { name: 'Portico Dev Wallet' }).filter({ has: page.getByRole('button', { name: 'Retry' }) })
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('User rejected the request.')
    await modal.getByRole('button', { name: 'Retry' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Account' }).innerText()).toContain(TRUNCATED)

    // Reload: the site stays authorized, so the connection comes back without a wallet prompt.
    await page.reload()
    await page.getByRole('button', { name: 'Open Account' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Account' }).innerText()).toContain(TRUNCATED)
    expect(await walletPrompt(page).count()).toBe(0)
    await context.close()
  })

  it('a rejected signature or a bad recipient shows its message and the page stays usable', async () => {
    const context = await browser.newContext()
    const page = await connect(context)
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Close' }).click()
    const region = page.getByRole('region', { name: 'Polkadot' })
    await page.getByRole('button', { name: 'Sign Polkadot message' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => region.getByRole('alert').innerText()).toBe('User rejected the request.')

    await page.getByRole('textbox', { name: 'Polkadot recipient' }).fill('0x1234')
    await page.getByRole('textbox', { name: 'Amount (ROC)' }).fill('1')
    await page.getByRole('button', { name: 'Send ROC' }).click()
    await expect.poll(() => region.getByRole('alert').innerText()).toBe('An amount and receiver address are required')

    await page.getByRole('button', { name: 'Sign Polkadot message' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await page.locator('output[aria-label="Polkadot signature"]').waitFor()
    await context.close()
  })
})
