import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { connectDevWallet, startHostStack, walletPrompt, type HostStack } from './harness.ts'

/**
 * SPEC §4 name registration end to end: the demo host (names in its zone portico.test), the injected dev wallet
 * signing the registration message on the dev chain, the API server checking the signature and storing the name;
 * the name then shows on Account, also after a reload (reverse lookup). Real Chromium, real chain, real API server.
 */
const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const LABEL = 'portico-e2e'
const NAME = `${LABEL}.portico.test`

let stack: HostStack
let chains: HostStack['chains']
let api: HostStack['api']
let host: HostStack['host']
let browser: HostStack['browser']

beforeAll(async () => {
  stack = await startHostStack('e2e-names')
  ;({ chains, api, host, browser } = stack)
})

afterAll(async () => {
  await stack?.stop()
})



describe('name registration end to end (demo host, dev wallet, API server)', () => {
  it('registers a name through the dev wallet and sees it on Account', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(host.url)
    await connectDevWallet(page)
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('button', { name: 'Register name' }).click()

    const dialog = page.getByRole('dialog', { name: 'Choose name' })
    const field = dialog.getByRole('textbox', { name: 'Name' })
    // SPEC §5: too short first; the rule shows and Register stays disabled.
    await field.fill('abc')
    await dialog.getByText('At least 4 characters').waitFor()
    expect(await dialog.getByRole('button', { name: 'Enter a valid name' }).isDisabled()).toBe(true)
    await field.fill(LABEL)
    await dialog.getByText(`${NAME} is available`).waitFor()
    await dialog.getByRole('button', { name: 'Register' }).click()

    const prompt = walletPrompt(page)
    await expect.poll(() => prompt.innerText()).toContain(NAME)
    await prompt.getByRole('button', { name: 'Approve' }).click()

    const success = page.getByRole('dialog', { name: 'Name registered' })
    await success.getByText(`${NAME} is yours`).waitFor()
    // Stored by the API server: forward and reverse lookup answer it.
    const forward = await fetch(`${api.url}/v1/profile/account/${NAME}?projectId=portico-e2e&apiVersion=2`)
    expect(forward.status).toBe(200)
    const profile = (await forward.json()) as { addresses: Record<string, { address: string }> }
    expect(Object.values(profile.addresses).map((a) => a.address)).toEqual([ACCOUNT0.toLowerCase()])

    await success.getByRole('button', { name: 'Back to account' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByText(NAME, { exact: true }).waitFor()

    // After a reload the reverse lookup gives Account the name again.
    await page.reload()
    await page.getByRole('button', { name: 'Open Account' }).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Account' }).getByText(NAME, { exact: true }).count(), { timeout: 30_000 }).toBe(1)

    // The same address cannot take a second name in the zone: the API's reason shows on the register view.
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Register name' }).click()
    const again = page.getByRole('dialog', { name: 'Choose name' })
    await again.getByRole('textbox', { name: 'Name' }).fill(`${LABEL}-2`)
    await again.getByText(`${LABEL}-2.portico.test is available`).waitFor()
    await again.getByRole('button', { name: 'Register' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    // The register view's alert (the snackbar says it too), with the API's reason.
    const alert = page.getByRole('dialog', { name: 'Choose name' }).locator('form').getByRole('alert')
    await expect.poll(() => alert.innerText()).toContain('already has a name')
    await context.close()
  })
})
