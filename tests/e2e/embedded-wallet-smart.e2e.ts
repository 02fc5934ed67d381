/**
 * Issue 14 in Chromium: the embedded wallet's account types (EOA ↔ smart account, SPEC §4), sends from the smart
 * account as user operations through the stack's Alto bundler (deploy on first use, reuse after), the SPEC §8
 * "Failed to fetch user operation receipt - {status}" text, and Farcaster sign-in through the stack's relay and its
 * demo Farcaster app (SPEC §2 ConnectingFarcaster). Real parts only: dev chain, bundler, relay, secure site, API.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { createPublicClient, http, keccak256, toHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBundler, type Bundler } from '../../stack/bundler/index.ts'
import { startFarcasterRelay, type FarcasterRelay } from '../../stack/farcaster/index.ts'
import { connectedAddress, emailLoginOnDemoHost, secureFrameRpc, startHostStack, type HostStack } from './harness.ts'

const ACCOUNT_DEPLOYED_TOPIC = keccak256(toHex('AccountDeployed(bytes32,address,address,address)'))

let stack: HostStack
let bundler: Bundler
let relay: FarcasterRelay
let rpcUrl: string
/** In front of Alto: passes every call through, except receipts while `failReceipts` is set (HTTP 503). */
let proxy: Server
let failReceipts = false

async function startBundlerProxy(target: string): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let method = ''
      try {
        method = (JSON.parse(body) as { method?: string }).method ?? ''
      } catch {
        // Passed through as it is.
      }
      if (failReceipts && method === 'eth_getUserOperationReceipt') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('bundler unavailable')
        return
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
        () => res.writeHead(502).end(),
      )
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()))
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}

beforeAll(async () => {
  stack = await startHostStack('embedded-wallet-smart', {
    embeddedWallet: true,
    secureSiteServices: async (chains) => {
      const chain = chains.chains.find((c) => c.chainId === 31337)!
      rpcUrl = chain.rpcUrl
      const contracts = chains.deployment.chains[31337]!.contracts
      ;[bundler, relay] = await Promise.all([startBundler({ rpcUrl, entryPoint: contracts.entryPoint }), startFarcasterRelay({ rpcUrl })])
      return {
        options: {
          smartAccountChainIds: [31337],
          smartAccountContracts: { 31337: contracts },
          bundlerUrl: await startBundlerProxy(bundler.url),
          farcasterRelayUrl: relay.url,
          farcasterRpcUrl: rpcUrl,
        },
        stop: async () => {
          await Promise.allSettled([bundler.stop(), relay.stop(), new Promise<void>((resolve) => proxy.close(() => resolve()))])
        },
      }
    },
  })
}, 240_000)

afterAll(async () => {
  await stack?.stop()
})

async function openConnect(page: Page) {
  await page.goto(new URL('/?wallet=none', stack.host.url).href)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  return page.getByRole('dialog', { name: 'Connect Wallet' })
}

/** From the Account view: the action, then the SwitchAccountType view's button; back on Account with a new address. */
async function switchType(page: Page, label: 'Switch to smart account' | 'Switch to EOA', from: string): Promise<Address> {
  const account = page.getByRole('dialog', { name: 'Account' })
  if (!(await account.isVisible())) await page.getByRole('button', { name: 'Open Account' }).click()
  await account.getByRole('button', { name: label }).click()
  await page.getByRole('dialog', { name: 'Account type' }).getByRole('button', { name: label }).click()
  await account.waitFor({ timeout: 30_000 })
  return connectedAddress(page, from)
}

/** The secure site's approval panel (its own origin, over the ApproveTransaction view): Approve. */
async function approve(page: Page, name: string): Promise<void> {
  await page.getByRole('dialog', { name: 'Approve transaction' }).waitFor({ timeout: 20_000 })
  const panel = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('dialog', { name })
  await panel.waitFor({ state: 'visible', timeout: 20_000 })
  await panel.getByRole('button', { name: 'Approve' }).click()
}

/** The host's "Send transaction" (0.01 ETH to the connected address), approved in the secure site's panel. */
async function send(page: Page): Promise<{ hash?: Hex; error?: string }> {
  await page.getByRole('button', { name: 'Send transaction' }).click()
  await approve(page, 'Approve transaction')
  const hash = page.locator('output[aria-label="Transaction hash"]')
  const error = page.getByRole('alert').filter({ hasText: /./ })
  await expect.poll(async () => (await hash.count()) + (await error.count()), { timeout: 90_000 }).toBeGreaterThan(0)
  if (await hash.count()) return { hash: (await hash.textContent()) as Hex }
  return { error: (await error.first().textContent()) ?? '' }
}

