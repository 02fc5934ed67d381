// TEMP (not committed): quick open-time A/B on source builds.
import { serveStatic } from '../demo/server.ts'
import { launchChromium } from '../tests/e2e/browser.ts'
import { BENCH_WALLET_SCRIPT } from './bench-wallet.ts'
import { buildHost } from './build-hosts.ts'
import { measureOpen, PAGE_IDLE, PORTICO_VIEW, REACT_VIEW } from './open.ts'
const RUNS = Number(process.env.RUNS) || 31
const ROUNDS = Number(process.env.ROUNDS) || 3
const hosts = [
  { h: await buildHost('react-only'), done: REACT_VIEW },
  { h: await buildHost('walletconnect'), done: PORTICO_VIEW },
]
const servers = await Promise.all(hosts.map(async (x) => { const s = serveStatic(x.h.outDir); await new Promise<void>((r) => s.listen(0, '127.0.0.1', r)); return s }))
const browser = await launchChromium()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ratios: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  const times: number[][] = [[], []]
  for (let i = 0; i < RUNS; i++) for (let k = 0; k < 2; k++) {
    const j = (i + k) % 2
    const { port } = servers[j]!.address() as { port: number }
    const context = await browser.newContext()
    await context.addInitScript(BENCH_WALLET_SCRIPT)
    const page = await context.newPage()
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' })
    await page.evaluate(PAGE_IDLE)
    times[j]!.push(Number(await page.evaluate(measureOpen(hosts[j]!.done))))
    await context.close()
  }
  const r = median(times[1]!) / median(times[0]!)
  ratios.push(r)
  console.log(`round ${round}: react ${median(times[0]!).toFixed(2)} portico ${median(times[1]!).toFixed(2)} ratio ${r.toFixed(2)}`)
}
console.log(`LABEL=${process.env.LABEL} median ratio ${median(ratios).toFixed(2)}`)
await browser.close()
for (const s of servers) { s.closeAllConnections(); s.close() }
