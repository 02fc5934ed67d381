import { parseRelayFlags } from './cli.ts'
import { startRelay } from './index.ts'
import { exitOnDevDefaults, relayProblems, withoutProductionFlag } from '../production.ts'

/**
 * `npm run stack:relay -- --port 8787 [--verbose] [--redis redis://127.0.0.1:6379] [--max-… N] [--verify-origin URL]`:
 * a WalletConnect relay for the demo, the e2e tests and self-hosting (docs/SELF-HOSTING.md lists every flag).
 */
let flags: ReturnType<typeof parseRelayFlags>
try {
  flags = parseRelayFlags(withoutProductionFlag(process.argv.slice(2)), process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
exitOnDevDefaults('relay', () => relayProblems(flags))
const { verbose, ...options } = flags
const relay = await startRelay({ ...options, log: verbose ? (line) => console.log(line) : undefined })
console.log(`relay ready ${relay.url}`)

let stopping = false
async function shutdown(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  if (verbose) console.log(`relay: ${signal}, stopping`)
  await relay.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
