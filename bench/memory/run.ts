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

/**
 * A heap snapshot (written to `file` when given), summed by node type: the compiled code V8 keeps (bytecode,
 * optimised code: "code" nodes) apart from everything else (objects, strings, closures, DOM wrappers). Code grows
 * while the JIT tiers hot functions up over the first few hundred cycles, then levels off; a leak is in the rest.
 */
async function snapshot(cdp: CDPSession, file?: string): Promise<{ code: number; rest: number }> {
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  const text = chunks.join('')
  if (file) writeFileSync(file, text)
  const snap = JSON.parse(text) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] }
  const fields = snap.snapshot.meta.node_fields
  const typeNames = snap.snapshot.meta.node_types[0]
  const [typeAt, sizeAt, stride] = [fields.indexOf('type'), fields.indexOf('self_size'), fields.length]
  let code = 0
  let rest = 0
  for (let i = 0; i < snap.nodes.length; i += stride) {
    if (typeNames[snap.nodes[i + typeAt]!] === 'code') code += snap.nodes[i + sizeAt]!
    else rest += snap.nodes[i + sizeAt]!
  }
  return { code, rest }
}

interface Series {
  name: string
  /** [cycle, used heap bytes after GC, snapshot bytes that are not compiled code]. */
  points: [number, number, number][]
  from: number
  to: number
  ms: number
}

async function measure(page: Page, cdp: CDPSession, name: string, total: number, cycle: () => Promise<void>): Promise<Series> {
  const marks = new Set([10, FROM, Math.round((FROM + total) / 2), total])
  const points: [number, number, number][] = []
  const t0 = performance.now()
  for (let i = 1; i <= total; i++) {
    await cycle()
    if (marks.has(i)) {
      const used = await heapAfterGc(page, cdp)
      const file = snapshotDir && (i === FROM || i === total) ? join(snapshotDir, `${name.replace(/\W+/g, '-')}-${i}.heapsnapshot`) : undefined
      const { code, rest } = await snapshot(cdp, file)
      points.push([i, used, rest])
      console.log(`  ${name}: cycle ${i}: used ${(used / 1024).toFixed(1)} KB; snapshot: code ${(code / 1024).toFixed(1)} KB, the rest ${(rest / 1024).toFixed(1)} KB`)
    }
  }
  return { name, points, from: FROM, to: total, ms: performance.now() - t0 }
}

/** Growth in KB from cycle `from` to the last: of the used heap (column 1) or of what is not compiled code (column 2). */
const growth = (s: Series, column: 1 | 2) => {
  const at = (c: number) => s.points.find(([i]) => i === c)?.[column] ?? NaN
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
  // The dev wallet's consent prompt (the modal's connecting view is also a dialog named after the wallet).
  const approve = page.getByRole('button', { name: 'Approve' })

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
      await accountDialog.or(approve).first().waitFor()
      if (await approve.isVisible()) await approve.click()
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
  const used = growth(s, 1)
  const objects = growth(s, 2)
  return `| ${s.name} | ${s.points.map(([c, b, r]) => `${c}: ${kb(b)} (${kb(r)})`).join(', ')} | **${used.toFixed(1)} KB** (${used < TARGET_KB ? 'met' : 'not met'}) | **${objects.toFixed(1)} KB** (${objects < TARGET_KB ? 'met' : 'not met'}) | ${(s.ms / s.to).toFixed(0)} ms |`
})
const block = `<!-- bench:memory:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:memory\` (Chromium headless via playwright-core, the demo host's production
build, dev chains and the API server on the same ${cpus().length} cores; 1-minute load average ${load.toFixed(1)} at the start, on a machine shared with other work).
Used JS heap after three forced GCs (CDP \`HeapProfiler.collectGarbage\`, page idle in between), \`Runtime.getHeapUsage\`, and in brackets
the heap snapshot taken right after without V8's compiled code (bytecode and optimised code); growth from cycle ${FROM} to the last; target: under ${TARGET_KB} KB.

| cycles | used heap after GC at cycle: KB (without compiled code) | growth of the used heap | growth without compiled code | time per cycle |
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
