/**
 * Issue 13 item 6, "an expired session shows Session Expired", in real Chromium against the real secure site:
 * log in by email (the code from the stack's mail sink), then move the secure site's clock past the session's
 * lifetime so its JWT really expires server-side; the next frame call that needs the session (a network switch from
 * the Account view) gets the server's 401, and the modal shows the SPEC §8 alert "Session Expired", drops the
 * connection and stays usable: Connect shows again and a fresh email login connects.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHostStack, type HostStack } from './harness.ts'

const SESSION_TTL_SECONDS = 3600
let stack: HostStack
let embedded: NonNullable<HostStack['embedded']>
/** How far the secure site's clock runs ahead of the real one. */
let clockOffsetMs = 0

beforeAll(async () => {
  stack = await startHostStack('embedded-wallet-session', {
    embeddedWallet: true,
    secureSite: { clock: () => Date.now() + clockOffsetMs, sessionTtlSeconds: SESSION_TTL_SECONDS },
  })
  embedded = stack.embedded!
})

afterAll(async () => {
  await stack?.stop()
})

const connectedStatus = (page: Page) => page.getByText(/^Connected 0x[0-9a-fA-F]{40} on /)

/** From an open Connect dialog: email, the code from the mail sink (sent after `since`), Continue; waits for Account. */
async function emailLogin(page: Page, email: string, since: number): Promise<void> {
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  const mail = await embedded.mail.waitFor((m) => m.to.includes(email) && /code/i.test(m.subject) && Date.parse(m.receivedAt) >= since, 30_000)
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!
  const emailDialog = page.getByRole('dialog', { name: 'Email' })
  await emailDialog.getByRole('textbox', { name: 'Code' }).fill(code)
  await emailDialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('dialog', { name: 'Account' }).waitFor({ timeout: 30_000 })
  await connectedStatus(page).waitFor({ timeout: 30_000 })
}

describe('embedded wallet: an expired session (issue 13)', () => {
  it('a session past its lifetime on the secure site shows "Session Expired", disconnects, and email login works again', async () => {
    const context = await stack.browser.newContext()
    // Every alert the page shows, recorded as it appears (the snackbar hides itself after a few seconds).
    await context.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { __alerts: string[] }).__alerts = seen
      const record = (root: ParentNode) => {
        for (const el of root.querySelectorAll('[role="alert"]')) seen.push((el.textContent ?? '').trim())
      }
      new MutationObserver((records) => {
        for (const r of records) {
          const target = r.target instanceof Element ? r.target : r.target.parentElement
          if (target?.closest('[role="alert"]')) seen.push((target.closest('[role="alert"]')!.textContent ?? '').trim())
          for (const n of r.addedNodes) if (n instanceof Element) (n.matches('[role="alert"]') ? seen.push((n.textContent ?? '').trim()) : record(n))
        }
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    const page = await context.newPage()
    const alerts = () => page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts)
    await page.goto(new URL('/?wallet=none', stack.host.url).href)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const email = `expiry-${Date.now()}@example.com`
    await emailLogin(page, email, Date.now() - 1000)
    const account = page.getByRole('dialog', { name: 'Account' })
    expect(await alerts()).not.toContain('Session Expired')

    // The secure site's clock passes the session's end (one hour, plus a minute): its JWT is now expired for real.
    clockOffsetMs = (SESSION_TTL_SECONDS + 60) * 1000

    // Acting needs the session: switching network asks the frame for the user on the other chain, the server says 401.
    await account.getByRole('button', { name: /^Switch network, current: / }).click()
    await page.getByRole('dialog', { name: 'Select network' }).getByRole('button', { name: /^Portico Local 2/ }).click()
    // SPEC §8: the alert's text is exactly "Session Expired" (the modal's snackbar, role alert).
    await expect.poll(alerts, { timeout: 30_000 }).toContain('Session Expired')

    // The connection is gone: the page says so, and the modal, closed and opened again, offers Connect.
    await page.getByText('Not connected').waitFor({ timeout: 30_000 })
    expect(await connectedStatus(page).count()).toBe(0)
    const modal = page.getByRole('dialog')
    if (await modal.count()) await modal.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 30_000 }).toBe(0)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('textbox', { name: 'Email' }).waitFor({ timeout: 30_000 })

    // Still usable: a fresh email login connects again (a new session from the secure site's moved clock).
    await emailLogin(page, email, Date.now() - 1000)
    expect(await connectedStatus(page).count()).toBe(1)

    // And a reload keeps that new session (the server accepts it).
    await page.reload()
    await connectedStatus(page).waitFor({ timeout: 30_000 })
    await context.close()
  }, 150_000)
})
