import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { BrowserContext, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { walletConnectSuite } from './harness.ts'

const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const MESSAGE = 'Hello from Portico'

const wc = walletConnectSuite('e2e-wc-solana', { otherChains: ['solana'] })

/** SPEC §9: 4 leading and 6 trailing characters. */
const truncated = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Opens the demo wallet and the host (no injected dev wallets), and shows the host's WalletConnect pairing URI. */
async function startPairing(context: BrowserContext): Promise<{ hostPage: Page; walletPage: Page; uri: string }> {
  const walletPage = await context.newPage()
  await walletPage.goto(wc.wallet.url)
  await walletPage.getByText('Ready.', { exact: false }).waitFor()
  const hostPage = await context.newPage()
  await hostPage.goto(`${wc.host.url}?wallet=none`)
  await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
  await hostPage.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^WalletConnect/ }).click()
  const qr = hostPage.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', { name: 'WalletConnect QR code' })
  await qr.waitFor()
  const uri = (await qr.getAttribute('aria-description')) ?? ''
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await walletPage.bringToFront()
  await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
  await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
  return { hostPage, walletPage, uri }
}

/** Clicks the host's "Sign message", approves `method` in the wallet and answers the signature the host shows. */
async function signThroughWallet(hostPage: Page, walletPage: Page, method: string): Promise<string> {
  await hostPage.bringToFront()
  await hostPage.getByRole('button', { name: 'Sign message' }).click()
  await walletPage.bringToFront()
  const request = walletPage.getByRole('article', { name: new RegExp(`^${method} request from Portico demo`) })
  await request.getByRole('button', { name: 'Approve' }).click()
  await hostPage.bringToFront()
  const output = hostPage.getByRole('status', { name: 'Signature' })
  await output.waitFor()
  return output.innerText()
}

describe('WalletConnect across namespaces (demo host, demo wallet on WalletKit with eip155 and solana, local relay, anvil and litesvm)', () => {
  it('one pairing connects eip155 and solana; each signs through the wallet; both survive a reload; a wallet disconnect ends both', async () => {
    const solanaAddress = wc.local.solana!.accounts[0]!
    const context = await wc.browser.newContext()
    const { hostPage, walletPage } = await startPairing(context)

    // The one proposal asks for both namespaces: the wallet offers the EVM chains and the local Solana cluster.
    const proposal = walletPage.getByRole('article', { name: /^Proposal from Portico demo/ })
    await expect.poll(() => proposal.innerText()).toContain(wc.local.solana!.caipNetworkId)
    expect(await proposal.innerText()).toContain('eip155:31337')
    await proposal.getByRole('button', { name: 'Approve' }).click()
    // The wallet's session holds both accounts.
    await expect.poll(() => walletPage.getByRole('region', { name: 'Sessions' }).innerText()).toContain(`${wc.local.solana!.caipNetworkId}:${solanaAddress}`)

    // Host: the EVM account is active; Wallets lists one WalletConnect connection per namespace.
    await hostPage.bringToFront()
    const account = hostPage.getByRole('dialog', { name: 'Account' })
    await account.waitFor()
    await expect.poll(() => account.innerText()).toContain(truncated(ACCOUNT0))
    await account.getByRole('button', { name: 'Wallets' }).click()
    const wallets = hostPage.getByRole('dialog', { name: 'Wallets' })
    await expect.poll(() => wallets.getByRole('button', { name: new RegExp(`Solana · ${truncated(solanaAddress)}, Connected$`) }).count()).toBe(1)
    await expect.poll(() => wallets.getByRole('button', { name: new RegExp(`${truncated(ACCOUNT0)}, Connected$`) }).count()).toBe(1)
    await wallets.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => wallets.count()).toBe(0)

    // eip155: personal_sign through the relay and the wc.wallet.
    const evmSignature = (await signThroughWallet(hostPage, walletPage, 'personal_sign')) as Hex
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: evmSignature })).toBe(true)

    // Switch the active chain to Solana: the session's solana account is already connected, no new pairing.
    await hostPage.getByRole('button', { name: 'Open Account' }).click()
    await account.getByRole('button', { name: /^Switch network, current/ }).click()
    await hostPage.getByRole('button', { name: /^Switch chain/ }).click()
    await hostPage.getByRole('button', { name: /^Solana, / }).click()
    await account.waitFor()
    await expect.poll(() => account.innerText()).toContain(truncated(solanaAddress))
    await account.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => hostPage.getByText(`Connected ${solanaAddress} on Solana Local`).count()).toBe(1)

    // solana: solana_signMessage through the wallet; the ed25519 signature verifies under the address.
    const solSignature = base58.decode(await signThroughWallet(hostPage, walletPage, 'solana_signMessage'))
    expect(ed25519.verify(solSignature, new TextEncoder().encode(MESSAGE), base58.decode(solanaAddress))).toBe(true)
    expect(ed25519.verify(solSignature, new TextEncoder().encode(`${MESSAGE}!`), base58.decode(solanaAddress))).toBe(false)

    // Reload: both namespaces come back from the stored session, Solana still active, no new proposal.
    await hostPage.reload()
    await expect.poll(() => hostPage.getByText(`Connected ${solanaAddress} on Solana Local`).count(), { timeout: 20_000 }).toBe(1)
    await hostPage.getByRole('button', { name: 'Open Account' }).click()
    await account.getByRole('button', { name: 'Wallets' }).click()
    await expect.poll(() => wallets.getByRole('button', { name: /, Connected$/ }).count()).toBe(2)
    await wallets.getByRole('button', { name: 'Close' }).click()
    expect(await walletPage.getByRole('article', { name: /^Proposal from/ }).count()).toBe(0)

    // The wallet ends the session: both namespaces are disconnected (SPEC §4 session delete).
    await walletPage.bringToFront()
    await walletPage.getByRole('button', { name: 'Disconnect' }).click()
    await hostPage.bringToFront()
    await expect.poll(() => hostPage.getByText('Not connected').count()).toBe(1)
    await context.close()
  })

  it('a proposal the wallet rejects shows its error with Retry on the pairing view', async () => {
    const context = await wc.browser.newContext()
    const { hostPage, walletPage } = await startPairing(context)
    await walletPage.getByRole('article', { name: /^Proposal from Portico demo/ }).getByRole('button', { name: 'Reject' }).click()
    await hostPage.bringToFront()
    const pairing = hostPage.getByRole('dialog', { name: 'WalletConnect' })
    await expect.poll(() => pairing.getByRole('alert').innerText()).toBe('User rejected.')
    await pairing.getByRole('button', { name: /^Retry/ }).waitFor()
    await expect.poll(() => pairing.getByRole('button', { name: 'Retry', exact: true }).count()).toBe(1)
    // Retry pairs again: a fresh QR code.
    await pairing.getByRole('button', { name: 'Retry', exact: true }).click()
    await pairing.getByRole('img', { name: 'WalletConnect QR code' }).waitFor()
    await context.close()
  })
})
