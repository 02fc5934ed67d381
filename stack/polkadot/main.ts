import { POLKADOT_DEFAULT_PORT, startPolkadotChain } from './index.ts'

// npm run stack:polkadot -- [--port 9944]; --port 0 picks a free port.
function option(argv: string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`))
  if (inline) return inline.slice(name.length + 3)
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}

const argv = process.argv.slice(2)
const rawPort = option(argv, 'port') ?? String(POLKADOT_DEFAULT_PORT)
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port wants a port number, got "${rawPort}"`)

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
