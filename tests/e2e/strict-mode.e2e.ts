import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { buildDemoHost, startDemoHost, type DemoHost } from '../../demo/server.ts'
import { startTestApi } from './api.ts'
import { launchChromium } from './browser.ts'

/**
 * Issue 16 item 13: the demo host renders under <StrictMode>, which only double-runs effects in React's development
 * build; this suite builds the host with it (the other suites use the production build) and connects through the
 * injected dev wallet.
 */
let chains: DevChains
let host: DemoHost
let browser: Browser
let api: Awaited<ReturnType<typeof startTestApi>>
let distDir: string

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'portico-e2e-strict-'))
  await buildDemoHost(distDir, { development: true })
  chains = await startDevChains()
  api = await startTestApi(chains, 'e2e-strict')
  host = await startDemoHost({ mode: 'static', distDir, config: { projectId: 'portico-e2e', chains: chains.chains, apiUrl: api.url } })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await host?.stop()
  await api?.stop()
  await chains?.stop()
  if (distDir) rmSync(distDir, { recursive: true, force: true })
})

describe('demo host under React StrictMode (development build)', () => {
  it('is built with React\'s development build (StrictMode is only active there)', () => {
    // A message only React's development build carries (the production build strips StrictMode's checks).
    const bundles = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js'))
    expect(bundles.some((f) => readFileSync(join(distDir, 'assets', f), 'utf8').includes('Expected to find a StrictMode component in a strict mode tree'))).toBe(true)
  })

  it('connects the injected dev wallet on approve and shows the Account view', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(host.url)

    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const modal = page.getByRole('dialog', { name: 'Connect Wallet' })
    await modal.getByRole('button', { name: /^Portico Dev Wallet/ }).click()
    await page.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()

    // The host app hears the connection ...
    await page.getByText(/^Connected 0x/).waitFor()
    // ... and the modal routes on to Account instead of staying on "Continue in Portico Dev Wallet".
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.waitFor({ timeout: 15_000 })
    await expect.poll(() => account.innerText()).toContain('0xf3…b92266')
    expect(await page.getByText('Continue in Portico Dev Wallet').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
