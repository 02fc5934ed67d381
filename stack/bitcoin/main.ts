import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'
import { command, listenPort } from '../cli.ts'
import { startBitcoinRegtest } from './index.ts'

const flags = command('npm run stack:bitcoin -- [--port 3002] [--no-automine] [--production: refused, a dev chain]; --port 0 picks a free port.', {
  port: { type: 'string' },
  'no-automine': { type: 'boolean' },
  production: { type: 'boolean' },
})
exitOnDevDefaults('bitcoin', () => devOnlyProblems('bitcoin'))
const port = await listenPort(flags.port, 3002)

const regtest = await startBitcoinRegtest({ port, automine: !flags['no-automine'], log: (s) => console.error(s) })
console.log(`bitcoin ready ${regtest.url} ${regtest.caipNetworkId}`)
for (const a of regtest.accounts) console.error(`bitcoin: account ${a.index} payment ${a.payment.address} ordinals ${a.ordinals.address}`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void regtest.stop().then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
