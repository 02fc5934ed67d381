import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { startRelay, type Relay } from '../../stack/relay/index.ts'
import { startDemoHost, startDemoWallet, type DemoHost } from '../../demo/server.ts'
import { launchChromium } from './browser.ts'

const ACCOUNT0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TRUNCATED = '0xf3…b92266'
const MESSAGE = 'Hello from Portico'

let chains: DevChains
let relay: Relay
let wallet: DemoHost
let host: DemoHost
let browser: Browser

beforeAll(async () => {
  ;[chains, relay] = await Promise.all([startDevChains(), startRelay()])
  const config = { projectId: 'portico-e2e', chains: chains.chains, relayUrl: relay.url }
  wallet = await startDemoWallet({ mode: 'static', distDir: inject('demoWalletDist'), config })
  host = await startDemoHost({ mode: 'static', distDir: inject('demoHostDist'), config: { ...config, walletUrl: wallet.url } })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await wallet?.stop()
  await relay?.stop()
  await chains?.stop()
})

/** Clicks the host's "Sign message", approves it in the wallet and answers the signature the host shows. */
async function signThroughWallet(hostPage: Page, walletPage: Page): Promise<Hex> {
  await hostPage.getByRole('button', { name: 'Sign message' }).click()
  const request = walletPage.getByRole('article', { name: /^personal_sign request from Portico demo/ })
  await request.getByRole('button', { name: 'Approve' }).click()
  const output = hostPage.getByRole('status', { name: 'Signature' })
  await output.waitFor()
  return (await output.innerText()) as Hex
}

