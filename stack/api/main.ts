import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_DEPLOYMENT_FILE, DEFAULT_DEV_CHAINS, readDeployment, type Deployment } from '../chain/index.ts'
import { startApiServer } from './index.ts'

// npm run stack:api -- [--port 8788] [--data-dir stack/api/.data/db] [--deployment file] [--demo-wallet-url url]
const here = dirname(fileURLToPath(import.meta.url))

function option(argv: string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`))
  if (inline) return inline.slice(name.length + 3)
  const i = argv.indexOf(`--${name}`)
  return i >= 0 ? argv[i + 1] : undefined
}

const argv = process.argv.slice(2)
const rawPort = option(argv, 'port') ?? '8788'
const port = Number(rawPort)
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port wants a port number, got "${rawPort}"`)
const dataDir = resolve(option(argv, 'data-dir') ?? join(here, '.data', 'db'))
const deploymentFile = option(argv, 'deployment') ?? DEFAULT_DEPLOYMENT_FILE

// The chains come from the deployment `npm run stack:chain` wrote; without it the API serves the registry only.
let deployment: Deployment | undefined
if (existsSync(deploymentFile)) {
  deployment = readDeployment(deploymentFile)
  console.error(`api: reading dev chains from ${deploymentFile}`)
} else {
  console.error(`api: no deployment at ${deploymentFile}; blockchain paths will answer empty`)
}
const chains = Object.entries(deployment?.chains ?? {}).map(([id, c]) => ({
  chainId: Number(id),
  name: DEFAULT_DEV_CHAINS.find((d) => d.chainId === Number(id))?.name ?? `Chain ${id}`,
  rpcUrl: c.rpcUrl,
}))

const server = await startApiServer({
  port,
  dataDir,
  chains,
  deployment,
  demoWalletUrl: option(argv, 'demo-wallet-url'),
  log: (s) => console.error(s),
})
console.log(`api ready ${server.url}`)

let stopping = false
const shutdown = (): void => {
  if (stopping) return
  stopping = true
  void server.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err)
      process.exit(1)
    },
  )
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
