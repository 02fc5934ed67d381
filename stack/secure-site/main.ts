import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseTrustProxyFlag } from '../trust-proxy.ts'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { DEFAULT_DEPLOYMENT_FILE, readDeployment } from '../chain/index.ts'
import { DEFAULT_SOLANA_DEPLOYMENT_FILE, readSolanaDeployment } from '../solana/index.ts'
import { startMailSink, type MailSink } from '../mail/index.ts'
import { startOidc, type OidcStack } from '../oidc/index.ts'
import { startSecureSite } from './server/index.ts'
import { exitOnDevDefaults, secureSiteProblems } from '../production.ts'

/**
 * `npm run stack:secure-site -- [--port 8791] [--data-dir stack/secure-site/.data] [--project-ids a,b]
 *   [--api-url http://127.0.0.1:8788 | --allowed-origins http://localhost:*,https://app.example]
 *   [--smtp 127.0.0.1:2525] [--oidc-url http://127.0.0.1:8790] [--evm-rpc 31337=http://127.0.0.1:8545 ...]
 *   [--solana-rpc http://127.0.0.1:8899] [--bundler-url http://127.0.0.1:4337 [--smart-account-chains 31337,...]]
 *   [--sessions-api-url http://127.0.0.1:8788] [--farcaster-relay http://127.0.0.1:8789 [--farcaster-rpc url]]
 *   [--sponsor-url http://127.0.0.1:4338 [--paymaster-origins https://pm.example,...]]
 *   [--host 127.0.0.1] [--public-url https://secure.example] [--trust-proxy[=hops|addresses]] [--oidc-issuers issuers.json] [--database-url postgres://...] [--redis-url redis://...]
 *   [--production]`
 *
 * Production mode (`--production` or NODE_ENV=production) refuses every dev default, naming it: it wants
 * `--public-url` (https), `--project-ids`, `--api-url` or `--allowed-origins` (no localhost), `--smtp` with TLS,
 * `PORTICO_SECURE_SITE_MASTER_KEY`, `--data-dir`, `--evm-rpc`, and for social login `--oidc-issuers` (a JSON object
 * provider -> issuer URL) with `PORTICO_OIDC_CLIENT_SECRET`; it never starts the dev mail sink or OpenID providers.
 *
 * Smart accounts are offered when `--bundler-url` is given: on `--smart-account-chains` (default: the first chain of
 * the deployment file), with the ERC-4337 contracts the deployment file records. Farcaster sign-in is offered when
 * `--farcaster-relay` is given; `--farcaster-rpc` (default: the first deployment chain's RPC) is where the registries live.
 * EIP-7702 upgrades of the EOA are offered on the deployment's chains with the seeded delegate.
 * `--sponsor-url` (the stack's sponsor, `npm run stack:sponsor`) pays, by its policy for the host's project
 * (`<sponsor-url>/<projectId>`) when the host names no paymasterUrl, the smart accounts' gas and the upgraded EOAs'
 * upgrades and batches on the bundler's chains (docs/SPONSORED-GAS.md, docs/EIP-7702.md).
 *
 * The secure site with the services it needs. Without `--smtp` it starts its own mail sink, without `--oidc-url` its
 * own OpenID providers (with its client registered); given `--oidc-url`, that server must already know the client
 * printed on the `secure site oidc client` line. EVM and Solana RPC URLs default to the deployment files that
 * `npm run stack:chain` writes. The master key is `<data-dir>/master.key` unless `PORTICO_SECURE_SITE_MASTER_KEY`
 * (64 hex) is set; `PORTICO_OIDC_CLIENT_SECRET` sets the OIDC client secret. Prints `secure site ready <url>`.
 */
const here = dirname(fileURLToPath(import.meta.url))

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