describe('WalletConnect end to end (demo host, demo wallet on WalletKit, local relay and chains)', () => {
  it('SPEC §4 pairs by URI, signs, restores after a reload, survives a relay restart, and ends on a wallet disconnect', async () => {
    const t0 = Date.now()
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin })
    console.log('T', Date.now() - t0, "await context.grantPermissions(['clipboard-read', ")
    const hostPage = await context.newPage()
    const walletPage = await context.newPage()
    for (const [name, pg] of [['host', hostPage], ['wallet', walletPage]] as const) {
      pg.on('console', (m) => console.log('C', name, Date.now() - t0, m.type(), m.text().slice(0, 200)))
      pg.on('request', (r) => console.log('R', name, Date.now() - t0, r.method(), r.url().slice(0, 120)))
      pg.on('requestfinished', (r) => console.log('F', name, Date.now() - t0, r.url().slice(0, 120)))
      pg.on('requestfailed', (r) => console.log('X', name, Date.now() - t0, r.url().slice(0, 120), r.failure()?.errorText))
    }
    await hostPage.goto(`${host.url}?wallet=none`)
    console.log('T', Date.now() - t0, 'await hostPage.goto(`${host.url}?wallet=none`)')
    await walletPage.goto(wallet.url)
    console.log('T', Date.now() - t0, 'await walletPage.goto(wallet.url)')
    await walletPage.getByText('Ready.', { exact: false }).waitFor()
    console.log('T', Date.now() - t0, "await walletPage.getByText('Ready.', { exact: fals")

    // Host: Connect Wallet -> WalletConnect; the pairing view shows the QR code and "Copy link".
    console.log('T', Date.now() % 100000, '// Host: Connect Wallet -> WalletConnect')
    await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
    console.log('T', Date.now() - t0, "await hostPage.getByRole('button', { name: 'Connec")
    const connect = hostPage.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => connect.getByRole('button', { name: /^Portico Demo Wallet/ }).count()).toBe(1)
    console.log('T', Date.now() - t0, "await expect.poll(() => connect.getByRole('button'")
    await connect.getByRole('button', { name: /^WalletConnect/ }).click()
    console.log('T', Date.now() - t0, "await connect.getByRole('button', { name: /^Wallet")
    const pairing = hostPage.getByRole('dialog', { name: 'WalletConnect' })
    const qr = pairing.getByRole('img', { name: 'WalletConnect QR code' })
    await qr.waitFor()
    console.log('T', Date.now() - t0, 'await qr.waitFor()')
    const uri = (await qr.getAttribute('aria-description')) ?? ''
    console.log('T', Date.now() - t0, "const uri = (await qr.getAttribute('aria-descripti")
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    console.log('T', Date.now() - t0, 'expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\\?/)')
    await pairing.getByRole('button', { name: 'Copy link' }).click()
    console.log('T', Date.now() - t0, "await pairing.getByRole('button', { name: 'Copy li")
    expect(await hostPage.evaluate(() => navigator.clipboard.readText())).toBe(uri)
    console.log('T', Date.now() - t0, 'expect(await hostPage.evaluate(() => navigator.cli')

    // Wallet: paste the URI, Connect, approve the proposal.
    console.log('T', Date.now() % 100000, '// Wallet: paste the URI, Connect, appro')
    await walletPage.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    console.log('T', Date.now() - t0, "await walletPage.getByRole('textbox', { name: 'Wal")
    await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
    console.log('T', Date.now() - t0, "await walletPage.getByRole('button', { name: 'Conn")
    await walletPage.getByRole('article', { name: /^Proposal from Portico demo/ }).getByRole('button', { name: 'Approve' }).click()
    console.log('T', Date.now() - t0, "await walletPage.getByRole('article', { name: /^Pr")

    // Host: the Account view shows the wallet's account.
    console.log('T', Date.now() % 100000, '// Host: the Account view shows the wall')
    const account = hostPage.getByRole('dialog', { name: 'Account' })
    await account.waitFor()
    console.log('T', Date.now() - t0, 'await account.waitFor()')
    await expect.poll(() => account.innerText()).toContain(TRUNCATED)
    console.log('T', Date.now() - t0, 'await expect.poll(() => account.innerText()).toCon')
    await account.getByRole('button', { name: 'Close' }).click()
    console.log('T', Date.now() - t0, "await account.getByRole('button', { name: 'Close' ")
    await expect.poll(() => account.count()).toBe(0)
    console.log('T', Date.now() - t0, 'await expect.poll(() => account.count()).toBe(0)')

    // A personal_sign request goes through the relay to the wallet and back.
    console.log('T', Date.now() % 100000, '// A personal_sign request goes through ')
    const first = await signThroughWallet(hostPage, walletPage)
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: first })).toBe(true)
    console.log('T', Date.now() - t0, 'expect(await verifyMessage({ address: ACCOUNT0, me')

    // After a reload the session is restored from storage, with no new pairing.
    console.log('T', Date.now() % 100000, '// After a reload the session is restore')
    await hostPage.reload()
    console.log('T', Date.now() - t0, 'await hostPage.reload()')
    await expect.poll(() => hostPage.getByText(`Connected ${ACCOUNT0}`, { exact: false }).count()).toBe(1)
    console.log('T', Date.now() - t0, 'await expect.poll(() => hostPage.getByText(`Connec')

    // The relay restarts mid-session: both clients reconnect by themselves and a second request completes.
    console.log('T', Date.now() % 100000, '// The relay restarts mid-session: both ')
    await relay.restart()
    console.log('T', Date.now() - t0, 'await relay.restart()')
    await expect.poll(() => relay.stats().connections, { timeout: 10_000 }).toBe(2)
    console.log('T', Date.now() - t0, 'await expect.poll(() => relay.stats().connections,')
    const second = await signThroughWallet(hostPage, walletPage)
    expect(await verifyMessage({ address: ACCOUNT0, message: MESSAGE, signature: second })).toBe(true)
    console.log('T', Date.now() - t0, 'expect(await verifyMessage({ address: ACCOUNT0, me')

    // The wallet ends the session: the host is disconnected (SPEC §4 session delete).
    console.log('T', Date.now() % 100000, '// The wallet ends the session: the host')
    await walletPage.getByRole('button', { name: 'Disconnect' }).click()
    console.log('T', Date.now() - t0, "await walletPage.getByRole('button', { name: 'Disc")
    await expect.poll(() => hostPage.getByText('Not connected').count()).toBe(1)
    console.log('T', Date.now() - t0, "await expect.poll(() => hostPage.getByText('Not co")
    await hostPage.getByRole('button', { name: 'Connect Wallet' }).click()
    console.log('T', Date.now() - t0, "await hostPage.getByRole('button', { name: 'Connec")
    await hostPage.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    console.log('T', Date.now() - t0, "await hostPage.getByRole('dialog', { name: 'Connec")
    await context.close()
    console.log('T', Date.now() - t0, 'await context.close()')
  })
})
