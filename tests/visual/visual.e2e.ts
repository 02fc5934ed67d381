/**
 * Issue 17 item 5: visual snapshots of every story, compared against the committed baselines in
 * tests/visual/baselines/<story id>.png (docs/VISUAL-TESTS.md says how to update them and why the tolerance is what
 * it is).
 *
 * Storybook is built once into a temp dir, served on a free 127.0.0.1 port, and every story of its index.json is
 * shown (`iframe.html?id=<id>&viewMode=story`, then Storybook's own story switch) in Chromium at a fixed viewport with `prefers-reduced-motion:
 * reduce`, animations and transitions switched off by injected CSS, a fixed clock, fonts and images awaited, and the
 * story's render (and play function) finished. A story without a baseline fails, and so does a baseline without a
 * story. With PORTICO_UPDATE_SNAPSHOTS=1 (`npm run test:visual:update`) the baselines are written instead.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pixelmatch from 'pixelmatch'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveStatic } from '../../demo/server.ts'
import { launchChromium } from '../e2e/browser.ts'
import { buildStorybook } from './build-storybook.ts'

const BASELINES = fileURLToPath(new URL('./baselines/', import.meta.url))
const UPDATE = process.env['PORTICO_UPDATE_SNAPSHOTS'] === '1'

/** Every screenshot is taken at this viewport (full page: a taller story makes a taller image). */
const VIEWPORT = { width: 1024, height: 768 }
/** pixelmatch's per-pixel colour distance (0..1, YIQ): below it two pixels count as equal. Anti-aliased edge pixels are also ignored (pixelmatch's default). */
const PIXEL_THRESHOLD = 0.1
/** How many pixels may still differ: a handful, far fewer than one changed glyph (~50 px at the modal's sizes). */
const MAX_DIFF_PIXELS = 10
/** The clock every story sees (relative dates such as "2 days ago" stay the same from run to run). */
const FIXED_TIME = new Date('2026-01-15T12:00:00Z')
/** Pages screenshotting at once. */
const PAGES = 2

const NO_MOTION_CSS = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`

interface IndexEntry {
  type: 'story' | 'docs'
  id: string
  title: string
  name: string
}

let outDir = ''
let server: Server | undefined
let browser: Browser | undefined
let context: BrowserContext | undefined
let baseUrl = ''

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'portico-storybook-'))
  await buildStorybook(outDir)
  server = serveStatic(outDir)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchChromium()
  context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, reducedMotion: 'reduce', colorScheme: 'light', locale: 'en-US', timezoneId: 'UTC' })
  await context.clock.setFixedTime(FIXED_TIME)
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

function storyIds(): string[] {
  const index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }
  return Object.values(index.entries)
    .filter((e) => e.type === 'story')
    .map((e) => e.id)
    .sort()
}

/**
 * Shows one story and waits until it is drawn and still: rendered (play done), fonts and images in, DOM unchanged.
 * The first story of a page loads iframe.html; the next ones are switched to through Storybook's channel
 * (`setCurrentStory`, as Storybook's own test runner does), which unmounts the previous story first and saves a
 * page load per story. After a story that errored the page is loaded afresh.
 */
async function capture(page: Page, id: string, fresh: boolean): Promise<Buffer> {
  if (fresh) {
    await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`, { waitUntil: 'load' })
    await page.addStyleTag({ content: NO_MOTION_CSS })
  } else {
    await page.evaluate((storyId) => {
      window.scrollTo(0, 0)
      const w = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void }; __visualSame?: number; __visualLast?: string }
      w.__visualSame = 0
      w.__visualLast = undefined
      w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' })
    }, id)
  }
  const phase = await page.waitForFunction(
    (storyId) => {
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { storyRenders?: { id: string; phase?: string }[] } }).__STORYBOOK_PREVIEW__
      const render = preview?.storyRenders?.find((r) => r.id === storyId)
      return render && ['completed', 'finished', 'errored', 'aborted'].includes(render.phase ?? '') ? render.phase : false
    },
    id,
    { timeout: 60_000, polling: 50 },
  )
  const done = (await phase.jsonValue()) as string
  if (done === 'errored' || done === 'aborted') {
    const shown = await page.locator('#error-message, #error-stack').allInnerTexts().catch(() => [])
    throw new Error(`the story ${done}: ${shown.join(' ').slice(0, 400)}`)
  }
  // Still: the story root's markup is the same over 6 polls 50 ms apart (async story modals, lazy views).
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __visualLast?: string; __visualSame?: number }
      const html = document.getElementById('storybook-root')?.innerHTML ?? ''
      w.__visualSame = html === w.__visualLast ? (w.__visualSame ?? 0) + 1 : 0
      w.__visualLast = html
      return w.__visualSame >= 6
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  )
  await page.evaluate(async () => {
    await document.fonts.ready
    await Promise.all([...document.images].map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))))
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
  })
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })
}

