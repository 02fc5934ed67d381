import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { uniswapV2RouterAbi } from '../../stack/chain/index.ts'
import { startHostStack, type HostStack } from './harness.ts'

// Issue 11 item 5 (swap): the demo host with swap(), the dev wallet (injected, approving by hand), the local chains
// with the Uniswap V2 pool and the API server's /v1/convert/*. Both balances are read back from the chain.

const PROJECT = 'portico-e2e-swap'

let stack: HostStack
let chains: HostStack['chains']
let host: HostStack['host']
let browser: HostStack['browser']

beforeAll(async () => {
  // History indexed every second, so Activity shows the transfer while the test looks.
  stack = await startHostStack('e2e-swap', { projectId: PROJECT, indexIntervalMs: 1_000 })
  ;({ chains, host, browser } = stack)
})

afterAll(async () => {
  await stack?.stop()
})

const chain = () => chains.chains[0]!
const contracts = () => chains.deployment.chains[chain().chainId]!.contracts
const reader = () => createPublicClient({ transport: http(chain().rpcUrl) })
const balanceOf = (token: Address, who: Address) => reader().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] })

async function walletAnswers(page: Page, answer: 'Approve' | 'Reject'): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Portico Dev Wallet' })
  await expect.poll(() => prompt.innerText(), { timeout: 15_000 }).toContain('eth_sendTransaction')
  await prompt.getByRole('button', { name: answer }).click()
}

describe('Swap end to end (demo host, dev wallet, Uniswap V2 on the local chain, API server)', () => {
  it('swaps 10 USDC to DAI with an approve step; both balances move on chain within the quote and slippage', async () => {
    const user = chains.deployment.accounts[0]! as Address
    const { usdc6, dai18, uniswapV2Router02 } = contracts()
    const [usdcBefore, daiBefore] = await Promise.all([balanceOf(usdc6, user), balanceOf(dai18, user)])
    // The quote as the router itself gives it, before the swap.
    const amounts = await reader().readContract({ address: uniswapV2Router02, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [parseUnits('10', 6), [usdc6, dai18]] })
    const quote = amounts[1]!

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(host.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
    await page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('group', { name: 'Account actions' }).getByRole('button', { name: 'Swap' }).click()

    const form = page.getByRole('dialog', { name: 'Swap' })
    await form.getByRole('button', { name: /^You pay: / }).click()
    await page.getByRole('dialog', { name: 'Select token' }).getByRole('button', { name: /^USDC/ }).click()
    await form.getByRole('button', { name: 'You receive: Select token' }).click()
    await page.getByRole('dialog', { name: 'Select token' }).getByRole('button', { name: /^DAI/ }).click()
    await form.getByRole('button', { name: 'You receive: DAI', exact: true }).waitFor()
    await form.getByRole('textbox', { name: 'You pay', exact: true }).fill('10')
    // The quote fills the "You receive" card; the rate line opens the details.
    await expect.poll(() => form.getByRole('status', { name: 'You receive', exact: true }).innerText(), { timeout: 15_000 }).toMatch(/^9\.9\d+$/)
    await form.getByRole('button', { name: /^1 USDC = 0\.99\d+ DAI$/ }).click()
    const formText = await form.innerText()
    expect(formText).toMatch(/Minimum received\s*9\.8\d+ DAI/)
    expect(formText).toMatch(/Network fee\s*0\.\d+ ETH/)
    expect(formText).toMatch(/Price impact\s*0\.\d\d %/)
    await form.getByRole('button', { name: 'Review swap' }).click()

    const preview = page.getByRole('dialog', { name: 'Review swap' })
    await preview.getByRole('button', { name: 'Approve USDC' }).click()
    await walletAnswers(page, 'Approve')
    await preview.getByRole('button', { name: 'Swap' }).waitFor({ timeout: 30_000 })
    expect(await reader().readContract({ address: usdc6, abi: erc20Abi, functionName: 'allowance', args: [user, uniswapV2Router02] })).toBe(parseUnits('10', 6))
    await preview.getByRole('button', { name: 'Swap' }).click()
    await walletAnswers(page, 'Approve')

    await account.waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Swapped 10 USDC' }).count(), { timeout: 15_000 }).toBe(1)
    const [usdcAfter, daiAfter] = await Promise.all([balanceOf(usdc6, user), balanceOf(dai18, user)])
    expect(usdcAfter).toBe(usdcBefore - parseUnits('10', 6))
    const received = daiAfter - daiBefore
    // At least the minimum at the default 1 % slippage, at most the quote.
    expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(quote)
    // The Tokens list and Activity were refreshed past their caches: the new USDC balance, and the swap as a trade
    // (10 USDC out, DAI in) in Activity.
    await expect.poll(() => account.getByRole('list', { name: 'Tokens' }).innerText(), { timeout: 20_000 }).toContain('990 USDC')
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => account.getByRole('tabpanel').innerText(), { timeout: 20_000 }).toMatch(/Trade[^]*10 USDC/)
    await context.close()
  })
})
