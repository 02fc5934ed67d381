import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { connectDevWallet, startHostStack, walletPrompt, type HostStack } from './harness.ts'

/**
 * Buy end to end: the demo host's "Buy" on Account (the onramp plugin), the API server's /v1/onramp/quote and
 * /v1/generators/onrampurl, the local provider page opened in a new window, "Pay" sending ETH from the stack's
 * faucet account on the dev chain. Real Chromium, real chain, the injected dev wallet.
 */
const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let stack: HostStack
let chains: HostStack['chains']
let api: HostStack['api']
let host: HostStack['host']
let browser: HostStack['browser']

beforeAll(async () => {
  stack = await startHostStack('e2e-onramp')
  ;({ chains, api, host, browser } = stack)
})

afterAll(async () => {
  await stack?.stop()
})


describe('on-ramp end to end (demo host, dev wallet, API server, provider page)', () => {
  it('buys 50 USD of ETH by card: pending in the modal, Pay on the provider page, the balance rises on chain, Activity lists it', async () => {
    const client = createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) })
    const before = await client.getBalance({ address: ACCOUNT0 })
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(host.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await page.getByText(`Connected ${ACCOUNT0}`).waitFor()

    // The modal shows Account after connecting.
    await page.getByRole('group', { name: 'Account actions' }).getByRole('button', { name: 'Buy' }).click()
    const buy = page.getByRole('dialog', { name: 'Buy' })
    // Issue 30: each choice is a row or a pill that opens its list.
    await buy.getByRole('button', { name: 'Payment method, Card' }).click()
    await buy.getByRole('group', { name: 'Payment method' }).getByRole('button', { name: /^Card/ }).click()
    await buy.getByRole('button', { name: 'Pay with currency: USD' }).click()
    await buy.getByRole('group', { name: 'Pay with currency' }).getByRole('button', { name: 'USD', exact: true }).click()
    await buy.getByRole('button', { name: 'Buy: ETH' }).waitFor()
    // SPEC §5: under the card minimum the amount is refused and Buy is disabled.
    await buy.getByRole('textbox', { name: 'You pay' }).fill('9.99')
    await buy.getByText('The minimum amount is 10.00 USD').waitFor()
    expect(await buy.getByRole('button', { name: 'Buy ETH' }).isDisabled()).toBe(true)
    await buy.getByRole('textbox', { name: 'You pay' }).fill('50')
    // The quote of the local provider: 50.00 USD less 0.50 fee and 1.00 network fee, at 3000 USD/ETH.
    await buy.getByText('0.016166666 ETH').waitFor()

    const popupOpened = context.waitForEvent('page')
    await buy.getByRole('button', { name: 'Buy ETH' }).click()
    const provider = await popupOpened
    await provider.waitForLoadState()
    expect(new URL(provider.url()).origin).toBe(api.url)
    // noopener: the provider's page has no handle on the modal's page.
    expect(await provider.evaluate(() => window.opener)).toBeNull()
    await buy.getByText('Purchase pending', { exact: true }).waitFor()
    expect(await client.getBalance({ address: ACCOUNT0 })).toBe(before)

    await provider.getByRole('button', { name: /^Pay 50\.00 USD$/ }).click()
    await provider.getByRole('heading', { name: 'Payment complete' }).waitFor()
    await expect.poll(async () => (await client.getBalance({ address: ACCOUNT0 })) - before).toBe(parseEther('0.016166666'))

    // The modal learns of the payment by itself, then Activity lists the purchase.
    await buy.getByText('Purchase complete').waitFor({ timeout: 20_000 })
    await buy.getByRole('button', { name: 'View Activity' }).click()
    const account = page.getByRole('dialog')
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => account.getByRole('tabpanel').innerText(), { timeout: 20_000 }).toContain('0.016')
    await context.close()
  })
})
