import { chromium, type Browser } from 'playwright-core'
import { launchFirstChromium } from '../../testing/browser.ts'

/** Chromium arguments for the suite: headless, offline, and no throttling of background pages. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Two-page tests act on a page in a background tab; do not throttle its timers and frames.
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
]

/**
 * A Chromium through playwright-core (`npx playwright install` cannot work offline): the first that starts of
 * PORTICO_CHROMIUM / CHROME_PATH, Debian's /usr/bin/chromium and the other system paths, Playwright's cache, and the
 * one `npm ci` brings (@sparticuz/chromium). See testing/browser.ts.
 */
export function launchChromium(): Promise<Browser> {
  return launchFirstChromium((executablePath, env) =>
    chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], ...(env ? { env: { ...process.env, ...env } as Record<string, string> } : {}) }),
  )
}
