/**
 * The chopsticks process behind startPolkadotChain (index.ts): reads its config as JSON from argv[2], starts
 * chopsticks' server from the Rococo Asset Hub raw genesis, prints `READY <host:port>` on stdout, and exits when
 * told (SIGTERM/SIGINT) or when its parent goes away (stdin closes).
 *
 * It runs in its own process because chopsticks installs process-wide hooks on import (global-agent patches Node's
 * http agents, pino starts a logging thread that keeps the process alive) and holds ~250 MB; none of that belongs in
 * the demo server or a test worker.
 */
import { setupWithServer, BuildBlockMode } from '@acala-network/chopsticks'
import { chainSpec } from '@substrate/connect-known-chains/rococo_v2_2_asset_hub'

type ChildConfig = { port: number; importStorage: unknown }

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig

const server = await setupWithServer({
  host: '127.0.0.1',
  port: config.port,
  genesis: JSON.parse(chainSpec),
  'build-block-mode': BuildBlockMode.Instant,
  'import-storage': config.importStorage,
} as Parameters<typeof setupWithServer>[0])

let closing = false
const close = (): void => {
  if (closing) return
  closing = true
  const done = () => process.exit(0)
  server.close().then(done, done)
}
process.on('SIGTERM', close)
process.on('SIGINT', close)
process.stdin.on('end', close)
process.stdin.on('error', close)
process.stdin.resume()

process.stdout.write(`READY ${server.addr}\n`)
