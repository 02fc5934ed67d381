// `npm run stack:farcaster`: the Farcaster auth relay and demo app against the first dev chain of a running
// `npm run stack:chain` (read from its deployment file); prints `farcaster relay <url>` and the demo users.
import { DEFAULT_DEPLOYMENT_FILE, readDeployment } from '../chain/index.ts'
import { startFarcasterRelay } from './index.ts'
import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'

exitOnDevDefaults('farcaster', () => devOnlyProblems('farcaster'))

const deployment = readDeployment(DEFAULT_DEPLOYMENT_FILE)
const chain = Object.values(deployment.chains)[0]
if (!chain) throw new Error(`no chain in ${DEFAULT_DEPLOYMENT_FILE}: start \`npm run stack:chain\` first`)
const relay = await startFarcasterRelay({ rpcUrl: chain.rpcUrl, port: 8789 })
console.log(`farcaster relay ${relay.url}`)
for (const u of relay.users) console.log(`farcaster user @${u.username} fid ${u.fid} custody ${u.custody}`)
const shutdown = (): void => void relay.stop().then(() => process.exit(0))
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
