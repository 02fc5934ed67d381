import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'
import { command, listenPort } from '../cli.ts'
import { startCosmosLedger } from './index.ts'

const flags = command('npm run stack:cosmos -- [--port 26657]; --port 0 picks a free port.', { port: { type: 'string' }, production: { type: 'boolean' } })
exitOnDevDefaults('cosmos', () => devOnlyProblems('cosmos'))
const port = await listenPort(flags.port, 26657)

const cosmos = await startCosmosLedger({ port, log: (s) => console.error(s) })
console.log(`cosmos ready ${cosmos.rpcUrl} ${cosmos.caipNetworkId}`)
for (const a of cosmos.accounts) console.error(`cosmos: account ${a.index} ${a.address}`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void cosmos.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
