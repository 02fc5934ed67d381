import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { startHostStack, type HostStack } from './harness.ts'

// Issue 11 item 5 (send): the demo host with send(), the dev wallet (injected, approving by hand), the local chains
// and the API server (balances, prices, history). Every amount is read back from the chain itself.

/** Dev account 5 of the test mnemonic. */
const ACCOUNT5: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const PROJECT = 'portico-e2e-send'

let stack: HostStack
let chains: HostStack['chains']
let host: HostStack['host']
let browser: HostStack['browser']

beforeAll(async () => {
  // History indexed every second, so Activity shows the transfer while the test looks.
  stack = await startHostStack('e2e-send', { projectId: PROJECT, indexIntervalMs: 1_000 })
  ;({ chains, host, browser } = stack)
})

afterAll(async () => {
  await stack?.stop()
})

const chain = () => chains.chains[0]!
const reader = () => createPublicClient({ transport: http(chain().rpcUrl) })
const usdc = () => chains.deployment.chains[chain().chainId]!.contracts.usdc6 as Address
const usdcOf = (address: Address) => reader().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [address] })

async function connectedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  // A page error is printed, so a failing run says why.
  page.on('pageerror', (error) => console.error(`[send e2e] page error: ${error.message}`))
  await page.goto(host.url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  await page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
  return page
}

/** Account → Send → pick the token → Amount and Receiver → Preview: answers the Review send dialog. */
async function fillAndPreview(page: Page, token: RegExp, amount: string, receiver: string): Promise<Locator> {
  await page.getByRole('dialog', { name: 'Account' }).getByRole('group', { name: 'Account actions' }).getByRole('button', { name: 'Send' }).click()
  const form = page.getByRole('dialog', { name: 'Send' })
  await form.getByRole('button', { name: 'Select token' }).click()
  const picker = page.getByRole('dialog', { name: 'Select token' })
  await picker.getByRole('list', { name: 'Tokens to send' }).getByRole('button', { name: token }).click()
  await form.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await form.getByRole('textbox', { name: 'Receiver' }).fill(receiver)
  await form.getByRole('button', { name: 'Preview send' }).click()
  const preview = page.getByRole('dialog', { name: 'Review send' })
  await preview.waitFor()
  // The network fee: eth_estimateGas × gas price, in ETH.
  await expect.poll(() => preview.innerText(), { timeout: 15_000 }).toMatch(/Network fee\s*0\.\d+ ETH/)
  return preview
}

async function walletAnswers(page: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Portico Dev Wallet' })
  await expect.poll(() => prompt.innerText(), { timeout: 15_000 }).toContain('eth_sendTransaction')
  await prompt.getByRole('button', { name: answer }).click()
}

describe('Send end to end (demo host, dev wallet, local chain, API server)', () => {
  it('sends 1.5 USDC to dev account 5: on chain, and the Tokens list refreshed past its 30 s cache', async () => {
    const before = await usdcOf(ACCOUNT5)
    const context = await browser.newContext()
    const page = await connectedPage(context)
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => account.getByRole('list', { name: 'Tokens' }).innerText(), { timeout: 15_000 }).toContain('1,000 USDC')

    const preview = await fillAndPreview(page, /^USD Coin/, '1.5', ACCOUNT5)
    const text = await preview.innerText()
    expect(text).toContain('1.5 USDC')
    // USD value from POST /v1/fungible/price (USDC = 1 USD).
    expect(text).toContain('$1.50')
    await preview.getByRole('button', { name: 'Send' }).click()
    await walletAnswers(page, 'Approve')

    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Transaction sent' }).count(), { timeout: 30_000 }).toBe(1)
    await account.waitFor()
    expect(await usdcOf(ACCOUNT5)).toBe(before + parseUnits('1.5', 6))
    // Within the 30 s cache lifetime, yet the list shows the new balance: the send invalidated it.
    await expect.poll(() => account.getByRole('list', { name: 'Tokens' }).innerText(), { timeout: 15_000 }).toContain('998.5 USDC')
    // Activity lists the transfer (the history was refreshed, not served from what was loaded before).
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => account.getByRole('tabpanel').innerText(), { timeout: 20_000 }).toContain('1.5 USDC')
    await account.getByRole('tab', { name: 'Tokens' }).click()
    // A new send starts empty (the send state was reset).
    await account.getByRole('group', { name: 'Account actions' }).getByRole('button', { name: 'Send' }).click()
    const form = page.getByRole('dialog', { name: 'Send' })
    expect(await form.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('')
    expect(await form.getByRole('button', { name: 'Select token' }).count()).toBe(1)
    await context.close()
  })

  it('sends native ETH to dev account 5', async () => {
    const before = await reader().getBalance({ address: ACCOUNT5 })
    const context = await browser.newContext()
    const page = await connectedPage(context)
    const preview = await fillAndPreview(page, /^Ether/, '0.25', ACCOUNT5)
    await preview.getByRole('button', { name: 'Send' }).click()
    await walletAnswers(page, 'Approve')
    await page.getByRole('dialog', { name: 'Account' }).waitFor({ timeout: 30_000 })
    expect(await reader().getBalance({ address: ACCOUNT5 })).toBe(before + parseEther('0.25'))
    await context.close()
  })

  it('a send rejected in the wallet shows readable text and keeps the form', async () => {
    const before = await usdcOf(ACCOUNT5)
    const context = await browser.newContext()
    const page = await connectedPage(context)
    const preview = await fillAndPreview(page, /^USD Coin/, '2', ACCOUNT5)
    await preview.getByRole('button', { name: 'Send' }).click()
    await walletAnswers(page, 'Reject')
    await expect.poll(() => preview.getByRole('alert').innerText(), { timeout: 15_000 }).toBe('The wallet rejected the transaction')
    // The Send button is there again, and going back finds the form as it was.
    expect(await preview.getByRole('button', { name: 'Send' }).count()).toBe(1)
    await preview.getByRole('button', { name: 'Cancel' }).click()
    const form = page.getByRole('dialog', { name: 'Send' })
    expect(await form.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('2')
    expect(await form.getByRole('textbox', { name: 'Receiver' }).inputValue()).toBe(ACCOUNT5)
    expect(await form.getByRole('button', { name: 'Token: USDC', exact: true }).count()).toBe(1)
    expect(await usdcOf(ACCOUNT5)).toBe(before)
    await context.close()
  })
})
