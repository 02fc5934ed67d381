import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { connectDevWallet, startHostStack, walletPrompt, type HostStack } from './harness.ts'

/**
 * SPEC §4 SIWX end to end: the demo host with `?siwx=required`, the injected dev wallet signing EIP-4361 on the dev
 * chain, the API server's /auth/v1 backend verifying it and issuing the session JWT. Real Chromium, real chain.
 */
const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let stack: HostStack
let chains: HostStack['chains']
let api: HostStack['api']
let host: HostStack['host']
let browser: HostStack['browser']

beforeAll(async () => {
  stack = await startHostStack('e2e-siwx')
  ;({ chains, api, host, browser } = stack)
})

afterAll(async () => {
  await stack?.stop()
})

const signIn = (page: Page) => page.getByRole('dialog', { name: 'Sign In' })


describe('SIWX end to end (demo host ?siwx=required, dev wallet, API server)', () => {
  it('signs in through the dev wallet; the dialog cannot be closed before; reload stays signed in; sign-out asks again', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${host.url}?siwx=required`)
    await connectDevWallet(page)
    const dialog = signIn(page)
    await dialog.waitFor()
    await expect.poll(() => dialog.innerText()).toContain('Canceling will disconnect you')

    // Required and sessionless: neither Esc nor the close button closes it.
    await page.keyboard.press('Escape')
    await dialog.getByRole('button', { name: 'Close' }).click()
    expect(await signIn(page).count()).toBe(1)

    await dialog.getByRole('button', { name: 'Sign' }).click()
    const prompt = walletPrompt(page)
    await expect.poll(() => prompt.innerText()).toContain('wants you to sign in with your Ethereum account:')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    await page.getByText(`Signed in as eip155:31337:${ACCOUNT0}`).waitFor()
    await expect.poll(() => signIn(page).count()).toBe(0)
    const stored = await page.evaluate(() => localStorage.getItem('@portico/siwx_token'))
    expect(JSON.parse(stored!)).toMatchObject({ caipAddress: `eip155:31337:${ACCOUNT0}` })
    const token = (JSON.parse(stored!) as { token: string }).token
    const me = await fetch(`${api.url}/auth/v1/me?projectId=portico-e2e`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)

    // Reload: still connected and signed in, without a dialog or a wallet prompt.
    await page.reload()
    await page.getByText(`Signed in as eip155:31337:${ACCOUNT0}`).waitFor()
    expect(await signIn(page).count()).toBe(0)
    expect(await walletPrompt(page).count()).toBe(0)

    // Sign out revokes the session on the server; the required dialog asks again.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await signIn(page).waitFor()
    await expect.poll(async () => (await fetch(`${api.url}/auth/v1/me?projectId=portico-e2e`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
    await context.close()
  })

  it('Cancel disconnects when authentication is required', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${host.url}?siwx=required`)
    await connectDevWallet(page)
    await signIn(page).waitFor()
    await signIn(page).getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('Not connected').waitFor()
    await expect.poll(() => signIn(page).count()).toBe(0)
    expect(await page.evaluate(() => localStorage.getItem('@portico/siwx_token'))).toBeNull()
    await context.close()
  })

  it('a declined signature shows "Signature declined" and the dialog stays usable', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${host.url}?siwx=required`)
    await connectDevWallet(page)
    const dialog = signIn(page)
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => dialog.innerText()).toContain('Signature declined')
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    await page.getByText(`Signed in as eip155:31337:${ACCOUNT0}`).waitFor()
    await context.close()
  })
})
