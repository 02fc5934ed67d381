import { DEFAULT_SOLANA_DEPLOYMENT_FILE, startSolanaCluster } from './index.ts'

function flag(argv: string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`))
  if (inline) return inline.slice(name.length + 3)
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}

function integerFlag(argv: string[], name: string, fallback: number, max: number): number {
  const raw = flag(argv, name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`--${name} wants an integer from 0 to ${max}, got "${raw}"`)
  return n
}

const argv = process.argv.slice(2)
const deploymentFile = flag(argv, 'deployment') ?? DEFAULT_SOLANA_DEPLOYMENT_FILE
const t0 = performance.now()
const cluster = await startSolanaCluster({
  // A validator's ports by default (RPC 8899, PubSub 8900) so the demo has stable URLs; --port 0 picks free ones.
  port: integerFlag(argv, 'port', 8899, 65534),
  slotMs: integerFlag(argv, 'slot-ms', 400, 60_000),
  deploymentFile,
  log: (s) => console.error(s),
})
console.log(`solana ready ${cluster.rpcUrl} ${cluster.caipNetworkId}`)
console.error(`deployment written to ${deploymentFile} (${Math.round(performance.now() - t0)} ms)`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void cluster.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
