import { startRelay } from './index.ts'

/** `npm run stack:relay -- --port 8787 [--verbose]`: a local WalletConnect relay for the demo and e2e tests. */
function readPort(argv: string[]): number {
  const index = argv.indexOf('--port')
  if (index === -1) return 8787
  const port = Number(argv[index + 1])
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`relay: --port needs a port number, got ${argv[index + 1] ?? 'nothing'}`)
    process.exit(2)
  }
  return port
}

const argv = process.argv.slice(2)
const verbose = argv.includes('--verbose')
const relay = await startRelay({
  port: readPort(argv),
  log: verbose ? (line) => console.log(line) : undefined,
})
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
