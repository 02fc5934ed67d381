/**
 * Issue 29 part 1 in Chromium: the embedded wallet's smart account with sponsored gas. The secure site asks the
 * stack's ERC-7677 sponsor service (its dev policy for the host's project) to pay: a user with 0 ETH approves a
 * USDC allowance from the demo host, the panel says "Gas paid by Portico demo" (the host's metadata name), and the
 * user operation lands on the dev chain with the account still at 0 ETH. A call outside the policy shows the
 * sponsor's refusal in the panel, where the user can still approve or reject. A wallet_sendCalls whose EIP-5792
 * paymasterService capability names another project's URL is paid by that project. Real parts only: dev chain, Alto
 * bundler, sponsor service, secure site, API, mail sink.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, http, maxUint256, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePolicies, type Sponsor } from '../../stack/sponsor/index.ts'
import { connectedAddress, emailLoginOnDemoHost, secureFrameRpc, startHostStack, type HostStack } from './harness.ts'

const PROJECT = 'portico-e2e'
/** A dapp's own paymaster project, named by wallet_sendCalls' paymasterService capability: DAI only. */
const DAPP_PROJECT = 'dapp-paymaster'
const SPENDER: Address = '0x000000000000000000000000000000000000bEEF'
const OUTSIDE: Address = '0x000000000000000000000000000000000000dEaD'

let stack: HostStack
let sponsor: Sponsor
let rpcUrl: string
let usdc: Address
let dai: Address

beforeAll(async () => {
  stack = await startHostStack('embedded-wallet-sponsored', {
    projectId: PROJECT,
    embeddedWallet: true,
    sponsoredGas: {
      policies: (contracts) => parsePolicies({ projects: { [DAPP_PROJECT]: { name: 'Dapp Paymaster', contracts: [{ address: contracts.dai18, methods: '*' }], perUserGasPerDay: '5000000', perProjectGasPerDay: '50000000' } } }),
    },
  })
  ;({ sponsor, rpcUrl } = stack.gas!)
  const contracts = stack.chains.deployment.chains[31337]!.contracts
  usdc = contracts.usdc6
  dai = contracts.dai18
}, 240_000)

afterAll(async () => {
  await stack?.stop()
})

/** Email login on the demo host, then the Account view's switch to the smart account; answers its address. */
async function smartAccountUser(page: Page, email: string): Promise<Address> {
  const { account, address: eoa } = await emailLoginOnDemoHost(page, stack, email)
  await account.getByRole('button', { name: 'Switch to smart account' }).click()
  await page.getByRole('dialog', { name: 'Account type' }).getByRole('button', { name: 'Switch to smart account' }).click()
  await account.waitFor({ timeout: 30_000 })
  const smart = await connectedAddress(page, eoa)
  await account.press('Escape')
  return smart
}

const frameRpc = (page: Page, id: string, method: string, params: unknown) => secureFrameRpc(page, stack, id, method, params)

/** The secure site's approval panel over the host's ApproveTransaction view, and its Gas row's text. */
async function panel(page: Page) {
  await page.getByRole('dialog', { name: 'Approve transaction' }).waitFor({ timeout: 20_000 })
  const dialog = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('dialog', { name: 'Approve transaction' })
  await dialog.waitFor({ state: 'visible', timeout: 20_000 })
  return dialog
}

describe('sponsored gas in Chromium (issue 29)', () => {
  it('a 0-ETH smart account approves USDC from the demo host: "Gas paid by Portico demo", the operation lands, the balance stays 0; outside the policy the user is told; a wallet_sendCalls paymasterService URL is honoured', async () => {
    const client = createPublicClient({ transport: http(rpcUrl) })
    const context = await stack.browser.newContext()
    const page = await context.newPage()
    const smart = await smartAccountUser(page, `gasless-${Date.now()}@example.com`)
    expect(await client.getBalance({ address: smart })).toBe(0n)

    // EIP-5792: the smart account reports the ERC-7677 paymaster service.
    const caps = await frameRpc(page, 'e2e-caps', 'wallet_getCapabilities', [smart, ['0x7a69']])
    expect(caps.payload.result).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })

    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    const sent = frameRpc(page, 'e2e-sponsored', 'eth_sendTransaction', [{ from: smart, to: usdc, data }])
    const dialog = await panel(page)
    await dialog.getByText('Gas paid by Portico demo', { exact: true }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    const reply = await sent
    expect(reply.type).toBe('RPC_REQUEST_SUCCESS')
    const receipt = await client.getTransactionReceipt({ hash: reply.payload.result as Hex })
    expect(receipt.status).toBe('success')
    expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [smart, SPENDER] })).toBe(maxUint256)
    expect((await client.getCode({ address: smart }))?.length).toBeGreaterThan(2) // deployed by the sponsored operation
    expect(await client.getBalance({ address: smart })).toBe(0n)
    expect(sponsor.gasUsedToday(PROJECT, smart) > 0n).toBe(true)

    // Outside the policy: the panel says the user pays and why; Approve still becomes available, Reject answers 4001.
    const refused = frameRpc(page, 'e2e-outside', 'eth_sendTransaction', [{ from: smart, to: OUTSIDE, value: '0x0' }])
    const second = await panel(page)
    const warning = second.getByText(/^You pay the gas: the sponsor declined this transaction \(calls to 0x000000000000000000000000000000000000dEaD are not sponsored: the policy sponsors calls to /)
    await warning.waitFor({ timeout: 20_000 })
    expect(await second.getByText('Gas paid by Portico demo').count()).toBe(0)
    await expect.poll(() => second.getByRole('button', { name: 'Approve' }).isEnabled(), { timeout: 20_000 }).toBe(true)
    await second.getByRole('button', { name: 'Reject' }).click()
    const rejected = await refused
    expect(rejected.type).toBe('RPC_REQUEST_ERROR')
    expect(rejected.payload.code).toBe(4001)
    expect(await client.getBalance({ address: smart })).toBe(0n)

    // EIP-5792 wallet_sendCalls with an ERC-7677 paymasterService capability: the wallet calls the dapp's URL.
    const calls = [{ to: dai, data }]
    const batch = frameRpc(page, 'e2e-batch', 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', from: smart, atomicRequired: true, calls, capabilities: { paymasterService: { url: `${sponsor.url}/${DAPP_PROJECT}` } } },
    ])
    const third = await panel(page)
    await third.getByText('Gas paid by Portico demo', { exact: true }).waitFor({ timeout: 20_000 })
    await third.getByRole('button', { name: 'Approve' }).click()
    const batchReply = await batch
    expect(batchReply.type).toBe('RPC_REQUEST_SUCCESS')
    const id = (batchReply.payload.result as { id: string }).id
    await expect
      .poll(async () => ((await frameRpc(page, `e2e-status-${Date.now()}`, 'wallet_getCallsStatus', [id])).payload.result as { status?: number } | undefined)?.status, { timeout: 60_000, interval: 500 })
      .toBe(200)
    expect(await client.readContract({ address: dai, abi: erc20Abi, functionName: 'allowance', args: [smart, SPENDER] })).toBe(maxUint256)
    expect(sponsor.gasUsedToday(DAPP_PROJECT, smart) > 0n).toBe(true)
    expect(await client.getBalance({ address: smart })).toBe(0n)
    await context.close()
  })
})