interface Outcome {
  id: string
  problem?: string
}

/** Compares a screenshot with its baseline; on a difference writes <id>.actual.png and <id>.diff.png to `failDir`. */
function compare(id: string, actual: Buffer, failDir: string): string | undefined {
  const baselineFile = join(BASELINES, `${id}.png`)
  if (!existsSync(baselineFile)) {
    writeFileSync(join(failDir, `${id}.actual.png`), actual)
    return 'no baseline (run `npm run test:visual:update` and commit tests/visual/baselines)'
  }
  const expected = PNG.sync.read(readFileSync(baselineFile))
  const got = PNG.sync.read(actual)
  if (expected.width !== got.width || expected.height !== got.height) {
    writeFileSync(join(failDir, `${id}.actual.png`), actual)
    return `size ${got.width}x${got.height}, baseline ${expected.width}x${expected.height}`
  }
  const diff = new PNG({ width: got.width, height: got.height })
  const differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: PIXEL_THRESHOLD })
  if (differing <= MAX_DIFF_PIXELS) return undefined
  writeFileSync(join(failDir, `${id}.actual.png`), actual)
  writeFileSync(join(failDir, `${id}.diff.png`), PNG.sync.write(diff))
  return `${differing} pixels differ (at most ${MAX_DIFF_PIXELS} may)`
}

describe('visual snapshots of every story', () => {
  it(UPDATE ? 'writes the baselines of every story' : 'every story matches its committed baseline', async () => {
    const ids = storyIds()
    expect(ids.length).toBeGreaterThan(40)
    const failDir = mkdtempSync(join(tmpdir(), 'portico-visual-'))
    mkdirSync(BASELINES, { recursive: true })
    const queue = [...ids]
    const outcomes: Outcome[] = []
    const started = Date.now()
    await Promise.all(
      Array.from({ length: PAGES }, async () => {
        const page = await context!.newPage()
        let fresh = true
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          try {
            const shot = await capture(page, id, fresh)
            fresh = false
            if (UPDATE) {
              writeFileSync(join(BASELINES, `${id}.png`), shot)
              outcomes.push({ id })
            } else {
              let problem = compare(id, shot, failDir)
              if (problem) {
                // Once in a few thousand captures a story switched to through Storybook's channel came out drawn
                // twice, a second copy of the same story 700 px below the first (cause not found:
                // views-walletsendselecttoken--long-names on 2026-11-27, its right-to-left sibling a round earlier).
                // A difference is therefore checked again on a freshly loaded page before it counts; a real change
                // differs both times.
                const again = compare(id, await capture(page, id, true), failDir)
                if (!again) console.log(`visual: ${id} differed (${problem}) after a story switch and matched on a fresh page load`)
                problem = again && `${again} (also after a fresh page load)`
              }
              outcomes.push({ id, problem })
            }
          } catch (error) {
            fresh = true
            outcomes.push({ id, problem: error instanceof Error ? error.message.split('\n')[0] : String(error) })
          }
        }
        await page.close()
      }),
    )
    // A baseline whose story is gone: removed in update mode, a failure otherwise (it would never be checked).
    const known = new Set(ids)
    for (const file of readdirSync(BASELINES).filter((f) => f.endsWith('.png'))) {
      const id = file.slice(0, -'.png'.length)
      if (known.has(id)) continue
      if (UPDATE) unlinkSync(join(BASELINES, file))
      else outcomes.push({ id, problem: 'baseline without a story (run `npm run test:visual:update`)' })
    }
    const problems = outcomes.filter((o) => o.problem).map((o) => `${o.id}: ${o.problem}`).sort()
    console.log(`visual: ${ids.length} stories in ${((Date.now() - started) / 1000).toFixed(1)} s${UPDATE ? ' (baselines written)' : ''}`)
    if (problems.length === 0) rmSync(failDir, { recursive: true, force: true })
    expect(problems, `screenshots that differ are in ${failDir} (<id>.actual.png, <id>.diff.png)`).toEqual([])
  })
})
