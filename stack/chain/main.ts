// `npm run stack:chain`: every local chain of the stack (EVM dev chains, Solana, Bitcoin regtest, Cosmos), each
// printing `<name> ready <url> <caip-2>`. Fixed well-known ports by default so the demo has stable URLs;
// `--port-base 0` picks free ports for all of them.
import { DEFAULT_DEPLOYMENT_FILE } from './index.ts'
import { startLocalChains } from '../local-chains.ts'
import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'

exitOnDevDefaults('chain', () => devOnlyProblems('chain'))

function freePorts(argv: string[]): boolean {
  const i = argv.indexOf('--port-base')
  const inline = argv.find((a) => a.startsWith('--port-base='))
  const raw = inline ? inline.slice('--port-base='.length) : i >= 0 ? argv[i + 1] : undefined
  if (raw === undefined || raw === '8545') return false
  if (raw === '0') return true
  throw new Error(`--port-base takes 0 (free ports) or 8545 (the default), got "${raw}"`)
}

const t0 = performance.now()
const free = freePorts(process.argv.slice(2))
const chains = await startLocalChains({
  ports: free ? 'free' : 'fixed',
  writeDeployments: true,
  log: (s) => console.error(s),
})
for (const line of chains.readyLines()) console.log(line)
if (!free) console.error(`deployment written to ${DEFAULT_DEPLOYMENT_FILE} (${Math.round(performance.now() - t0)} ms)`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void chains.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
