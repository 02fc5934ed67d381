import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { walletConnectSuite, walletPrompt } from './harness.ts'

// Issue 29 part 3: several wallets connected in one namespace (eip155), one of them active.
const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MESSAGE = 'Hello from Portico'
/** The first dev wallet's Connect row (not the second's, whose name starts the same). */
const FIRST = /^Portico Dev Wallet(?! 2)/
const SECOND = /^Portico Dev Wallet 2/

const wc = walletConnectSuite('e2e-multi-wallet')

const connectDialog = (page: Page) => page.getByRole('dialog', { name: 'Connect Wallet' })
const walletsDialog = (page: Page) => page.getByRole('dialog', { name: 'Wallets' })
const connectedAs = (page: Page, address: Address) => page.getByText(`Connected ${address}`, { exact: false })

/** Connects an injected dev wallet from an open Connect list, approving its in-page prompt. */
async function connectInjected(page: Page, row: RegExp): Promise<void> {
  await connectDialog(page).getByRole('button', { name: row }).click()
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
}

/** Opens the modal (Account) and its Wallets view. */
async function openWallets(page: Page): Promise<Locator> {
  const list = walletsDialog(page)
  if (await list.count()) return list
  if (!(await page.getByRole('dialog', { name: 'Account' }).count())) await page.getByRole('button', { name: 'Open Account' }).click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Wallets' }).click()
  await list.waitFor()
  return list
}

/** The host's "Sign message"; `approve` answers the active wallet's prompt; resolves with the signature shown. */
async function sign(page: Page, approve: () => Promise<void>): Promise<Hex> {
  await page.bringToFront()
  await page.getByRole('button', { name: 'Sign message' }).click()
  await approve()
  await page.bringToFront()
  const output = page.getByRole('status', { name: 'Signature' })
  await output.waitFor()
  return (await output.innerText()) as Hex
}

const approveInPage = (page: Page) => () => walletPrompt(page).getByRole('button', { name: 'Approve' }).click()