let values: Record<string, string | string[] | boolean | undefined>
try {
  ;({ values } = parseArgs({
    // A bare --trust-proxy is one proxy; --trust-proxy=2 two; --trust-proxy=10.0.0.1,10.0.0.0/8 only those.
    args: process.argv.slice(2).map((a) => (a === '--trust-proxy' ? '--trust-proxy=1' : a)),
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'project-ids': { type: 'string' },
      'api-url': { type: 'string' },
      'allowed-origins': { type: 'string' },
      smtp: { type: 'string' },
      'oidc-url': { type: 'string' },
      'evm-rpc': { type: 'string', multiple: true },
      'solana-rpc': { type: 'string' },
      'bundler-url': { type: 'string' },
      'smart-account-chains': { type: 'string' },
      'sessions-api-url': { type: 'string' },
      'farcaster-relay': { type: 'string' },
      'farcaster-rpc': { type: 'string' },
      'sponsor-url': { type: 'string' },
      'paymaster-origins': { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'oidc-issuers': { type: 'string' },
      production: { type: 'boolean' },
    },
    strict: true,
  }))
} catch (e) {
  fail((e as Error).message)
}
const str = (k: string) => values[k] as string | undefined
const list = (k: string) => str(k)?.split(',').map((s) => s.trim()).filter(Boolean)

const port = Number(str('port') ?? '8791')
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail('--port must be a port number (0-65535)')

let oidcIssuers: Record<string, string> | undefined
if (str('oidc-issuers')) {
  try {
    oidcIssuers = JSON.parse(readFileSync(str('oidc-issuers')!, 'utf8')) as Record<string, string>
  } catch (e) {
    fail(`--oidc-issuers: ${(e as Error).message}`)
  }
}
const smtpFlag = str('smtp')
exitOnDevDefaults('secure site', () =>
  secureSiteProblems({
    publicUrl: str('public-url'),
    projectIds: list('project-ids'),
    apiUrl: str('api-url') ?? process.env.PORTICO_API_URL,
    allowedOrigins: list('allowed-origins'),
    smtp: smtpFlag ? { host: smtpFlag } : undefined,
    oidcIssuers,
    oidcClientSecret: process.env.PORTICO_OIDC_CLIENT_SECRET || undefined,
    masterKey: process.env.PORTICO_SECURE_SITE_MASTER_KEY || undefined,
    dataDir: str('data-dir'),
    databaseUrl: str('database-url') ?? process.env.PORTICO_SECURE_SITE_DATABASE_URL,
    evmRpcUrls: values['evm-rpc'] ? Object.fromEntries((values['evm-rpc'] as string[]).map((p) => p.split('=', 2) as [string, string])) : undefined,
  }),
)

const evmRpcUrls: Record<number, string> = {}
const deployment = existsSync(DEFAULT_DEPLOYMENT_FILE) ? readDeployment(DEFAULT_DEPLOYMENT_FILE) : undefined
const smartAccountContracts: Record<number, { entryPoint: `0x${string}`; porticoAccountFactory: `0x${string}` }> = {}
/** EIP-7702 (issue 29 part 2): offered on the deployment's chains that carry the seeded delegate. */
const porticoDelegates: Record<number, `0x${string}`> = {}
if (deployment) {
  for (const [id, c] of Object.entries(deployment.chains)) {
    evmRpcUrls[Number(id)] = c.rpcUrl
    if (c.contracts.entryPoint && c.contracts.porticoAccountFactory) smartAccountContracts[Number(id)] = c.contracts
    if (c.contracts.porticoDelegate) porticoDelegates[Number(id)] = c.contracts.porticoDelegate
  }
}
for (const pair of (values['evm-rpc'] as string[] | undefined) ?? []) {
  const m = /^(\d+)=(https?:\/\/.+)$/.exec(pair)
  if (!m) fail(`--evm-rpc wants <chainId>=<url>, got "${pair}"`)
  evmRpcUrls[Number(m[1])] = m[2]!
}
if (Object.keys(evmRpcUrls).length === 0) evmRpcUrls[31337] = 'http://127.0.0.1:8545'
const solanaRpcUrl =
  str('solana-rpc') ?? (existsSync(DEFAULT_SOLANA_DEPLOYMENT_FILE) ? readSolanaDeployment(DEFAULT_SOLANA_DEPLOYMENT_FILE).rpcUrl : undefined)

