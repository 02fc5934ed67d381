/**
 * `npm run bench:memory [-- --cycles 1010 --connect-cycles 200 --floor-cycles 1010 --js-flags "<V8 flags>"
 * --browser-log <file> --no-write --snapshots <dir>]`:
 * heap growth of the demo host (the product as a page ships it: demo/, production build) in Chromium while the modal
 * is opened and closed over and over, then while the dev wallet is connected and disconnected (issue 31 item 6).
 *
 * Chromium is driven over the DevTools protocol alone (bench/memory/cdp.ts): no Playwright session keeping response
 * bodies, no injected script in the page's isolate. After forced full GCs (CDP `HeapProfiler.collectGarbage`, page
 * idle in between, repeated until the heap stops falling) it reads V8's used heap and Blink's (`Runtime.getHeapUsage`)
 * and takes a heap snapshot, summed into V8's compiled code (bytecode, machine code, feedback: the JIT's), the rest of
 * V8's heap (objects, strings, closures: the page's) and Blink's nodes. Growth is from cycle 110 to cycle 1,010 (issue
 * 31's window; the first hundred cycles fill caches, lazy chunks and the JIT), and over 1,010 to the last when more
 * cycles run (`--cycles 2010`: is it bounded?). Then the same readings over the React-only host (React and react-dom
 * alone, a dialog of three buttons mounted and unmounted): the floor React's own code sets, whatever a modal does. It prints what grew between snapshots by node type and name;
 * `--snapshots <dir>` writes them at cycle 110 and the last (DevTools' Comparison view finds a retainer);
 * `--js-flags` passes V8 flags (`--no-opt --no-maglev --no-sparkplug`, `--jitless`: which tier grows); `--browser-log`
 * keeps Chromium's output (`--js-flags "--trace-opt --trace-deopt"`) with a line at each reading. The compiled code
 * of the bench's own helper in the page's isolate is left out of the figures, and the run prints which functions got
 * machine code between readings (bench/memory/heap-snapshot.ts).
 * With the defaults it writes the table into BENCHMARKS.md between the bench:memory markers. A measurement, not a test.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildDemoHost, serveStatic, startDemoHost } from '../../demo/server.ts'
import { startApiServer } from '../../stack/api/index.ts'
import { startDevChains } from '../../stack/chain/index.ts'
import { buildHost } from '../build-hosts.ts'
import { HELPER_URL, openPage, type Cdp } from './cdp.ts'
import { summarize, type CompiledCode, type Groups, type HeapSnapshotJson, type HeapSummary } from './heap-snapshot.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const arg = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined)
const cycles = Number(arg('cycles') ?? 2010)
const connectCycles = Number(arg('connect-cycles') ?? 200)
const floorCycles = Number(arg('floor-cycles') ?? 1010)
const jsFlags = (arg('js-flags') ?? '').split(/\s+/).filter(Boolean)
const FROM = 110
const TO = 1010
const write = !argv.includes('--no-write') && cycles === 2010 && connectCycles === 200 && floorCycles === 1010 && jsFlags.length === 0
const snapshotDir = arg('snapshots')
const browserLog = arg('browser-log')
const TARGET_KB = 100

const work = mkdtempSync(join(tmpdir(), 'portico-bench-memory-'))
const stops: (() => Promise<unknown>)[] = []
const load = loadavg()[0]!

/** One reading after forced GC: V8's used heap, Blink's, and the snapshot's sums. */
interface Reading {
  cycle: number
  /** V8's used heap (`Runtime.getHeapUsage` usedSize) less the bench helper's compiled code (`bench`). */
  used: number
  /** Snapshot: the compiled code of the bench's own helper in the page's isolate (left out of `used` and `code`). */
  bench: number
  /** Blink's garbage-collected heap: `embedderHeapUsedSize`. */
  blink: number
  /** Snapshot: V8's compiled code (bytecode, machine code, feedback vectors, scope infos: heap snapshot type "code"). */
  code: number
  /** Snapshot: the rest of V8's heap (objects, arrays, strings, closures, hidden and system objects). */
  objects: number
  /** Snapshot: Blink's nodes (type "native"). */
  native: number
}

/**
 * Forces full GCs (CDP `HeapProfiler.collectGarbage`, the page idle in between) until V8's used heap stops falling
 * (at least three, at most eight), then reads V8's heap and Blink's.
 */
