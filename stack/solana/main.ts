import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'
import { command, listenPort, orExit, parseInteger } from '../cli.ts'
import { DEFAULT_SOLANA_DEPLOYMENT_FILE, startSolanaCluster } from './index.ts'

const flags = command(
  `npm run stack:solana -- [--port 8899] [--slot-ms 400] [--deployment stack/solana/.data/deployment.json]
  RPC on --port and PubSub on the next port, a validator's ports by default; --port 0 picks free ones.`,
  { port: { type: 'string' }, 'slot-ms': { type: 'string' }, deployment: { type: 'string' }, production: { type: 'boolean' } },
)
exitOnDevDefaults('solana', () => devOnlyProblems('solana'))
const slotMs = orExit(() => parseInteger(flags['slot-ms'], 400, 60_000, '--slot-ms'))
// PubSub listens on port + 1, so the highest RPC port is 65534.
const port = await listenPort(flags.port, 8899, '--port', 65_534)
const deploymentFile = flags.deployment ?? DEFAULT_SOLANA_DEPLOYMENT_FILE
const t0 = performance.now()
const cluster = await startSolanaCluster({
  port,
  slotMs,
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
