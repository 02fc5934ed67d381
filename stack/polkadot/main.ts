import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'
import { command, listenPort } from '../cli.ts'
import { POLKADOT_DEFAULT_PORT, startPolkadotChain } from './index.ts'

const flags = command(`npm run stack:polkadot -- [--port ${POLKADOT_DEFAULT_PORT}]; --port 0 picks a free port.`, { port: { type: 'string' }, production: { type: 'boolean' } })
exitOnDevDefaults('polkadot', () => devOnlyProblems('polkadot'))
const port = await listenPort(flags.port, POLKADOT_DEFAULT_PORT)

const chain = await startPolkadotChain({ port, log: (s) => console.error(s) })
console.log(`polkadot ready ${chain.wsUrl} ${chain.caipNetworkId}`)
for (const a of chain.accounts) console.error(`polkadot: ${a.uri} ${a.type} ${a.address}`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void chain.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