async function heapAfterGc(cdp: Cdp): Promise<{ used: number; blink: number }> {
  let last = Infinity
  let reading = { used: 0, blink: 0 }
  for (let i = 0; i < 8; i++) {
    await cdp.call('idle')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize, embedderHeapUsedSize } = await cdp.send<{ usedSize: number; embedderHeapUsedSize: number }>('Runtime.getHeapUsage')
    reading = { used: usedSize, blink: embedderHeapUsedSize }
    if (i >= 2 && usedSize >= last) break
    last = usedSize
  }
  return reading
}

/** A heap snapshot (written to `file` when given), summed (bench/memory/heap-snapshot.ts). */
async function snapshot(cdp: Cdp, file?: string): Promise<HeapSummary> {
  const chunks: string[] = []
  const off = cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => void chunks.push(chunk as string))
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  off()
  const text = chunks.join('')
  if (file) writeFileSync(file, text)
  return summarize(JSON.parse(text) as HeapSnapshotJson, HELPER_URL)
}

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

/**
 * The optimised and baseline code objects held at `after` that were not at `before` (by node id), summed by tier and
 * by function: how many functions got machine code for the first time, how many again (their earlier code replaced:
 * a tier-up from Maglev to Turbofan or a re-optimisation after a deopt), and the largest functions.
 */
function newCode(before: CompiledCode[], after: CompiledCode[], top = 25): string[] {
  const held = new Set(before.map((c) => c.id))
  const key = (c: CompiledCode) => `${c.fn} ${c.script.replace(/^.*\//, '') || '(no script)'}${c.line ? `:${c.line}:${c.column}` : ''}`
  const optimizedBefore = new Set(before.filter((c) => c.tier === 'optimized').map(key))
  const fresh = after.filter((c) => !held.has(c.id))
  const kept = new Set(after.map((c) => c.id))
  const freed = before.filter((c) => !kept.has(c.id))
  const total = (cs: CompiledCode[]) => `${cs.length} (${(cs.reduce((s, c) => s + c.bytes, 0) / 1024).toFixed(1)} KB)`
  const optimized = fresh.filter((c) => c.tier === 'optimized')
  const lines = [
    `new optimised code ${total(optimized)}: first time for the function ${total(optimized.filter((c) => !optimizedBefore.has(key(c))))}, again ${total(optimized.filter((c) => optimizedBefore.has(key(c))))}; new baseline code ${total(fresh.filter((c) => c.tier === 'baseline'))}; freed since ${total(freed)}`,
  ]
  const byFn = new Map<string, { bytes: number; count: number; again: boolean }>()
  for (const c of fresh) {
    const g = byFn.get(key(c)) ?? { bytes: 0, count: 0, again: optimizedBefore.has(key(c)) }
    g.bytes += c.bytes
    g.count += 1
    byFn.set(key(c), g)
  }
  for (const [k, g] of [...byFn].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, top)) lines.push(`${(g.bytes / 1024).toFixed(1).padStart(6)} KB ${g.again ? 'again' : 'first'}  ${k}`)
  return lines
}

interface Series {
  name: string
  readings: Reading[]
  from: number
  to: number
  ms: number
}

/** The cycles at which the heap is read: 10, 110, the middle of 110..1,010 (or of 110..last), 1,010, then every 500. */
function marksFor(total: number): number[] {
  const to = Math.min(TO, total)
  const marks = new Set([10, FROM, Math.round((FROM + to) / 2), to, total])
  for (let c = TO + 500; c < total; c += 500) marks.add(c)
  return [...marks].filter((c) => c <= total).sort((a, b) => a - b)
}

