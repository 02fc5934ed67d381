import { describe, expect, it } from 'vitest'
import { walletConnectSuite } from './harness.ts'

/**
 * One-click auth end to end (issue 28 part 2): the demo host with `?siwx=required`, WalletConnect over the stack
 * relay, the demo wallet on WalletKit answering `wc_sessionAuthenticate`, the API server verifying the cacao. One
 * approval in the wallet: connected and signed in, no SIWX dialog, no second prompt.
 */
const ACCOUNT0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TRUNCATED = '0xf3…b92266'

const wc = walletConnectSuite('e2e-wc-one-click')

describe('one-click auth over WalletConnect (demo host ?siwx=required, demo wallet on WalletKit, local relay and API)', () => {
  it('pairs with SIWX required and reaches Account signed in after one approval in the wallet', async () => {
    const context = await wc.browser.newContext()
    const walletPage = await context.newPage()
    await walletPage.goto(wc.wallet.url)
    await walletPage.getByText('Ready.', { exact: false }).waitFor()
    const hostPage = await context.newPage()
    await hostPage.goto(`${wc.host.url}?wallet=none&siwx=required`)
    await hostPage.getByText('Not signed in').waitFor()

    await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = hostPage.getByRole('dialog', { name: 'Connect Wallet' })
    await connect.getByRole('button', { name: /^WalletConnect/ }).click()
    const pairing = hostPage.getByRole('dialog', { name: 'WalletConnect' })
    const qr = pairing.getByRole('img', { name: 'WalletConnect QR code' })
    await qr.waitFor()
    await pairing.getByText('One approval in your wallet connects and signs you in.').waitFor()
    const uri = (await qr.getAttribute('aria-description')) ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    // Wallet: paste the URI; a sign-in request arrives (its message names the page and the ReCap), not a proposal.
    await walletPage.bringToFront()
    await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
    const request = walletPage.getByRole('article', { name: /^Sign-in request from Portico demo/ })
    await request.waitFor()
    const text = await request.innerText()
    expect(text).toContain(`${new URL(wc.host.url).host} wants you to sign in with your Ethereum account:`)
    expect(text).toContain('Sign in to the Portico demo I further authorize the stated URI to perform the following actions on my behalf:')
    expect(await walletPage.getByRole('article', { name: /^Proposal from/ }).count()).toBe(0)
    await request.getByRole('button', { name: 'Approve' }).click()

    // Host: Account, signed in, and no Sign In dialog on the way; the wallet was asked nothing else.
    await hostPage.bringToFront()
    const account = hostPage.getByRole('dialog', { name: 'Account' })
    await account.waitFor()
    await expect.poll(() => account.innerText()).toContain(TRUNCATED)
    await hostPage.getByText(`Signed in as eip155:${wc.chains.chains[0]!.chainId}:${ACCOUNT0}`).waitFor()
    expect(await hostPage.getByRole('dialog', { name: 'Sign In' }).count()).toBe(0)
    await walletPage.bringToFront()
    await expect.poll(() => walletPage.getByRole('article', { name: /request from Portico demo/ }).count()).toBe(0)
    expect(await walletPage.getByText('Signed in to Portico demo').count()).toBe(1)

    // The session token is the API server's.
    const stored = await hostPage.evaluate(() => localStorage.getItem('@portico/siwx_token'))
    const token = (JSON.parse(stored!) as { token: string }).token
    const me = await fetch(`${wc.api.url}/auth/v1/me?projectId=portico-e2e`, { headers: { authorization: `Bearer ${token}`, origin: wc.host.url } })
    expect(me.status).toBe(200)
    await context.close()
  })
})
