import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_DEPLOYMENT_FILE, DEFAULT_DEV_CHAINS, readDeployment, type Deployment } from '../chain/index.ts'
import { command, listenPort } from '../cli.ts'
import { parseTrustProxyFlag } from '../trust-proxy.ts'
import { DEFAULT_EVENT_RATE_LIMIT, startApiServer } from './index.ts'
import { apiProblems, exitOnDevDefaults } from '../production.ts'

const USAGE = `npm run stack:api -- [--port 8788] [--data-dir stack/api/.data/db | --database-url postgres://...]
  [--deployment file] [--demo-wallet-url url] [--project-ids a,b] [--events-per-client 120]
  [--events-per-project 1200] [--admin-token token] [--trust-proxy[=hops|addresses]] [--host 127.0.0.1]
  [--public-url https://api.example] [--allowed-origins https://app.example,...] [--no-onramp-provider-page] [--production]
PORTICO_API_DATABASE_URL and PORTICO_API_ADMIN_TOKEN stand in for the two flags that carry secrets, which other users
of the machine could read from the process list.`
const here = dirname(fileURLToPath(import.meta.url))

// A bare --trust-proxy is one proxy; --trust-proxy=2 two; --trust-proxy=127.0.0.1,10.0.0.0/8 only those
// (stack/trust-proxy.ts; parseArgs has no optional values).
const args = process.argv.slice(2).map((a) => (a === '--trust-proxy' ? '--trust-proxy=1' : a))
const flags = command(
  USAGE,
  {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    deployment: { type: 'string' },
    'demo-wallet-url': { type: 'string' },
    'project-ids': { type: 'string' },
    'events-per-client': { type: 'string' },
    'events-per-project': { type: 'string' },
    'admin-token': { type: 'string' },
    'trust-proxy': { type: 'string' },
    host: { type: 'string' },
    'public-url': { type: 'string' },
    'allowed-origins': { type: 'string' },
    'no-onramp-provider-page': { type: 'boolean' },
    production: { type: 'boolean' },
  },
  args,
)
const port = await listenPort(flags.port, 8788)
const positiveInt = (name: 'events-per-client' | 'events-per-project', fallback: number): number => {
  const raw = flags[name]
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} wants a whole number of events per minute (1 or more), got "${raw}"`)
  return n
}
const databaseUrl = (flags['database-url'] ?? process.env.PORTICO_API_DATABASE_URL) || undefined
if (databaseUrl && flags['data-dir']) throw new Error('--data-dir (PGlite) and --database-url (PostgreSQL) exclude each other')
const dataDir = databaseUrl ? undefined : resolve(flags['data-dir'] ?? join(here, '.data', 'db'))
const projectIds = flags['project-ids']?.split(',').map((p) => p.trim()).filter(Boolean)
const eventRateLimit = {
  perClient: positiveInt('events-per-client', DEFAULT_EVENT_RATE_LIMIT.perClient),
  perProject: positiveInt('events-per-project', DEFAULT_EVENT_RATE_LIMIT.perProject),
  windowMs: 60_000,
}
const givenAdminToken = (flags['admin-token'] ?? process.env.PORTICO_API_ADMIN_TOKEN) || undefined
const adminToken = givenAdminToken ?? randomBytes(32).toString('base64url')
const deploymentFile = flags.deployment ?? DEFAULT_DEPLOYMENT_FILE
const allowedOrigins = flags['allowed-origins']?.split(',').map((o) => o.trim()).filter(Boolean)
const onrampProviderPage = !flags['no-onramp-provider-page']
exitOnDevDefaults('api', () =>
  apiProblems({
    databaseUrl,
    dataDir: flags['data-dir'],
    allowedOrigins,
    projectIds,
    adminToken: givenAdminToken,
    onrampProviderPage,
    publicUrl: flags['public-url'],
    chainsFromDevDeployment: existsSync(deploymentFile),
  }),
)

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
  host: flags.host,
  publicUrl: flags['public-url'],
  allowedOrigins,
  onrampProviderPage,
  dataDir,
  databaseUrl,
  chains,
  deployment,
  demoWalletUrl: flags['demo-wallet-url'],
  projectIds,
  eventRateLimit,
  adminToken,
  trustProxy: flags['trust-proxy'] === undefined ? false : parseTrustProxyFlag(flags['trust-proxy'], 'api: --trust-proxy'),
  log: (s) => console.error(s),
})
// A generated token is printed once, here: whoever runs the server reads events with it (GET /e).
if (!givenAdminToken) console.log(`api admin token ${adminToken}`)
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
