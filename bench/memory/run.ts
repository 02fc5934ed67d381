/**
 * `npm run bench:memory [-- --cycles 1010 --connect-cycles 200 --no-write --snapshots <dir>]`: JS heap growth of the
 * demo host (the product as a page ships it: demo/, production build) in Chromium while the modal is opened and
 * closed over and over, then while the dev wallet is connected and disconnected. The heap is read after a forced
 * full GC (CDP HeapProfiler.collectGarbage, three times, the page idle in between) with Runtime.getHeapUsage; growth
 * is measured from cycle 110 to the last (the first hundred cycles fill caches, lazy chunks and the JIT).
 * `--snapshots <dir>` also writes heap snapshots at both points (diff them in DevTools' Comparison view to find a
 * retainer). Writes the table into BENCHMARKS.md between the bench:memory markers. A measurement, not a test.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CDPSession, Page } from 'playwright-core'
import { buildDemoHost, startDemoHost } from '../../demo/server.ts'
import { startApiServer } from '../../stack/api/index.ts'
import { startDevChains } from '../../stack/chain/index.ts'
import { launchChromium } from '../../tests/e2e/browser.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const num = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback)
const cycles = num('cycles', 1010)
const connectCycles = num('connect-cycles', 200)
const FROM = 110
const write = !argv.includes('--no-write') && cycles === 1010 && connectCycles === 200
const snapshotDir = argv.includes('--snapshots') ? argv[argv.indexOf('--snapshots') + 1] : undefined
const TARGET_KB = 100

const work = mkdtempSync(join(tmpdir(), 'portico-bench-memory-'))
const stops: (() => Promise<unknown>)[] = []
const load = loadavg()[0]!

async function heapAfterGc(page: Page, cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) {
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 500 })))
    await cdp.send('HeapProfiler.collectGarbage')
  }
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

async function snapshot(cdp: CDPSession, file: string): Promise<void> {
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  writeFileSync(file, chunks.join(''))
}

interface Series {
  name: string
  /** [cycle, used heap bytes after GC]. */
  points: [number, number][]
  from: number
  to: number
  ms: number
}

async function measure(page: Page, cdp: CDPSession, name: string, total: number, cycle: () => Promise<void>): Promise<Series> {
  const marks = new Set([10, FROM, Math.round((FROM + total) / 2), total])
  const points: [number, number][] = []
  const t0 = performance.now()
  for (let i = 1; i <= total; i++) {
    await cycle()
    if (marks.has(i)) {
      const used = await heapAfterGc(page, cdp)
      points.push([i, used])
      console.log(`  ${name}: cycle ${i}: ${(used / 1024).toFixed(1)} KB`)
      if (snapshotDir && (i === FROM || i === total)) await snapshot(cdp, join(snapshotDir, `${name.replace(/\W+/g, '-')}-${i}.heapsnapshot`))
    }
  }
  return { name, points, from: FROM, to: total, ms: performance.now() - t0 }
}

const growth = (s: Series) => {
  const at = (c: number) => s.points.find(([i]) => i === c)?.[1] ?? NaN
  return (at(s.to) - at(s.from)) / 1024
}

const series: Series[] = []
try {
  const chains = await startDevChains({})
  stops.push(() => chains.stop())
  const api = await startApiServer({ dataDir: join(work, 'api'), chains: chains.chains, deployment: chains.deployment, indexIntervalMs: 60_000 })
  stops.unshift(() => api.stop())
  console.log('building the demo host (production)…')
  await buildDemoHost(join(work, 'host'))
  const host = await startDemoHost({ mode: 'static', distDir: join(work, 'host'), config: { projectId: 'bench', chains: chains.chains, apiUrl: api.url } })
  stops.unshift(() => host.stop())
  const browser = await launchChromium()
  stops.unshift(() => browser.close())
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(host.url)
  const cdp = await context.newCDPSession(page)
  await cdp.send('HeapProfiler.enable')

  const connectButton = page.getByRole('button', { name: 'Connect Wallet' })
  const connectDialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const accountDialog = page.getByRole('dialog', { name: 'Account' })
  const prompt = page.getByRole('dialog', { name: 'Portico Dev Wallet' })

  // Open and close: the button, the first view shown, Escape, the dialog gone.
  series.push(
    await measure(page, cdp, 'open/close', cycles, async () => {
      await connectButton.click()
      await connectDialog.waitFor()
      await page.keyboard.press('Escape')
      await connectDialog.waitFor({ state: 'hidden' })
    }),
  )
  // Connect and disconnect with the dev wallet (its consent prompt approved), then the modal closed with its Close button.
  series.push(
    await measure(page, cdp, 'connect/disconnect (dev wallet)', connectCycles, async () => {
      if (!(await connectDialog.isVisible())) await connectButton.click()
      await connectDialog.getByRole('button', { name: /^Portico Dev Wallet/ }).click()
      await accountDialog.or(prompt).first().waitFor()
      if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Approve' }).click()
      await accountDialog.getByRole('button', { name: 'Disconnect' }).click()
      await connectDialog.waitFor()
      // Focus is not inside the dialog after Disconnect (Escape would go to the page): its Close button.
      await connectDialog.getByRole('button', { name: 'Close' }).click()
      await connectDialog.waitFor({ state: 'hidden' })
    }),
  )
} finally {
  for (const stop of stops) await stop().catch((error: Error) => console.error(`stopping: ${error.message}`))
  rmSync(work, { recursive: true, force: true })
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0)
const rows = series.map((s) => {
  const g = growth(s)
  return `| ${s.name} | ${s.points.map(([c, b]) => `${c}: ${kb(b)}`).join(', ')} | **${g.toFixed(1)} KB** (cycle ${s.from} → ${s.to}) | ${g < TARGET_KB ? 'met' : 'NOT met'} | ${(s.ms / s.to).toFixed(0)} ms |`
})
const block = `<!-- bench:memory:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:memory\` (Chromium headless via playwright-core, the demo host's production
build, dev chains and the API server on the same ${cpus().length} cores; 1-minute load average ${load.toFixed(1)} at the start, on a machine shared with other work).
Used JS heap after three forced GCs (CDP \`HeapProfiler.collectGarbage\`, page idle in between), \`Runtime.getHeapUsage\`; target: growth under ${TARGET_KB} KB.

| cycles | used heap after GC at cycle (KB) | growth | target | time per cycle |
|---|---|---|---|---|
${rows.join('\n')}
<!-- bench:memory:end -->`
console.log(`\n${block}`)
if (write) {
  const file = join(root, 'BENCHMARKS.md')
  const current = readFileSync(file, 'utf8')
  if (!current.includes('<!-- bench:memory:start -->')) throw new Error('BENCHMARKS.md has no <!-- bench:memory:start --> marker')
  writeFileSync(file, current.replace(/<!-- bench:memory:start -->[\s\S]*?<!-- bench:memory:end -->/, block))
  console.log('written to BENCHMARKS.md')
}