const firstChain = Object.keys(evmRpcUrls).map(Number)[0]
const smartAccountChainIds = str('bundler-url')
  ? (list('smart-account-chains')?.map(Number) ?? (firstChain === undefined ? [] : [firstChain]))
  : []
if (smartAccountChainIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) fail('--smart-account-chains wants chain ids, e.g. 31337,31338')

let mail: MailSink | undefined
let smtp: { host: string; port: number; requireTLS?: boolean }
if (str('smtp')) {
  const m = /^([^:]+):(\d+)$/.exec(str('smtp')!)
  if (!m) fail('--smtp wants <host>:<port>')
  smtp = { host: m[1]!, port: Number(m[2]) }
} else {
  mail = await startMailSink()
  console.log(`mail ready ${mail.url} smtp ${mail.smtpHost}:${mail.smtpPort}`)
  smtp = { host: mail.smtpHost, port: mail.smtpPort, requireTLS: false } // the dev sink speaks plain SMTP
}

let oidc: OidcStack | undefined
const oidcUrl = str('oidc-url')?.replace(/\/$/, '')
const trustProxy = str('trust-proxy')
const dbUrl = str('database-url') ?? process.env.PORTICO_SECURE_SITE_DATABASE_URL
const redisUrl = str('redis-url') ?? process.env.PORTICO_SECURE_SITE_REDIS_URL
const site = await startSecureSite({
  port,
  host: str('host'),
  publicUrl: str('public-url'),
  trustProxy: trustProxy === undefined ? false : parseTrustProxyFlag(trustProxy, 'secure-site: --trust-proxy'),
  dataDir: resolve(str('data-dir') ?? join(here, '.data')),
  ...(dbUrl ? { databaseUrl: dbUrl } : {}),
  ...(redisUrl ? { redisUrl } : {}),
  projectId: list('project-ids'),
  apiUrl: str('api-url') ?? process.env.PORTICO_API_URL,
  allowedOrigins: list('allowed-origins'),
  smtp,
  oidc: {
    issuer: (provider) => oidcIssuers?.[provider] ?? (oidcUrl ? `${oidcUrl}/${provider}` : oidc!.issuer(provider)),
    clientSecret: process.env.PORTICO_OIDC_CLIENT_SECRET || undefined,
  },
  evmRpcUrls,
  solanaRpcUrl,
  masterKey: process.env.PORTICO_SECURE_SITE_MASTER_KEY || undefined,
  smartAccountChainIds,
  smartAccountContracts,
  bundlerUrl: str('bundler-url'),
  sessionsApiUrl: str('sessions-api-url'),
  farcasterRelayUrl: str('farcaster-relay'),
  farcasterRpcUrl: str('farcaster-rpc') ?? (firstChain === undefined ? undefined : evmRpcUrls[firstChain]),
  ...(Object.keys(porticoDelegates).length ? { eip7702: { delegates: porticoDelegates } } : {}),
  sponsorUrl: str('sponsor-url'),
  paymasterOrigins: str('paymaster-origins')?.split(',').map((o) => o.trim()).filter(Boolean),
}).catch((e: Error) => fail(`secure site: ${e.message}`))

if (!oidcUrl && !oidcIssuers) {
  oidc = await startOidc({ clients: [site.oidcClient] })
  console.log(`oidc ready ${oidc.url}`)
} else {
  const { client_secret: _secret, ...client } = site.oidcClient
  console.log(`secure site oidc client ${JSON.stringify(client)}`)
}
console.log(`secure site ready ${site.url}`)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await site.stop()
  await Promise.allSettled([oidc?.stop(), mail?.stop()])
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