async function measure(cdp: Cdp, name: string, total: number, cycle: () => Promise<void>): Promise<Series> {
  const marks = new Set(marksFor(total))
  const readings: Reading[] = []
  const snapshots = new Map<number, Groups>()
  const compiled = new Map<number, CompiledCode[]>()
  const t0 = performance.now()
  let cycleMs = 0
  for (let i = 1; i <= total; i++) {
    const c0 = performance.now()
    await cycle()
    cycleMs += performance.now() - c0
    if (marks.has(i)) {
      cdp.mark(`${name}: cycle ${i}`)
      const heap = await heapAfterGc(cdp)
      const file = snapshotDir && (i === FROM || i === total) ? join(snapshotDir, `${name.replace(/\W+/g, '-')}-${i}.heapsnapshot`) : undefined
      const sum = await snapshot(cdp, file)
      snapshots.set(i, sum.groups)
      compiled.set(i, sum.compiled)
      readings.push({ cycle: i, used: heap.used - sum.benchCode, blink: heap.blink, bench: sum.benchCode, code: sum.code, objects: sum.objects, native: sum.native })
      console.log(`  ${name}: cycle ${i}: V8 used ${kb(heap.used - sum.benchCode)} KB (snapshot: code ${kb(sum.code)}, objects ${kb(sum.objects)}; the bench helper's code ${kb(sum.benchCode)}, left out); Blink ${kb(heap.blink)} KB (snapshot: ${kb(sum.native)})`)
    }
  }
  void t0
  const to = Math.min(TO, total)
  const middle = Math.round((FROM + to) / 2)
  const windows: [number, number][] = [[FROM, to], [middle, to]]
  if (total > to) windows.push([to, total])
  for (const [a, b] of windows) {
    console.log(`  ${name}: what grew from cycle ${a} to ${b} (heap snapshot nodes by type and name):`)
    for (const line of diffGroups(snapshots.get(a)!, snapshots.get(b)!)) console.log(`    ${line}`)
  }
  for (const [a, b] of windows.filter(([a]) => a !== middle)) {
    console.log(`  ${name}: machine code compiled between cycles ${a} and ${b} (still held at ${b}), by function:`)
    for (const line of newCode(compiled.get(a)!, compiled.get(b)!)) console.log(`    ${line}`)
  }
  return { name, readings, from: FROM, to, ms: cycleMs / total }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0)
/** Growth in KB of one figure between two cycles. */
const growth = (s: Series, key: Exclude<keyof Reading, 'cycle'>, from: number, to: number) => {
  const at = (c: number) => s.readings.find((r) => r.cycle === c)?.[key] ?? NaN
  return (at(to) - at(from)) / 1024
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
  const cdp = await openPage(host.url, jsFlags, browserLog)
  stops.unshift(() => cdp.close())
  await cdp.send('HeapProfiler.enable')
  await cdp.call('center', null, '^Connect Wallet$')

  // Open and close: the button, the first view shown, Escape, the dialog gone.
  if (cycles > 0) series.push(
    await measure(cdp, 'open/close', cycles, async () => {
      await cdp.click(null, '^Connect Wallet$')
      await cdp.call('waitDialog', '^Connect Wallet$', 'visible')
      await cdp.call('focused', '^Connect Wallet$')
      await cdp.press('Escape')
      await cdp.call('waitDialog', '^Connect Wallet$', 'hidden')
    }),
  )
  // Connect and disconnect with the dev wallet (its consent prompt approved), then the modal closed with Esc.
  if (connectCycles > 0) {
    series.push(
      await measure(cdp, 'connect/disconnect (dev wallet)', connectCycles, async () => {
        if (!(await cdp.call<boolean>('dialogShown', '^Connect Wallet$'))) await cdp.click(null, '^Connect Wallet$')
        await cdp.click('^Connect Wallet$', 'Portico Dev Wallet(?! 2)')
        if ((await cdp.call<string>('first', ['dialog:^Account', 'button:^Approve$'])) === 'button:^Approve$') await cdp.click(null, '^Approve$')
        await cdp.click('^Account', '^Disconnect')
        await cdp.call('waitDialog', '^Connect Wallet$', 'visible')
        await cdp.press('Escape')
        await cdp.call('waitDialog', '^Connect Wallet$', 'hidden')
      }),
    )
  }
  for (const stop of stops.splice(0)) await stop()

  // The floor: React and react-dom alone, the React-only host of the open-time ratio (bench/hosts/react-only: a button
  // that mounts a dialog of three buttons, one of which unmounts it), in a Chromium of its own, the same readings.
  // Whatever this grows over the same window is React's own code tiering up, with no Portico code in the page.
  if (floorCycles > 0) {
    console.log('building the React-only host (source build)…')
    const floor = await buildHost('react-only')
    const server = serveStatic(floor.outDir)
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    stops.push(async () => {
      server.closeAllConnections()
      server.close()
    })
    const cdp = await openPage(`http://127.0.0.1:${(server.address() as { port: number }).port}/`, jsFlags, browserLog && `${browserLog}.floor`)
    stops.unshift(() => cdp.close())
    await cdp.send('HeapProfiler.enable')
    await cdp.call('center', null, '^Connect Wallet$')
    series.push(
      await measure(cdp, 'React-only floor: open/close', floorCycles, async () => {
        await cdp.click(null, '^Connect Wallet$')
        await cdp.call('waitDialog', '^Connect Wallet$', 'visible')
        await cdp.click('^Connect Wallet$', '^Bench Wallet$')
        await cdp.call('waitDialog', '^Connect Wallet$', 'hidden')
      }),
    )
  }
} finally {
  for (const stop of stops) await stop().catch((error: Error) => console.error(`stopping: ${error.message}`))
  rmSync(work, { recursive: true, force: true })
}

