import { startDevChains, DEFAULT_DEPLOYMENT_FILE } from './index.ts'

// Fixed ports by default so the demo has stable URLs; --port-base 0 picks free ports.
function parsePortBase(argv: string[]): number {
  const i = argv.indexOf('--port-base')
  const inline = argv.find((a) => a.startsWith('--port-base='))
  const raw = inline ? inline.slice('--port-base='.length) : i >= 0 ? argv[i + 1] : undefined
  if (raw === undefined) return 8545
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 65534) throw new Error(`--port-base wants a port number, got "${raw}"`)
  return n
}

const t0 = performance.now()
const dev = await startDevChains({
  port: parsePortBase(process.argv.slice(2)),
  deploymentFile: DEFAULT_DEPLOYMENT_FILE,
  log: (s) => console.error(s),
})
for (const c of dev.chains) console.log(`chain ready ${c.rpcUrl} ${c.chainId}`)
console.error(`deployment written to ${DEFAULT_DEPLOYMENT_FILE} (${Math.round(performance.now() - t0)} ms)`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void dev.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
