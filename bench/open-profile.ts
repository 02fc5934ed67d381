/**
 * `npx tsx bench/open-profile.ts [--packed | --readable] [--runs N] [--host walletconnect]`: what runs between the click on
 * "Connect Wallet" and the painted first view (issue 31 item 2), beside the React-only host. Each host is built for
 * production (from the sources, or `--packed` as `npm run bench` builds it) and loaded RUNS times in a fresh context,
 * measured exactly as `npm run bench` measures it (bench/open.ts), with two recorders on:
 * - a Chromium trace (devtools.timeline) between user-timing marks around the click and the paint: the main thread's
 *   self time per trace event (script, style, layout, paint, ...), the median over the loads;
 * - a CPU profile (CDP `Profiler`, sampled every 50 µs) over the same open: self time per function (name, file),
 *   the samples between the same marks, summed over the loads.
 * Printed, not written: BENCHMARKS.md quotes what a run showed.
 */
import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { serveStatic } from '../demo/server.ts'
import { launchChromium } from '../tests/e2e/browser.ts'
import { BENCH_WALLET_SCRIPT } from './bench-wallet.ts'
import { buildHost, type HostSizes } from './build-hosts.ts'
import { measureOpen, PAGE_IDLE, PORTICO_VIEW, REACT_VIEW } from './open.ts'
import { preparePackedApp } from './packed-app.ts'

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  return i === -1 ? undefined : process.argv[i + 1]
}
const RUNS = Number(arg('runs')) || 15
const HOST = arg('host') ?? 'walletconnect'
let dump = false

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  cat: string
  args?: { name?: string; data?: unknown }
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}

/** Self time (µs) per event name on the renderer's main thread, between the open marks. */
function traceSelfTimes(events: TraceEvent[]): { total: number; self: Map<string, number>; window: [number, number] } {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const start = events.find((e) => e.name === 'portico-open-start')
  const end = events.find((e) => e.name === 'portico-open-end')
  if (!main || !start || !end) throw new Error('trace without the renderer main thread or the open marks')
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.ts + e.dur! > start.ts && e.ts < end.ts)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const self = new Map<string, number>()
  // Self time: an event's duration (clipped to the window) minus its children's.
  const stack: Array<{ e: TraceEvent; end: number }> = []
  const clip = (e: TraceEvent) => Math.max(0, Math.min(e.ts + e.dur!, end.ts) - Math.max(e.ts, start.ts))
  for (const e of onMain) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop()
    const parent = stack[stack.length - 1]
    const d = clip(e)
    // --dump: the first load's events of 0.1 ms or more, nested, with their arguments (element counts, functions).
    if (dump && d >= 100) console.log(`${'  '.repeat(stack.length)}${(d / 1000).toFixed(2)} ${e.name} ${JSON.stringify(e.args?.data ?? e.args ?? {}).slice(0, 160)}`)
    self.set(e.name, (self.get(e.name) ?? 0) + d)
    if (parent) self.set(parent.e.name, (self.get(parent.e.name) ?? 0) - d)
    stack.push({ e, end: e.ts + e.dur! })
  }
  return { total: end.ts - start.ts, self, window: [start.ts, end.ts] }
}

/** Self and total (inclusive) time (µs) per function of a CPU profile ("name file:line"). */
function profileTimes(
  profile: CpuProfile,
  window: [number, number],
  self: Map<string, number>,
  total: Map<string, number>,
): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame
    const file = url.split('/').pop() ?? ''
    return `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`
  }
  // Sample times are on the trace's clock: only the samples between the open marks count.
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!
    if (t < window[0] || t > window[1]) continue
    // A sample's time is the delta to the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0
    let id: number | undefined = profile.samples[i]!
    const key = keyOf(byId.get(id)!)
    self.set(key, (self.get(key) ?? 0) + dt)
    const seen = new Set<string>()
    for (; id !== undefined; id = parent.get(id)) {
      const k = keyOf(byId.get(id)!)
      if (seen.has(k)) continue
      seen.add(k)
      total.set(k, (total.get(k) ?? 0) + dt)
    }
  }
}

async function profileHost(host: HostSizes, done: string): Promise<void> {
  const server = serveStatic(host.outDir)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  const browser = await launchChromium()
  const times: number[] = []
  const traces: Array<Map<string, number>> = []
  const functions = new Map<string, number>()
  const inclusive = new Map<string, number>()
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext()
      await context.addInitScript(BENCH_WALLET_SCRIPT)
      const page: Page = await context.newPage()
      await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' })
      await page.evaluate(PAGE_IDLE)
      const cdp: CDPSession = await context.newCDPSession(page)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 })
      await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] })
      await cdp.send('Profiler.start')
      times.push(Number(await page.evaluate(measureOpen(done, true))))
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
      const { self, window } = traceSelfTimes(trace.traceEvents)
      traces.push(self)
      if (host.name !== 'react-only') dump = false
      profileTimes(profile, window, functions, inclusive)
      await context.close()
    }
  } finally {
    await browser.close()
    server.closeAllConnections()
    server.close()
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  console.log(`\n== ${host.name} (${host.build}): open-to-first-view median ${median(times).toFixed(1)} ms over ${RUNS} loads (with the recorders on) ==`)
  const names = new Set(traces.flatMap((t) => [...t.keys()]))
  const rows = [...names].map((name) => ({ name, ms: median(traces.map((t) => (t.get(name) ?? 0) / 1000)) })).filter((r) => r.ms >= 0.05)
  console.log('main thread, self time per trace event (median ms over the loads):')
  for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, 25)) console.log(`  ${r.ms.toFixed(2).padStart(7)}  ${r.name}`)
  console.log('CPU profile, self time per function (mean ms per load, idle excluded):')
  const fns = [...functions].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 30)
  for (const [k, us] of fns) console.log(`  ${(us / 1000 / RUNS).toFixed(2).padStart(7)}  ${k}`)
  console.log('CPU profile, total time per function, callees included (mean ms per load):')
  const tops = [...inclusive].filter(([k]) => !/^\((idle|root|program)\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOPS) || 45)
  for (const [k, us] of tops) console.log(`  ${(us / 1000 / RUNS).toFixed(2).padStart(7)}  ${k}`)
}

const packed = process.argv.includes('--packed') ? preparePackedApp() : undefined
let react: HostSizes
let portico: HostSizes
try {
  // --readable: not minified (source builds only), so the profile names React's and Portico's functions.
  const minify = !process.argv.includes('--readable')
  react = await buildHost('react-only', packed, { minify })
  portico = await buildHost(HOST, packed, { minify })
} finally {
  packed?.remove()
}
console.log(`built into ${join('bench', '.out')}`)
await profileHost(react, REACT_VIEW)

dump = process.argv.includes('--dump')
await profileHost(portico, PORTICO_VIEW)