const FLOOR = /^React-only floor/
const rows = series.map((s) => {
  // The floor has no target of its own: it is what React alone grows over the same window.
  const verdict = (x: number) => `**${x.toFixed(1)} KB** (${FLOOR.test(s.name) ? 'floor' : x < TARGET_KB ? 'met' : 'not met'})`
  const mid = Math.round((s.from + s.to) / 2)
  const at = s.readings.map((r) => `${r.cycle}: ${kb(r.used)} (${kb(r.code)})`).join(', ')
  return `| ${s.name} | ${s.from} → ${s.to} | ${at} | ${verdict(growth(s, 'used', s.from, s.to))} | ${growth(s, 'code', s.from, s.to).toFixed(1)} KB | ${verdict(growth(s, 'objects', s.from, s.to))} | ${growth(s, 'used', mid, s.to).toFixed(1)} KB | ${growth(s, 'blink', s.from, s.to).toFixed(1)} KB | ${s.ms.toFixed(0)} ms |`
})
const block = `<!-- bench:memory:start -->
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:memory\`${jsFlags.length ? ` with V8 flags \`${jsFlags.join(' ')}\`` : ''} (Chromium headless driven over CDP alone, the demo host's production
build, dev chains and the API server on the same ${cpus().length} cores; 1-minute load average ${load.toFixed(1)} at the start, on a machine shared with other work).
After forced full GCs (CDP \`HeapProfiler.collectGarbage\`, page idle in between, until the heap stops falling): V8's used heap
(\`Runtime.getHeapUsage\`), and from the heap snapshot taken right after, V8's compiled code (bytecode, machine code, feedback) and
V8's other objects; Blink's heap (\`embedderHeapUsedSize\`) apart. The compiled code of the bench's own helper in the page's isolate
(bench-memory-helper.js, found in the snapshot) is left out of V8's used heap and compiled code. Target: under ${TARGET_KB} KB.
The React-only floor is the same readings over React and react-dom alone (bench/hosts/react-only: a dialog of three buttons
mounted by one and unmounted by another), in a Chromium of its own: what React's own code grows over the window.

| cycles | window | V8 used heap at cycle: KB (of which compiled code) | growth of V8's used heap | of which compiled code | growth of V8's objects without compiled code | used heap, second half of the window | Blink's heap | time per cycle |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
<!-- bench:memory:end -->`
console.log(`\n${block}`)
for (const s of series) {
  const last = s.readings.at(-1)!.cycle
  if (last > s.to) console.log(`${s.name}: ${s.to} → ${last}: used ${growth(s, 'used', s.to, last).toFixed(1)} KB, code ${growth(s, 'code', s.to, last).toFixed(1)} KB, objects ${growth(s, 'objects', s.to, last).toFixed(1)} KB, Blink ${growth(s, 'blink', s.to, last).toFixed(1)} KB`)
}
if (write) {
  const file = join(root, 'BENCHMARKS.md')
  const current = readFileSync(file, 'utf8')
  if (!current.includes('<!-- bench:memory:start -->')) throw new Error('BENCHMARKS.md has no <!-- bench:memory:start --> marker')
  writeFileSync(file, current.replace(/<!-- bench:memory:start -->[\s\S]*?<!-- bench:memory:end -->/, block))
  console.log('written to BENCHMARKS.md')
}
