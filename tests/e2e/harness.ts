import { inject } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { startDevChains, type DevChains } from '../../stack/chain/index.ts'
import { startDemoHost, type DemoHost } from '../../demo/server.ts'
import { startTestApi } from './api.ts'
import { launchChromium } from './browser.ts'

/** What most browser suites run: the dev chains, the stack's API server, the built demo host and Chromium. */
export interface HostStack {
  chains: DevChains
  api: Awaited<ReturnType<typeof startTestApi>>
  host: DemoHost
  browser: Browser
  stop(): Promise<void>
}

/**
 * Starts a suite's stack (its own chains and API data folder, labelled for the temp folder); `stop()` ends all.
 * `projectId` is what the demo host sends (default portico-e2e); `indexIntervalMs` how often the API indexes history.
 */
export async function startHostStack(label: string, opts: { projectId?: string; indexIntervalMs?: number } = {}): Promise<HostStack> {
  const chains = await startDevChains()
  const api = await startTestApi(chains, label, opts.indexIntervalMs === undefined ? {} : { indexIntervalMs: opts.indexIntervalMs })
  const host = await startDemoHost({
    mode: 'static',
    distDir: inject('demoHostDist'),
    config: { projectId: opts.projectId ?? 'portico-e2e', chains: chains.chains, apiUrl: api.url },
  })
  const browser = await launchChromium()
  return {
    chains,
    api,
    host,
    browser,
    async stop() {
      await browser.close()
      await host.stop()
      await api.stop()
      await chains.stop()
    },
  }
}

/** The injected dev wallet's in-page consent prompt. */
export const walletPrompt = (page: Page): Locator => page.getByRole('dialog', { name: 'Portico Dev Wallet' })

/** Opens the modal, picks the dev wallet and approves the connection, as a person would. */
export async function connectDevWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: /^Portico Dev Wallet/ }).click()
  await walletPrompt(page).getByRole('button', { name: 'Approve' }).click()
}
