// `npm run stack:bundler`: Alto against the first dev chain of a running `npm run stack:chain` (it reads the
// deployment file that stack:chain writes), printing `bundler ready <url> eip155:<chainId>`.
import { DEFAULT_DEPLOYMENT_FILE, readDeployment } from '../chain/index.ts'
import { startBundler } from './index.ts'
import { bundlerProblems, exitOnDevDefaults } from '../production.ts'

// Production mode (--production or NODE_ENV=production) takes the chain and the paying key from the environment:
// PORTICO_BUNDLER_RPC_URL, PORTICO_BUNDLER_ENTRY_POINT, PORTICO_BUNDLER_EXECUTOR_KEY.
const env = process.env
exitOnDevDefaults('bundler', () =>
  bundlerProblems({ rpcUrl: env.PORTICO_BUNDLER_RPC_URL, entryPoint: env.PORTICO_BUNDLER_ENTRY_POINT, executorPrivateKey: env.PORTICO_BUNDLER_EXECUTOR_KEY }),
)
if (env.PORTICO_BUNDLER_RPC_URL && env.PORTICO_BUNDLER_ENTRY_POINT) {
  const bundler = await startBundler({
    rpcUrl: env.PORTICO_BUNDLER_RPC_URL,
    entryPoint: env.PORTICO_BUNDLER_ENTRY_POINT as `0x${string}`,
    executorPrivateKey: (env.PORTICO_BUNDLER_EXECUTOR_KEY || undefined) as `0x${string}` | undefined,
    port: 4337,
    log: (s) => console.error(s),
  })
  console.log(`bundler ready ${bundler.url}`)
  const stop = (): void => void bundler.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} else await devBundler()

async function devBundler(): Promise<void> {
  const deployment = readDeployment(DEFAULT_DEPLOYMENT_FILE)
  const [chainId, chain] = Object.entries(deployment.chains)[0] ?? []
  if (!chain) throw new Error(`no chain in ${DEFAULT_DEPLOYMENT_FILE}: start \`npm run stack:chain\` first`)
  const bundler = await startBundler({ rpcUrl: chain.rpcUrl, entryPoint: chain.contracts.entryPoint, port: 4337, log: (s) => console.error(s) })
  console.log(`bundler ready ${bundler.url} eip155:${chainId}`)
  const shutdown = (): void => void bundler.stop().then(() => process.exit(0))
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
