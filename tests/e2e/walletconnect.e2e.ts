import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { walletConnectSuite } from './harness.ts'

const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TRUNCATED = '0xf3…b92266'
const MESSAGE = 'Hello from Portico'

const wc = walletConnectSuite('e2e-wc')

/** Clicks the host's "Sign message", approves it in the wallet and answers the signature the host shows. */
async function signThroughWallet(hostPage: Page, walletPage: Page): Promise<Hex> {
  await hostPage.bringToFront()
  await hostPage.getByRole('button', { name: 'Sign message' }).click()
  await walletPage.bringToFront()
  const request = walletPage.getByRole('article', { name: /^personal_sign request from Portico demo/ })
  await request.getByRole('button', { name: 'Approve' }).click()
  await hostPage.bringToFront()
  const output = hostPage.getByRole('status', { name: 'Signature' })
  await output.waitFor()
  return (await output.innerText()) as Hex
}

describe('WalletConnect end to end (demo host, demo wallet on WalletKit, local relay and chains)', () => {
  it('SPEC §4 pairs by URI, signs, restores after a reload, survives a relay restart, and ends on a wallet disconnect', async () => {
    const context = await wc.browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(wc.host.url).origin })
    const walletPage = await context.newPage()
    await walletPage.goto(wc.wallet.url)
    await walletPage.getByText('Ready.', { exact: false }).waitFor()
    // Both pages share one window: the one acted on is brought to the front (a background tab's animation frames
    // are throttled, which stalls Playwright's stability checks).
    const hostPage = await context.newPage()
    await hostPage.goto(`${wc.host.url}?wallet=none`)

    // Host: Connect Wallet -> WalletConnect; the pairing view shows the QR code and "Copy link".
    await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = hostPage.getByRole('dialog', { name: 'Connect Wallet' })
    await connect.getByRole('button', { name: /^Portico Demo Wallet/ }).waitFor()
    await connect.getByRole('button', { name: /^WalletConnect/ }).click()
    const pairing = hostPage.getByRole('dialog', { name: 'WalletConnect' })
    const qr = pairing.getByRole('img', { name: 'WalletConnect QR code' })
    await qr.waitFor()
    const uri = (await qr.getAttribute('aria-description')) ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await pairing.getByRole('button', { name: 'Copy link' }).click()
    expect(await hostPage.evaluate(() => navigator.clipboard.readText())).toBe(uri)

    // Wallet: paste the URI, Connect, approve the proposal.
    await walletPage.bringToFront()
    await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
    await walletPage.getByRole('article', { name: /^Proposal from Portico demo/ }).getByRole('button', { name: 'Approve' }).click()

    // Host: the Account view shows the wallet's account.
    await hostPage.bringToFront()
    const account = hostPage.getByRole('dialog', { name: 'Account' })
    await account.waitFor()
    await expect.poll(() => account.innerText()).toContain(TRUNCATED)
    await account.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => account.count()).toBe(0)

    // A personal_sign request goes through the relay to the wallet and back.
    const first = await signThroughWallet(hostPage, walletPage)
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: first })).toBe(true)

    // After a reload the session is restored from storage, with no new pairing.
    await hostPage.reload()
    await expect.poll(() => hostPage.getByText(`Connected ${ACCOUNT0}`, { exact: false }).count()).toBe(1)

    // The relay restarts mid-session: both clients reconnect by themselves and a second request completes.
    await wc.relay.restart()
    await expect.poll(() => wc.relay.stats().connections, { timeout: 10_000 }).toBe(2)
    const second = await signThroughWallet(hostPage, walletPage)
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: second })).toBe(true)

    // The wallet ends the session: the host is disconnected (SPEC §4 session delete).
    await walletPage.bringToFront()
    await walletPage.getByRole('button', { name: 'Disconnect' }).click()
    await hostPage.bringToFront()
    await expect.poll(() => hostPage.getByText('Not connected').count()).toBe(1)
    await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
    await hostPage.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await context.close()
  })
})
