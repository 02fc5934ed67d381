// `npm run stack:bundler`: Alto against the first dev chain of a running `npm run stack:chain` (it reads the
// deployment file that stack:chain writes), printing `bundler ready <url> eip155:<chainId>`.
import { DEFAULT_DEPLOYMENT_FILE, readDeployment } from '../chain/index.ts'
import { startBundler } from './index.ts'

const deployment = readDeployment(DEFAULT_DEPLOYMENT_FILE)
const [chainId, chain] = Object.entries(deployment.chains)[0] ?? []
if (!chain) throw new Error(`no chain in ${DEFAULT_DEPLOYMENT_FILE}: start \`npm run stack:chain\` first`)
const bundler = await startBundler({ rpcUrl: chain.rpcUrl, entryPoint: chain.contracts.entryPoint, port: 4337, log: (s) => console.error(s) })
console.log(`bundler ready ${bundler.url} eip155:${chainId}`)
const shutdown = (): void => void bundler.stop().then(() => process.exit(0))
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
