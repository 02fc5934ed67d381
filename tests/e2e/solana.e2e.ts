import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { Connection, PublicKey } from '@solana/web3.js'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoHost } from '../../demo/server.ts'
import type { LocalChains } from '../../stack/local-chains.ts'
import { startTestApi } from './api.ts'
import { startDemoSuite } from './demo-suite.ts'

let local: LocalChains
let host: DemoHost
let browser: Browser
let api: Awaited<ReturnType<typeof startTestApi>>

beforeAll(async () => {
  ;({ local, host, browser } = await startDemoSuite(['solana'], async (chains) => {
    // The stack's API server answers the EVM side's Tokens tab, so the host reaches no hosted endpoint.
    api = await startTestApi(chains.evm!, 'solana-e2e')
    return { apiUrl: api.url }
  }))
})

afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await api?.stop()
  await local?.stop()
})

/** SPEC §9: 4 leading and 6 trailing characters. */
const truncated = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

function walletPrompt(page: Page) {
  return page.getByRole('dialog', { name: 'Portico Dev Wallet' }).filter({ has: page.getByRole('button', { name: 'Approve' }) })
}

/** Connects "Portico Dev Wallet": one row, then the wallet asks once per namespace (eip155, then solana). */
async function connectBoth(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(host.url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const rows = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ })
  await rows.first().waitFor()
  expect(await rows.count()).toBe(1)
  await rows.click()
  await expect.poll(() => walletPrompt(page).innerText()).toContain('eth_requestAccounts')
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
  await expect.poll(() => walletPrompt(page).innerText()).toContain(local.solana!.accounts[0]!)
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  return page
}

async function switchToSolana(page: Page) {
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: /^Switch network, current/ }).click()
  await page.getByRole('button', { name: /^Switch chain/ }).click()
  await page.getByRole('button', { name: /^Solana, / }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
}

describe('Solana end to end (demo host, the multi-namespace dev wallet, local litesvm cluster)', () => {
  it('connects eip155 and solana together, switches to Solana, shows the base58 address, SOL and SPL balances, signs, and keeps both connections over a reload', async () => {
    const solanaAddress = local.solana!.accounts[0]!
    const evmAddress = local.evm!.deployment.accounts[0]!
    const context = await browser.newContext()
    const page = await connectBoth(context)
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => account.innerText()).toContain(truncated(evmAddress))

    await switchToSolana(page)
    await expect.poll(() => account.innerText()).toContain(truncated(solanaAddress))
    // The SOL balance is read from the cluster.
    const lamports = await new Connection(local.solana!.rpcUrl, 'confirmed').getBalance(new PublicKey(solanaAddress))
    expect(lamports).toBeGreaterThan(0)
    await expect.poll(() => account.innerText()).toContain(`${(lamports / 1e9).toLocaleString('en-US', { maximumFractionDigits: 3 })} SOL`)
    // Tokens: the SPL balances of the seeded mints (USDC 1000, PTK 250.5).
    const tokens = account.getByRole('list', { name: 'Tokens' })
    await tokens.waitFor({ timeout: 20_000 })
    await expect.poll(() => tokens.innerText(), { timeout: 20_000 }).toContain('USDC')
    expect(await tokens.innerText()).toContain('1,000')
    expect(await tokens.innerText()).toContain('PTK')

    await account.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByText(`Connected ${solanaAddress} on Solana Local`).count()).toBe(1)

    // Sign on Solana: the prompt shows the message; the ed25519 signature verifies under the address.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect.poll(() => walletPrompt(page).innerText()).toContain('Hello from Portico')
    await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
    const output = page.locator('output[aria-label="Signature"]')
    await output.waitFor()
    const signature = base58.decode(await output.innerText())
    expect(ed25519.verify(signature, new TextEncoder().encode('Hello from Portico'), base58.decode(solanaAddress))).toBe(true)
    expect(ed25519.verify(signature, new TextEncoder().encode('Hello from Portico?'), base58.decode(solanaAddress))).toBe(false)

    // Reload: both connections come back without a prompt, Solana still the active chain.
    await page.reload()
    await expect.poll(() => page.getByText(`Connected ${solanaAddress} on Solana Local`).count(), { timeout: 20_000 }).toBe(1)
    expect(await walletPrompt(page).count()).toBe(0)
    await page.getByRole('button', { name: 'Open Account' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Wallets' }).click()
    const wallets = page.getByRole('dialog', { name: 'Wallets' })
    await expect.poll(() => wallets.getByRole('button', { name: /^Portico Dev Wallet, .*Connected$/ }).count()).toBe(2)
    await expect.poll(() => wallets.getByRole('button', { name: new RegExp(`^Portico Dev Wallet, Solana · ${truncated(solanaAddress)}, Connected$`) }).count()).toBe(1)
    await context.close()
  })

  it('disconnecting Solana keeps the EVM connection, and Reject on a Solana signature answers 4001', async () => {
    const context = await browser.newContext()
    const page = await connectBoth(context)
    await switchToSolana(page)
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Sign message' }).click()
    await walletPrompt(page).getByRole('button', { name: 'Reject' }).click()
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('User rejected the request.')

    await page.getByRole('button', { name: 'Open Account' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Wallets' }).click()
    await page.getByRole('button', { name: 'Disconnect Portico Dev Wallet from Solana' }).click()
    await expect.poll(() => page.getByText(/^Connected 0x[0-9a-fA-F]{40} on /).count()).toBe(1)
    await context.close()
  })
})
