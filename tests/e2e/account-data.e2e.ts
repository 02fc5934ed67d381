import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { startApiServer, type ApiServer } from '../../stack/api/index.ts'
import { countingRpcProxy, tempDataDir } from '../../stack/api/api-test-client.ts'
import { startDemoHost, type DemoHost } from '../../demo/server.ts'
import { launchChromium } from './browser.ts'

const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PROJECT = 'portico-e2e'

let chains: DevChains
let api: ApiServer
let proxies: Array<Awaited<ReturnType<typeof countingRpcProxy>>> = []
let host: DemoHost
let browser: Browser
const data = tempDataDir('e2e-account')

beforeAll(async () => {
  chains = await startDevChains()
  proxies = await Promise.all(chains.chains.map((c) => countingRpcProxy(c.rpcUrl)))
  api = await startApiServer({
    dataDir: data.dir,
    // The API server reads the chains through the counting proxies; the page talks to the chains directly.
    chains: chains.chains.map((c, i) => ({ ...c, rpcUrl: proxies[i]!.url })),
    deployment: chains.deployment,
    // Indexed on demand, so no poll runs while requests are counted.
    indexIntervalMs: 600_000,
  })
  host = await startDemoHost({
    mode: 'static',
    distDir: inject('demoHostDist'),
    config: { projectId: PROJECT, chains: chains.chains, apiUrl: api.url },
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await api?.stop()
  await Promise.all(proxies.map((p) => p.close()))
  await chains?.stop()
  data.remove()
})

/** Requests the page sends to the API server, by path. */
function recordApiRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(api.url)) seen.push(r)
  })
  return seen
}
/** How many of the page's requests are still under way (sent, neither finished nor failed). */
function inflight(page: Page): () => number {
  const open = new Set<Request>()
  page.on('request', (r) => open.add(r))
  page.on('requestfinished', (r) => open.delete(r))
  page.on('requestfailed', (r) => open.delete(r))
  return () => open.size
}

const countPath = (requests: Request[], test: (path: string) => boolean) => requests.filter((r) => test(new URL(r.url()).pathname)).length

