/**
 * Issue 29 part 2 in Chromium: the demo host's embedded wallet upgrades its EOA with EIP-7702 through the secure
 * site's panel ("Upgrade account"), sends a sponsored atomic batch (the ERC-7677 sponsor pays, the user's ETH does not
 * move), is refused an authorization for another chain before any panel, and revokes ("Revoke account upgrade").
 * Real parts only: the Prague dev chain with the seeded delegate, Alto, the sponsor service, the secure site, the API.
 * Requests go to the secure frame from the host page, as the plugin's provider sends them.
 */
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, toHex, zeroAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailLoginOnDemoHost, secureFrameRpc, startHostStack, type HostStack } from './harness.ts'

let stack: HostStack
let rpcUrl: string

beforeAll(async () => {
  stack = await startHostStack('embedded-wallet-7702', {
    embeddedWallet: true,
    sponsoredGas: {
      // Sponsored by the smart account's rule: <sponsorUrl>/portico-e2e (the host names no paymasterUrl).
      secureSite: (contracts) => ({ eip7702: { delegates: { 31337: contracts.porticoDelegate } } }),
    },
  })
  rpcUrl = stack.gas!.rpcUrl
}, 240_000)

afterAll(async () => {
  await stack?.stop()
})

async function emailLogin(page: Page, email: string): Promise<Address> {
  return (await emailLoginOnDemoHost(page, stack, email)).address
}

const frameRpc = (page: Page, id: string, method: string, params: unknown) => secureFrameRpc(page, stack, id, method, params)

/** The secure site's panel over the host's ApproveTransaction view: checks a row, then Approve. */
async function approve(page: Page, title: string, mustShow: RegExp): Promise<void> {
  await page.getByRole('dialog', { name: 'Approve transaction' }).waitFor({ timeout: 20_000 })
  const panel = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('dialog', { name: title })
  await panel.waitFor({ state: 'visible', timeout: 20_000 })
  await expect.poll(() => panel.getByText(mustShow).count(), { timeout: 10_000 }).toBeGreaterThan(0)
  await panel.getByRole('button', { name: 'Approve' }).click()
}

describe('EIP-7702 for the embedded wallet in Chromium (issue 29 part 2)', () => {
  it('upgrade through the panel, a sponsored atomic batch, another chain refused before any panel, revoke', async () => {
    const client = createPublicClient({ transport: http(rpcUrl) })
    const contracts = stack.chains.deployment.chains[31337]!.contracts
    const page = await (await stack.browser.newContext()).newPage()
    const eoa = await emailLogin(page, `eip7702-${Date.now()}@example.com`)
    await client.request({ method: 'anvil_setBalance' as never, params: [eoa, '0x0'] as never })

    // Upgrade with 0 ETH: the panel explains delegation and names the delegate; the demo sponsor pays the upgrade.
    const upgraded = frameRpc(page, 'e2e-7702-up', 'portico_setDelegation', [{ chainId: '0x7a69', address: contracts.porticoDelegate }])
    await approve(page, 'Upgrade account', /Portico Delegate/)
    expect(await upgraded).toMatchObject({ type: 'RPC_REQUEST_SUCCESS', payload: { result: { sponsored: true, delegate: contracts.porticoDelegate } } })
    expect(((await client.getCode({ address: eoa })) ?? '').toLowerCase()).toBe(`0xef0100${contracts.porticoDelegate.slice(2).toLowerCase()}`)
    expect(await client.getBalance({ address: eoa })).toBe(0n)

    // A sponsored batch of two calls in one operation: the user's ETH does not move.
    const eth = await client.getBalance({ address: eoa })
    const zeroTransfer = (to: Address) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 0n] })
    const batch = frameRpc(page, 'e2e-7702-batch', 'wallet_sendCalls', [
      { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: contracts.usdc6, data: zeroTransfer(eoa) }, { to: contracts.dai18, data: zeroTransfer(eoa) }] },
    ])
    await approve(page, 'Approve transaction', /2 calls in one operation/)
    const sent = await batch
    expect(sent.type).toBe('RPC_REQUEST_SUCCESS')
    const id = (sent.payload.result as { id: string }).id
    let n = 0
    await expect
      .poll(async () => ((await frameRpc(page, `e2e-7702-status-${n++}`, 'wallet_getCallsStatus', [id])).payload.result as { status?: number } | undefined)?.status, { timeout: 60_000 })
      .toBe(200)
    expect(await client.getBalance({ address: eoa })).toBe(eth)

    // Another chain: refused by the frame before any panel.
    const other = await frameRpc(page, 'e2e-7702-other', 'portico_setDelegation', [{ chainId: '0x7a6a', address: contracts.porticoDelegate }])
    expect(other).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { code: 4902 } })
    expect(other.payload.message).toMatch(/^The authorization is for chain 31338, but the session is on chain 31337/)

    // Revoke: the code is cleared. The user pays it (a revoke is never sponsored).
    await client.request({ method: 'anvil_setBalance' as never, params: [eoa, toHex(parseEther('1'))] as never })
    const revoked = frameRpc(page, 'e2e-7702-revoke', 'portico_setDelegation', [{ chainId: '0x7a69', address: zeroAddress }])
    await approve(page, 'Revoke account upgrade', /code is cleared/)
    expect((await revoked).type).toBe('RPC_REQUEST_SUCCESS')
    expect(await client.getCode({ address: eoa })).toBeUndefined()
  }, 240_000)
})
