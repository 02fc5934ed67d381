/**
 * Issue 17 item 3: examples/ssr server-renders the page with the modal (renderToString over the request's cookies)
 * and the browser hydrates it. Chromium loads it: no hydration warning (or any console error) on a fresh visit or
 * after connecting and reloading, and the connection stored in the cookie is shown as busy by the server and restored
 * on the client.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSsrClient, startSsrExample, type SsrExample } from '../../examples/ssr/server.ts'
import { launchChromium } from './browser.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let clientDir: string
let example: SsrExample
let browser: Browser
let context: BrowserContext

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'portico-ssr-e2e-'))
  // React's development build: it reports hydration mismatches in full.
  await buildSsrClient(clientDir, { development: true })
  example = await startSsrExample({ clientDir })
  browser = await launchChromium()
  context = await browser.newContext()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await example?.stop()
  if (clientDir) rmSync(clientDir, { recursive: true, force: true })
})

/** Every console message of the error or warning kind, and page errors. */
function collectProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  return problems
}

/** The HTML the server sent (before any script ran). */
async function serverHtml(cookie: string): Promise<string> {
  const res = await fetch(example.url, { headers: cookie ? { cookie } : {} })
  expect(res.status).toBe(200)
  return res.text()
}

describe('examples/ssr: server render, hydration, cookie-restored connection', () => {
  it('a first visit: the server renders Connect Wallet, the page hydrates without a warning, connecting writes the cookie', async () => {
    const html = await serverHtml('')
    expect(html).toContain('>Connect Wallet</button>')
    expect(html).toContain('Not connected')

    const page = await context.newPage()
    const problems = collectProblems(page)
    await page.goto(example.url)
    // Hydrated: the button reacts (a click opens the modal).
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await expect.poll(() => page.getByTestId('account').textContent(), { timeout: 20_000 }).toBe(`Connected: ${ADDRESS} on Portico Local`)
    await page.keyboard.press('Escape')
    const cookies = await context.cookies(example.url)
    // Names and values are URI-encoded (kernel/storage/cookie.ts).
    const stored = Object.fromEntries(cookies.map((c) => [decodeURIComponent(c.name), decodeURIComponent(c.value)]))
    expect(stored['@portico/connected_namespaces']).toBe('["eip155"]')
    expect(stored['@portico/connections']).toBe('{"eip155":["dev.portico.wallet"]}')
    expect(problems).toEqual([])
    await page.close()
  })

  it('a reload with the cookie: the server shows the restoring button, the client hydrates it without a warning and restores the account', async () => {
    const cookies = await context.cookies(example.url)
    const header = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const html = await serverHtml(header)
    // The documented skeleton: a busy 'Loading' ConnectButton (the server has no wallet to ask).
    expect(html).toMatch(/<button[^>]*aria-busy="true"[^>]*>.*Loading<\/button>/)
    expect(html).not.toContain('>Connect Wallet</button>')

    const page = await context.newPage()
    const problems = collectProblems(page)
    await page.goto(example.url)
    await expect.poll(() => page.getByTestId('account').textContent(), { timeout: 20_000 }).toBe(`Connected: ${ADDRESS} on Portico Local`)
    const button = page.getByRole('button', { name: '0xf3…b92266 · Portico Local' })
    await button.click()
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 20_000 }).toBe(1)
    expect(problems).toEqual([])
    await page.close()
  })
})