describe('several wallets in one namespace (issue 29 part 3)', () => {
  it('two EIP-6963 wallets: connect both, switch, sign with the active one, reload restores both, disconnect one', async () => {
    const context = await wc.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${wc.host.url}?wallets=2`)

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await connectInjected(page, FIRST)
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)

    // ProfileWallets -> Add wallet -> the second wallet: it becomes the active one, the first stays connected.
    let list = await openWallets(page)
    await list.getByRole('button', { name: 'Add wallet' }).click()
    await connectInjected(page, SECOND)
    await expect.poll(() => connectedAs(page, ACCOUNT1).count()).toBe(1)
    list = await openWallets(page)
    await list.getByRole('button', { name: /^Portico Dev Wallet 2, Ethereum \(EVM\) · 0x70…dc79C8, Connected/ }).waitFor()
    await list.getByRole('button', { name: /^Portico Dev Wallet, Ethereum \(EVM\) · 0xf3…b92266, Active/ }).waitFor()

    // The active (second) wallet signs.
    await page.getByRole('button', { name: 'Close' }).click()
    const bySecond = await sign(page, approveInPage(page))
    expect(await verifyMessage({ address: ACCOUNT1, message: MESSAGE, signature: bySecond })).toBe(true)

    // Switching back to the first asks nothing; the host's hooks follow and the first wallet signs.
    list = await openWallets(page)
    await list.getByRole('button', { name: /^Portico Dev Wallet, .*Active/ }).click()
    await list.getByRole('button', { name: /^Portico Dev Wallet, .*Connected/ }).waitFor()
    expect(await walletPrompt(page).count()).toBe(0)
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    await page.getByRole('button', { name: 'Close' }).click()
    const byFirst = await sign(page, approveInPage(page))
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: byFirst })).toBe(true)

    // A reload restores both without a prompt, the first still active; switching to the restored second works.
    await page.reload()
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    list = await openWallets(page)
    await list.getByRole('button', { name: /^Portico Dev Wallet, .*Connected/ }).waitFor()
    await list.getByRole('button', { name: /^Portico Dev Wallet 2, .*Active/ }).click()
    await expect.poll(() => connectedAs(page, ACCOUNT1).count()).toBe(1)
    expect(await walletPrompt(page).count()).toBe(0)

    // Disconnecting the active second wallet hands over to the first; after a reload only the first is back.
    await list.getByRole('button', { name: 'Disconnect Portico Dev Wallet 2 from Ethereum (EVM)' }).click()
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    await expect.poll(() => list.getByRole('button', { name: SECOND }).count()).toBe(0)
    await page.reload()
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    list = await openWallets(page)
    await list.getByRole('button', { name: /^Portico Dev Wallet, .*Connected/ }).waitFor()
    expect(await list.getByRole('button', { name: SECOND }).count()).toBe(0)
    await context.close()
  })

  it('an injected wallet and a WalletConnect session: connect both, switch, sign with the active one, reload, disconnect one', async () => {
    const context = await wc.browser.newContext()
    const walletPage = await context.newPage()
    await walletPage.goto(wc.wallet.url)
    await walletPage.getByText('Ready.', { exact: false }).waitFor()
    const page = await context.newPage()
    // The injected one is the second dev wallet (dev account 1), so the two connections have different addresses.
    await page.goto(`${wc.host.url}?wallets=2`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await connectInjected(page, SECOND)
    await expect.poll(() => connectedAs(page, ACCOUNT1).count()).toBe(1)

    // Add wallet -> WalletConnect: pair the demo wallet (WalletKit, dev account 0) through the local wc.relay.
    let list = await openWallets(page)
    await list.getByRole('button', { name: 'Add wallet' }).click()
    await connectDialog(page).getByRole('button', { name: /^WalletConnect/ }).click()
    const qr = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', { name: 'WalletConnect QR code' })
    await qr.waitFor()
    const uri = (await qr.getAttribute('aria-description')) ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await walletPage.bringToFront()
    await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
    await walletPage.getByRole('article', { name: /^Proposal from Portico demo/ }).getByRole('button', { name: 'Approve' }).click()
    await page.bringToFront()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    list = await openWallets(page)
    await list.getByRole('button', { name: /, Ethereum \(EVM\) · 0xf3…b92266, Connected/ }).waitFor()
    await list.getByRole('button', { name: /^Portico Dev Wallet 2, Ethereum \(EVM\) · 0x70…dc79C8, Active/ }).waitFor()
    await page.getByRole('button', { name: 'Close' }).click()

    // The WalletConnect session is active: the request goes through the relay to the wc.wallet.
    const approveInWallet = async () => {
      await walletPage.bringToFront()
      await walletPage.getByRole('article', { name: /^personal_sign request from Portico demo/ }).getByRole('button', { name: 'Approve' }).click()
    }
    const byWalletConnect = await sign(page, approveInWallet)
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: byWalletConnect })).toBe(true)

    // Switch to the injected wallet: its in-page prompt answers now.
    list = await openWallets(page)
    await list.getByRole('button', { name: /^Portico Dev Wallet 2, .*Active/ }).click()
    await expect.poll(() => connectedAs(page, ACCOUNT1).count()).toBe(1)
    await page.getByRole('button', { name: 'Close' }).click()
    const byInjected = await sign(page, approveInPage(page))
    expect(await verifyMessage({ address: ACCOUNT1, message: MESSAGE, signature: byInjected })).toBe(true)

    // A reload restores both (no pairing, no prompt); switching to the restored session signs through the wc.relay.
    await page.reload()
    await expect.poll(() => connectedAs(page, ACCOUNT1).count()).toBe(1)
    list = await openWallets(page)
    await list.getByRole('button', { name: /, Ethereum \(EVM\) · 0xf3…b92266, Active/ }).click()
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    expect(await walletPrompt(page).count()).toBe(0)
    await page.getByRole('button', { name: 'Close' }).click()
    const afterReload = await sign(page, approveInWallet)
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: afterReload })).toBe(true)

    // Disconnecting the inactive injected wallet leaves the session active.
    list = await openWallets(page)
    await list.getByRole('button', { name: 'Disconnect Portico Dev Wallet 2 from Ethereum (EVM)' }).click()
    await expect.poll(() => list.getByRole('button', { name: SECOND }).count()).toBe(0)
    await expect.poll(() => connectedAs(page, ACCOUNT0).count()).toBe(1)
    await context.close()
  })
})
