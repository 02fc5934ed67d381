/**
 * Issue 28 part 1: passkeys end to end in Chromium with a CDP virtual authenticator (WebAuthn domain: ctap2, internal
 * transport, resident keys, user verification). The secure site is reached at `http://localhost:<port>` (its RP id,
 * `localhost`; browsers refuse IP addresses), the demo host at 127.0.0.1, so the ceremony runs in a cross-site
 * iframe on the secure origin. An email login, then "Add a passkey" in Account (the frame's own panel, clicked in
 * the frame), sign out, "Continue with a passkey" alone reaches the same wallet, and a message it signs is verified
 * on the local chain.
 */
import { createServer } from 'node:net'
import type { CDPSession, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectedAddress, emailLoginOnDemoHost, startHostStack, type HostStack } from './harness.ts'

let stack: HostStack

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  const port = await freePort()
  stack = await startHostStack('passkeys', {
    embeddedWallet: true,
    // The secure site's own port and public URL with a domain name: the passkeys' relying party.
    secureSiteServices: async () => ({ options: { port, publicUrl: `http://localhost:${port}` }, stop: async () => {} }),
  })
}, 180_000)

afterAll(async () => {
  await stack?.stop()
})

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

describe('passkeys in Chromium (issue 28)', () => {
  it('adds a passkey after an email login, logs in with it alone after signing out, and signs a message verified on the local chain', async () => {
    expect(new URL(stack.embedded!.secureSite.url).hostname).toBe('localhost')
    const context = await stack.browser.newContext()
    const page = await context.newPage()
    const { cdp, authenticatorId } = await virtualAuthenticator(page)
    const email = `pk-${Date.now()}@example.com`

    // Email login first (a passkey is added to an account that exists).
    const { account, address } = await emailLoginOnDemoHost(page, stack, email)

    // Account → Add a passkey → Passkeys → Add a passkey: the secure site's panel, clicked inside its frame.
    await account.getByRole('button', { name: 'Add a passkey' }).click()
    const passkeys = page.getByRole('dialog', { name: 'Passkeys' })
    await passkeys.getByText('No passkeys yet. Add one to log in without an email or a code.').waitFor({ timeout: 30_000 })
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByRole('dialog', { name: 'Approve transaction' }).waitFor({ timeout: 20_000 })
    const panel = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('dialog', { name: 'Create a passkey' })
    await panel.waitFor({ state: 'visible', timeout: 20_000 })
    await panel.getByRole('button', { name: 'Create passkey' }).click()
    const row = page.getByRole('dialog', { name: 'Passkeys' }).getByRole('listitem', { name: 'Passkey 1' })
    await row.waitFor({ timeout: 30_000 })
    // The real view's row: its two lines start at the row's start edge (they were centred), Remove at its end.
    const layout = await row.evaluate((li) => {
      const [label, detail] = [...li.querySelectorAll('p')]
      const button = li.querySelector('button')!
      const box = (e: Element) => e.getBoundingClientRect()
      return { align: getComputedStyle(label!).textAlign, labelLeft: box(label!).left, detailLeft: box(detail!).left, rowLeft: box(li).left, buttonRight: box(button).right, rowRight: box(li).right }
    })
    expect(layout.align).not.toBe('center')
    expect(layout.labelLeft).toBe(layout.rowLeft)
    expect(layout.detailLeft).toBe(layout.rowLeft)
    expect(layout.buttonRight).toBe(layout.rowRight)
    // The authenticator holds one resident credential for the secure site's RP id.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })
    const stored = Object.values((await stack.embedded!.secureSite.exportState()).passkeys ?? {})
    expect(stored.map((p) => p.id)).toEqual([credentials[0]!.credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')])

    // Sign out, then log in with the passkey alone: no email typed.
    await page.getByRole('dialog', { name: 'Passkeys' }).press('Escape')
    await page.getByRole('button', { name: 'Open Account' }).click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    const again = page.getByRole('dialog', { name: 'Connect Wallet' })
    await again.waitFor({ timeout: 20_000 })
    await page.getByText(/^Connected 0x/).waitFor({ state: 'detached', timeout: 20_000 })
    await again.getByRole('button', { name: 'Continue with a passkey' }).click()
    // A refusal would show as an alert in Connect: fail with its text rather than a time-out.
    const alert = again.getByRole('alert')
    await page.getByRole('dialog', { name: 'Account' }).or(alert).first().waitFor({ timeout: 30_000 })
    expect((await alert.count()) ? await alert.textContent() : 'logged in').toBe('logged in')
    expect(await connectedAddress(page)).toBe(address)
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0)
    await page.getByRole('dialog', { name: 'Account' }).press('Escape')

    // The passkey session signs: approved in the secure site's panel, verified against the local chain.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await page.getByRole('dialog', { name: 'Approve transaction' }).waitFor({ timeout: 20_000 })
    const signPanel = page.frameLocator('iframe[data-portico-secure-frame]').getByRole('dialog', { name: 'Sign message' })
    await signPanel.getByRole('button', { name: 'Approve' }).click()
    const signature = (await page.locator('output[aria-label="Signature"]').textContent({ timeout: 30_000 })) as `0x${string}`
    const client = createPublicClient({ transport: http(stack.chains.chains[0]!.rpcUrl) })
    expect(await client.verifyMessage({ address, message: 'Hello from Portico', signature })).toBe(true)
    await context.close()
  }, 180_000)
})