async function openHost(context: BrowserContext, query = ''): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${host.url}${query}`)
  return page
}

async function connect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  await page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor()
}

describe('Account data end to end (demo host, dev wallet, local chains, API server)', () => {
  it('a connected dev wallet sees its ERC-20s (not ZERO), its NFTs and its transfers by month, in one round trip per source', async () => {
    // A transfer made on the chain now: account 0 sends 12.345678 USDC to account 1.
    const chain = chains.chains[0]!
    const usdc = chains.deployment.chains[chain.chainId]!.contracts.usdc6 as Address
    const wallet = createWalletClient({ account: ACCOUNT0, transport: http(chain.rpcUrl) })
    const hash = await wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT1, parseUnits('12.345678', 6)], chain: null })
    // The month the transfer was mined in (not the month the test runs in: the two differ across a month's end).
    const reader = createPublicClient({ transport: http(chain.rpcUrl) })
    const receipt = await reader.waitForTransactionReceipt({ hash })
    const minedAtMs = Number((await reader.getBlock({ blockNumber: receipt.blockNumber })).timestamp) * 1000
    await api.indexNow()
    const ethCallsBefore = proxies[0]!.methods.filter((m) => m === 'eth_call').length

    const context = await browser.newContext()
    const page = await openHost(context)
    const requests = recordApiRequests(page)
    const pending = inflight(page)
    const chainRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(chain.rpcUrl) && r.method() === 'POST') chainRequests.push((r.postDataJSON() as { method: string }).method)
    })
    await connect(page)
    const account = page.getByRole('dialog', { name: 'Account' })

    // Identity: the seeded name replaces the address.
    await expect.poll(() => account.innerText()).toContain('alice.portico')
    // Tokens (the default tab): USDC and DAI with 3 decimals and values; ZERO (0 decimals) is dropped.
    const tokens = account.getByRole('list', { name: 'Tokens' })
    await expect.poll(() => tokens.innerText(), { timeout: 15_000 }).toContain('987.654 USDC')
    const tokenText = await tokens.innerText()
    expect(tokenText).toContain('250.5 DAI')
    expect(tokenText).toContain('$987.65')
    expect(tokenText).not.toContain('ZERO')
    expect(tokenText).not.toContain('SPAM')

    // One round trip per data source: supported chains, balance (one multicall on the chain), identity, native balance.
    // Counted once each request has been seen and the page's network is idle (no late duplicate can slip past).
    await expect.poll(() => chainRequests.includes('eth_getBalance'), { timeout: 15_000 }).toBe(true)
    await expect.poll(pending, { timeout: 15_000 }).toBe(0)
    expect(countPath(requests, (p) => p === '/v1/supported-chains')).toBe(1)
    expect(countPath(requests, (p) => p.endsWith('/balance'))).toBe(1)
    expect(countPath(requests, (p) => p.startsWith('/v1/identity/'))).toBe(1)
    expect(countPath(requests, (p) => p.endsWith('/history'))).toBe(0)
    expect(proxies[0]!.methods.filter((m) => m === 'eth_call').length - ethCallsBefore).toBe(1)
    expect(chainRequests.filter((m) => m === 'eth_getBalance')).toHaveLength(1)
    console.info(
      `[account-data] requests after opening Account: api ${JSON.stringify(requests.map((r) => new URL(r.url()).pathname).filter((p) => !p.startsWith('/public/')))}, ` +
        `chain rpc from the page ${JSON.stringify(chainRequests)}, api server eth_call ${proxies[0]!.methods.filter((m) => m === 'eth_call').length - ethCallsBefore}`,
    )

    // Activity: the transfer under this month's heading; the spam airdrop is not listed.
    await account.getByRole('tab', { name: 'Activity' }).click()
    // The heading as the page names that month (in the browser's own time zone).
    const month = await page.evaluate((ms) => new Date(ms).toLocaleString('en-US', { month: 'long', year: 'numeric' }), minedAtMs)
    const monthSection = account.getByRole('region', { name: month })
    await expect.poll(() => monthSection.innerText(), { timeout: 15_000 }).toContain('12.345 USDC')
    const activity = await account.getByRole('tabpanel').innerText()
    expect(activity).not.toContain('SPAM')
    // The seeded balances arrived as mints: listed, with their 3-decimal quantities.
    expect(activity).toContain('Mint')
    expect(activity).toContain('1,000 USDC')

    // NFTs: Portico Punks 1-3, read from the same history page (no second history request).
    await account.getByRole('tab', { name: 'NFTs' }).click()
    const nfts = account.getByRole('list', { name: 'NFTs' })
    await expect.poll(() => nfts.innerText()).toContain('#3')
    for (const id of [1, 2, 3]) expect(await nfts.innerText()).toMatch(new RegExp(`Portico Punks.*#${id}`))
    await expect.poll(pending, { timeout: 15_000 }).toBe(0)
    expect(countPath(requests, (p) => p.endsWith('/history'))).toBe(1)
    await context.close()
  })

  it('AllWallets: search finds a wallet by name; scrolling pages on to the 300th listing', async () => {
    const context = await browser.newContext()
    // Every namespace requested, so the namespace filter keeps the whole registry.
    const page = await openHost(context, '?namespaces=eip155,solana,bip122,cosmos,polkadot')
    const requests = recordApiRequests(page)
    const pending = inflight(page)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // The entry says how many wallets the registry holds, rounded down to tens ("300+").
    const reply = await fetch(`${api.url}/getWallets?page=1&entries=1&projectId=${PROJECT}`)
    const { count } = (await reply.json()) as { count: number }
    expect(count).toBeGreaterThan(10)
    const entry = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'All Wallets' })
    await expect.poll(() => entry.getAttribute('aria-label'), { timeout: 15_000 }).toBe(`All Wallets, ${(Math.floor(count / 10) * 10).toLocaleString('en')}+`)
    await entry.click()
    const dialog = page.getByRole('dialog', { name: 'All Wallets' })
    const list = dialog.getByRole('list', { name: 'All Wallets' })
    await list.waitFor()

    const search = dialog.getByRole('searchbox', { name: 'Search wallet' })
    await search.fill('raven vault')
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1)
    expect(await list.getByRole('button', { name: 'Raven Vault' }).count()).toBe(1)
    expect(countPath(requests, (p) => p === '/getWallets') - 1).toBeGreaterThanOrEqual(1)
    expect(requests.some((r) => new URL(r.url()).searchParams.get('search') === 'raven vault')).toBe(true)
    await search.fill('')
    await expect.poll(() => list.getByRole('listitem').first().getAttribute('aria-setsize')).not.toBe('1')

    // The 300th listing in registry order (the installed dev wallet moves to the front; both are in the first two).
    const res = await fetch(`${api.url}/getWallets?page=8&entries=40&projectId=${PROJECT}`)
    const expected = ((await res.json()) as { data: Array<{ name: string }> }).data[299 - 280]!.name
    const row300 = list.locator('[aria-posinset="300"]')
    // Scroll to the end until the row is rendered: each scroll asks for the next page; polled with a generous deadline.
    await expect
      .poll(
        async () => {
          await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
          return row300.count()
        },
        { timeout: 60_000 },
      )
      .toBe(1)
    await expect.poll(() => row300.innerText()).toContain(expected)
    expect(await row300.getAttribute('aria-setsize')).toBe('302')
    // Windowed: only a screenful of rows is in the DOM.
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(16)
    await expect.poll(pending, { timeout: 15_000 }).toBe(0)
    const pages = requests.filter((r) => new URL(r.url()).pathname === '/getWallets' && !new URL(r.url()).searchParams.get('search'))
    const pageNumbers = pages.map((r) => new URL(r.url()).searchParams.get('page'))
    expect(pageNumbers).toEqual(expect.arrayContaining(['1', '2', '3', '4', '5', '6', '7', '8']))
    expect(new Set(pages.filter((r) => new URL(r.url()).searchParams.get('entries') === '40').map((r) => r.url())).size).toBe(8)
    await context.close()
  })
})