describe('smart accounts in Chromium (issue 14)', () => {
  it('switch to the smart account (address differs), reload keeps it, sends deploy then reuse it, a failing user operation shows the SPEC text, switch back', async () => {
    const client = createPublicClient({ transport: http(rpcUrl) })
    const context = await stack.browser.newContext()
    const page = await context.newPage()
    const { address: eoa } = await emailLoginOnDemoHost(page, stack, `sam-${Date.now()}@example.com`)
    expect(await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Switch to EOA' }).count()).toBe(0)

    const smart = await switchType(page, 'Switch to smart account', eoa)
    expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
    expect(await client.getCode({ address: smart })).toBeUndefined() // counterfactual until the first send

    await page.reload()
    expect(await connectedAddress(page)).toBe(smart)

    // First send: one user operation that deploys the account (AccountDeployed), then a second that reuses it.
    await client.request({ method: 'anvil_setBalance' as never, params: [smart, '0x8ac7230489e80000'] as never })
    const before = await client.getBalance({ address: smart })
    const first = await send(page)
    expect(first.error).toBeUndefined()
    const r1 = await client.getTransactionReceipt({ hash: first.hash! })
    expect(r1.status).toBe('success')
    expect(r1.logs.some((l) => l.topics[0] === ACCOUNT_DEPLOYED_TOPIC)).toBe(true)
    const code = await client.getCode({ address: smart })
    expect(code && code.length > 2).toBe(true)
    const mid = await client.getBalance({ address: smart })
    expect(mid < before).toBe(true) // the account paid its own gas (the 0.01 ETH went to itself)

    const second = await send(page)
    expect(second.error).toBeUndefined()
    const r2 = await client.getTransactionReceipt({ hash: second.hash! })
    expect(r2.status).toBe('success')
    expect(r2.logs.some((l) => l.topics[0] === ACCOUNT_DEPLOYED_TOPIC)).toBe(false)
    expect(await client.getCode({ address: smart })).toBe(code)
    const after = await client.getBalance({ address: smart })
    expect(after < mid).toBe(true)
    expect(before - after < 10n ** 16n).toBe(true) // gas only: no value left the account

    // Smart sessions: an app's ERC-7715 grant (sent to the frame the way a host call would be), listed in the
    // Sessions view from GET /v1/sessions/{caip}, revoked there through the secure site's panel.
    const grant = {
      chainId: '0x7a69',
      expiry: Math.floor(Date.now() / 1000) + 3600,
      signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: '0x02aa' }] } },
      permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', start: 1, period: 86400 }, policies: [] }],
    }
    const granted = secureFrameRpc(page, stack, 'e2e-grant-1', 'wallet_grantPermissions', [grant])
    await approve(page, 'Grant permissions')
    const grantReply = await granted
    expect(grantReply.type).toBe('RPC_REQUEST_SUCCESS')
    const pci = (grantReply.payload.result as { context: string }).context
    const apiSessions = async () =>
      ((await (await fetch(`${stack.api.url}/v1/sessions/eip155:31337:${smart}?projectId=portico-e2e`)).json()) as { pcis: Array<{ pci: string }> }).pcis.map((x) => x.pci)
    expect(await apiSessions()).toEqual([pci])
    const accountDialog = page.getByRole('dialog', { name: 'Account' })
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(0)
    await page.getByRole('button', { name: 'Open Account' }).click()
    await accountDialog.getByRole('button', { name: 'Sessions' }).click()
    const sessions = page.getByRole('dialog', { name: 'Sessions' })
    const list = sessions.getByRole('list', { name: 'Active sessions' })
    await list.waitFor({ timeout: 20_000 })
    expect(await list.getByRole('listitem').count()).toBe(1)
    expect(await list.textContent()).toContain('native-token-recurring-allowance')
    await list.getByRole('button', { name: 'Revoke' }).click()
    await approve(page, 'Revoke permissions')
    await page.getByRole('dialog', { name: 'Sessions' }).getByText('No active sessions').waitFor({ timeout: 30_000 })
    expect(await apiSessions()).toEqual([])
    await page.getByRole('dialog', { name: 'Sessions' }).press('Escape')

    // The bundler answers 503 to receipt polls: the send fails with the SPEC §8 text and the modal stays usable.
    failReceipts = true
    const failed = await send(page)
    failReceipts = false
    expect(failed.hash).toBeUndefined()
    expect(failed.error).toBe('Failed to fetch user operation receipt - 503')

    // Back to the EOA (the choice is the secure site's and the modal's SPEC §3 key).
    expect(await switchType(page, 'Switch to EOA', smart)).toBe(eoa)
    expect(await page.evaluate(() => localStorage.getItem('@portico/preferred_account_types'))).toBe(JSON.stringify({ eip155: 'eoa' }))
    await context.close()
  })
})

describe('Farcaster sign-in in Chromium (issue 14)', () => {
  it('ConnectingFarcaster shows the URL; the demo Farcaster app signs in as @alice; the modal connects as alice', async () => {
    const context = await stack.browser.newContext()
    const page = await context.newPage()
    const dialog = await openConnect(page)
    await dialog.getByRole('button', { name: 'Continue with Farcaster' }).click()
    const view = page.getByRole('dialog', { name: 'Farcaster' })
    const link = view.getByRole('link', { name: 'Open in Farcaster' })
    await link.waitFor({ timeout: 30_000 })
    expect(await view.getByRole('img', { name: 'Farcaster sign-in QR code' }).count()).toBe(1)
    const url = (await link.getAttribute('href'))!
    expect(url.startsWith(relay.url)).toBe(true)

    const app = await context.newPage()
    await app.goto(url)
    await app.getByRole('button', { name: /Sign in as @alice/ }).click()

    await page.getByRole('dialog', { name: 'Account' }).waitFor({ timeout: 60_000 })
    await connectedAddress(page)
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Wallets' }).click()
    await expect.poll(() => page.getByRole('dialog').getByText('alice', { exact: true }).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await context.close()
  })

  it('leaving ConnectingFarcaster while disconnected clears the URL: coming back shows a new one', async () => {
    const context = await stack.browser.newContext()
    const page = await context.newPage()
    const dialog = await openConnect(page)
    await dialog.getByRole('button', { name: 'Continue with Farcaster' }).click()
    const link = page.getByRole('dialog', { name: 'Farcaster' }).getByRole('link', { name: 'Open in Farcaster' })
    await link.waitFor({ timeout: 30_000 })
    const first = await link.getAttribute('href')
    await page.getByRole('dialog', { name: 'Farcaster' }).getByRole('button', { name: 'Back' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await connect.waitFor()
    await connect.getByRole('button', { name: 'Continue with Farcaster' }).click()
    await link.waitFor({ timeout: 30_000 })
    const second = await link.getAttribute('href')
    expect(second).not.toBe(first)
    await context.close()
  })
})
