import { startBitcoinRegtest } from './index.ts'

// npm run stack:bitcoin -- [--port 3002] [--no-automine]; --port 0 picks a free port.
function option(argv: string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`))
  if (inline) return inline.slice(name.length + 3)
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}

const argv = process.argv.slice(2)
const rawPort = option(argv, 'port') ?? '3002'
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port wants a port number, got "${rawPort}"`)

const regtest = await startBitcoinRegtest({ port, automine: !argv.includes('--no-automine'), log: (s) => console.error(s) })
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
