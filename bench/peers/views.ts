/**
 * `npm run bench:peers -- --screenshots --views` (also alone: `npx tsx bench/peers/views.ts`): issue 30's side by side
 * of the views where money moves and of Connect with email and social on. Portico's are its stories (Swap quoted,
 * Send filled, Connect with email and social), shot at bench:peers' viewport into
 * docs/screenshots/portico-<swap|send|connect-email-social>.png from a Storybook build (STORYBOOK_STATIC names a
 * built one to reuse; otherwise one is built in a temp folder).
 *
 * The peers have no such offline screenshot: AppKit's Swap and Send need a connected account and Reown's hosted API
 * (quotes, token lists, balances), and its email and social login need Reown's hosted embedded wallet, none of which
 * answers offline (every request off 127.0.0.1 is aborted, as for the other screenshots); RainbowKit and ConnectKit
 * have no swap, send, email or social views. docs/COMPARISON.md describes AppKit's from its public documentation.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serveStatic } from '../../demo/server.ts'
import { launchChromium } from '../../tests/e2e/browser.ts'
import { buildStorybook } from '../../tests/visual/build-storybook.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** bench:peers' screenshot viewport (run.ts). */
const VIEWPORT = { width: 1000, height: 760 }

/** Which story each screenshot shows. */
export const VIEW_SHOTS: ReadonlyArray<{ file: string; story: string; what: string }> = [
  { file: 'portico-swap.png', story: 'views-swap--quoted', what: 'Swap, quoted' },
  { file: 'portico-send.png', story: 'views-walletsend--form-filled', what: 'Send, filled in' },
  { file: 'portico-connect-email-social.png', story: 'views-connect--email-and-social', what: 'Connect, email and social on' },
]

/** Shoots the stories of VIEW_SHOTS into `outDir`. */
export async function viewScreenshots(outDir: string): Promise<void> {
  const reuse = process.env.STORYBOOK_STATIC
  const dir = reuse ?? mkdtempSync(join(tmpdir(), 'portico-peers-storybook-'))
  if (!reuse) await buildStorybook(dir)
  const server = serveStatic(dir)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light', deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'en-US' })
    const page = await context.newPage()
    for (const shot of VIEW_SHOTS) {
      await page.goto(`${base}/iframe.html?id=${shot.story}&viewMode=story`, { waitUntil: 'load' })
      // Drawn and still: the story root's markup unchanged over 6 polls (lazy views, async modals).
      await page.waitForFunction(
        () => {
          const w = window as unknown as { __last?: string; __same?: number }
          const html = document.getElementById('storybook-root')?.innerHTML ?? ''
          w.__same = html !== '' && html === w.__last ? (w.__same ?? 0) + 1 : 0
          w.__last = html
          return w.__same >= 6
        },
        undefined,
        { timeout: 60_000, polling: 50 },
      )
      await page.evaluate(() => document.fonts.ready)
      writeFileSync(join(outDir, shot.file), await page.screenshot({ animations: 'disabled', caret: 'hide' }))
      console.log(`docs/screenshots/${shot.file}: ${shot.what} (${shot.story})`)
    }
    await context.close()
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    if (!reuse) rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await viewScreenshots(join(ROOT, 'docs', 'screenshots'))
}
