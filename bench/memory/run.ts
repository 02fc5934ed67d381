/**
 * `npm run bench:memory [-- --cycles 1010 --connect-cycles 200 --no-write --snapshots <dir>]`: JS heap growth of the
 * demo host (the product as a page ships it: demo/, production build) in Chromium while the modal is opened and
 * closed over and over, then while the dev wallet is connected and disconnected. The heap is read after a forced
 * full GC (CDP HeapProfiler.collectGarbage, three times, the page idle in between) with Runtime.getHeapUsage; growth
 * is measured from cycle 110 to the last (the first hundred cycles fill caches, lazy chunks and the JIT).
 * It prints what grew between the heap snapshots by node type and name (constructors, closures, DOM nodes, V8's code
 * objects) over the measured cycles and over their second half; `--snapshots <dir>` also writes the snapshots at cycle
 * 110 and the last (DevTools' Comparison view finds a retainer). Writes the table into BENCHMARKS.md between the bench:memory markers. A measurement, not a test.
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
async function snapshot(cdp: CDPSession, file?: string): Promise<{ code: number; rest: number; groups: Groups }> {
  const chunks: string[] = []
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  const text = chunks.join('')
  if (file) writeFileSync(file, text)
  const snap = JSON.parse(text) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] }
  const fields = snap.snapshot.meta.node_fields
  const typeNames = snap.snapshot.meta.node_types[0]
  const [typeAt, nameAt, sizeAt, stride] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size'), fields.length]
  let code = 0
  let rest = 0
  const groups: Groups = new Map()
  for (let i = 0; i < snap.nodes.length; i += stride) {
    const type = typeNames[snap.nodes[i + typeAt]!]!
    const size = snap.nodes[i + sizeAt]!
    if (type === 'code') code += size
    else rest += size
    // Strings and numbers by type only (their names are their values); everything else by type and name.
    const key = /^(string|concatenated string|sliced string|number|bigint)$/.test(type) ? type : `${type} ${snap.strings[snap.nodes[i + nameAt]!]!.slice(0, 60)}`
    const g = groups.get(key) ?? { count: 0, size: 0 }
    g.count += 1
    g.size += size
    groups.set(key, g)
  }
  return { code, rest, groups }
}

/** A heap snapshot's nodes summed by type and name (a constructor, a closure's function, an engine-internal kind). */
type Groups = Map<string, { count: number; size: number }>

/** What grew between two snapshots, by type and name: the largest growth in size first. */
function diffGroups(before: Groups, after: Groups, top = 20): string[] {
  const keys = new Set([...before.keys(), ...after.keys()])
  return [...keys]
    .map((key) => {
      const a = before.get(key) ?? { count: 0, size: 0 }
      const b = after.get(key) ?? { count: 0, size: 0 }
      return { key, count: b.count - a.count, size: b.size - a.size }
    })
    .filter((d) => d.size !== 0 || d.count !== 0)
    .sort((x, y) => y.size - x.size)
    .slice(0, top)
    .map((d) => `${(d.size / 1024).toFixed(1).padStart(7)} KB ${String(d.count).padStart(6)} nodes  ${d.key}`)
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
  const snapshots = new Map<number, Groups>()
  const t0 = performance.now()
  for (let i = 1; i <= total; i++) {
    await cycle()
    if (marks.has(i)) {
      const used = await heapAfterGc(page, cdp)
      const file = snapshotDir && (i === FROM || i === total) ? join(snapshotDir, `${name.replace(/\W+/g, '-')}-${i}.heapsnapshot`) : undefined
      const { code, rest, groups } = await snapshot(cdp, file)
      snapshots.set(i, groups)
      points.push([i, used, rest])
      console.log(`  ${name}: cycle ${i}: used ${(used / 1024).toFixed(1)} KB; snapshot: code ${(code / 1024).toFixed(1)} KB, the rest ${(rest / 1024).toFixed(1)} KB`)
    }
  }
  const ms = performance.now() - t0
  // What grew, by type and name, over the measured cycles and over their second half (where a leak keeps growing
  // and the JIT has levelled off).
  const middle = Math.round((FROM + total) / 2)
  for (const [a, b] of [[FROM, total], [middle, total]] as const) {
    console.log(`  ${name}: what grew from cycle ${a} to ${b} (heap snapshot nodes by type and name):`)
    for (const line of diffGroups(snapshots.get(a)!, snapshots.get(b)!)) console.log(`    ${line}`)
  }
  return { name, points, from: FROM, to: total, ms }
}

/**
 * Growth in KB to the last cycle from cycle `from` (default: the series' 110) of the used heap (column 1) or of what is
 * not compiled code (column 2).
 */
const growth = (s: Series, column: 1 | 2, from = s.from) => {
  const at = (c: number) => s.points.find(([i]) => i === c)?.[column] ?? NaN
  return (at(s.to) - at(from)) / 1024
}
/** The middle mark: the second half of the measured cycles, once the JIT has tiered the hot path up. */
const middleOf = (s: Series) => Math.round((s.from + s.to) / 2)

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
  const late = growth(s, 1, middleOf(s))
  const verdict = (x: number) => (x < TARGET_KB ? 'met' : 'not met')
  return `| ${s.name} | ${s.points.map(([c, b, r]) => `${c}: ${kb(b)} (${kb(r)})`).join(', ')} | **${used.toFixed(1)} KB** (${verdict(used)}) | **${objects.toFixed(1)} KB** (${verdict(objects)}) | ${late.toFixed(1)} KB (${verdict(late)}) | ${(s.ms / s.to).toFixed(0)} ms |`
})
const block = `<!-- bench:memory:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:memory\` (Chromium headless via playwright-core, the demo host's production
build, dev chains and the API server on the same ${cpus().length} cores; 1-minute load average ${load.toFixed(1)} at the start, on a machine shared with other work).
Used JS heap after three forced GCs (CDP \`HeapProfiler.collectGarbage\`, page idle in between), \`Runtime.getHeapUsage\`, and in brackets
the heap snapshot taken right after without V8's compiled code (bytecode and optimised code); growth from cycle ${FROM} to the last (issue 31's
figure), and of the used heap over the second half of those cycles (the JIT settled); target: under ${TARGET_KB} KB.

| cycles | used heap after GC at cycle: KB (without compiled code) | growth of the used heap | growth without compiled code | growth of the used heap, second half | time per cycle |
|---|---|---|---|---|---|
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
