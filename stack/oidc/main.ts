import { readFileSync } from 'node:fs'
import { devOnlyProblems, exitOnDevDefaults } from '../production.ts'
import { command, listenPort } from '../cli.ts'
import { startOidc, type OidcClient } from './index.ts'

/**
 * `npm run stack:oidc -- [--port 8790] [--clients clients.json] [--client-id id --client-secret secret
 * --redirect-uri url [--redirect-uri url ...] [--client-name name]]`: the six local OpenID providers on one port.
 * `--clients` is a JSON array of `{ client_id, client_secret, redirect_uris, client_name? }`; `PORTICO_OIDC_CLIENT_SECRET`
 * stands in for `--client-secret`. Prints `oidc ready <url>`, then one `oidc issuer <provider> <issuer>` line each.
 */
function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

const values = command(
  `npm run stack:oidc -- [--port 8790] [--clients clients.json]
  [--client-id id --client-secret secret --redirect-uri url [--redirect-uri url ...] [--client-name name]]
PORTICO_OIDC_CLIENT_SECRET stands in for --client-secret.`,
  {
    port: { type: 'string' },
    clients: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'client-name': { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    production: { type: 'boolean' },
  },
)
exitOnDevDefaults('oidc', () => devOnlyProblems('oidc'))
const port = await listenPort(values.port, 0)

const clients: OidcClient[] = []
if (values.clients !== undefined) {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(values.clients, 'utf8'))
  } catch (error) {
    fail(`--clients: ${(error as Error).message}`)
  }
  if (!Array.isArray(parsed)) fail('--clients must hold a JSON array of clients')
  clients.push(...(parsed as OidcClient[]))
}
if (values['client-id'] !== undefined) {
  const secret = values['client-secret'] ?? process.env.PORTICO_OIDC_CLIENT_SECRET
  if (!secret) fail('--client-id needs --client-secret (or PORTICO_OIDC_CLIENT_SECRET)')
  if (!values['redirect-uri']?.length) fail('--client-id needs at least one --redirect-uri')
  clients.push({
    client_id: values['client-id'],
    client_secret: secret,
    redirect_uris: values['redirect-uri'],
    ...(values['client-name'] ? { client_name: values['client-name'] } : {}),
  })
}

let oidc: Awaited<ReturnType<typeof startOidc>>
try {
  oidc = await startOidc({ port, clients })
} catch (error) {
  fail(`oidc: ${(error as Error).message}`)
}
console.log(`oidc ready ${oidc.url}`)
for (const provider of Object.keys(oidc.users) as Array<keyof typeof oidc.users>) {
  console.log(`oidc issuer ${provider} ${oidc.issuer(provider)}`)
}
if (clients.length === 0) console.log('oidc: no clients registered (pass --clients or --client-id)')

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await oidc.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
