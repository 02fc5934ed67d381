import { startCosmosLedger } from './index.ts'

// npm run stack:cosmos -- [--port 26657]; --port 0 picks a free port.
function option(argv: string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`))
  if (inline) return inline.slice(name.length + 3)
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}

const argv = process.argv.slice(2)
const rawPort = option(argv, 'port') ?? '26657'
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port wants a port number, got "${rawPort}"`)

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
