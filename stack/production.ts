/**
 * Production mode of the stack's services (issue 27 item 1). `NODE_ENV=production` or `--production` makes a service
 * take its public URL and secrets from its configuration and refuse to start, naming each missing setting, whenever a
 * dev default would otherwise be used. Dev mode (no flag, NODE_ENV unset or anything else) keeps every default, as
 * `npm run demo` and the tests use them.
 *
 * Each `*Problems` function answers the dev defaults the given options would use, one line each, starting with the
 * setting's name; `refuseDevDefaults` throws them as one `DevDefaultError`. The services that only exist for
 * development (local chains with publicly known funded keys, the mail sink, the passwordless OpenID providers, the
 * Farcaster demo relay) answer one line whatever their options: production mode refuses them outright.
 */

/** Thrown when production mode would use a dev default: the message names the service and every problem. */
export class DevDefaultError extends Error {
  constructor(
    readonly service: string,
    readonly problems: readonly string[],
  ) {
    super(`${service}: production mode refuses to start with dev defaults:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** True for `--production` among the arguments or `NODE_ENV=production`. */
export function isProduction(argv: readonly string[] = process.argv.slice(2), env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return argv.includes('--production') || env.NODE_ENV === 'production'
}

/** The arguments without `--production` (for mains whose parser is strict). */
export const withoutProductionFlag = (argv: readonly string[]): string[] => argv.filter((a) => a !== '--production')

/** Throws a DevDefaultError when `problems` is not empty. */
export function refuseDevDefaults(service: string, problems: readonly string[]): void {
  if (problems.length > 0) throw new DevDefaultError(service, problems)
}

/** The services that exist for development only, and why production mode refuses each. */
export const DEV_ONLY_SERVICES = {
  chain: 'the local EVM dev chains (anvil) fund publicly known dev keys: point the services at your own chains\' RPC URLs instead',
  solana: 'the local Solana cluster funds publicly known dev keys: point the secure site at your own Solana RPC (solanaRpcUrl)',
  bitcoin: 'the Bitcoin regtest ledger funds publicly known dev keys: use your own Bitcoin node or Esplora',
  cosmos: 'the local Cosmos ledger funds publicly known dev keys: use your own Cosmos RPC',
  polkadot: 'the chopsticks fork funds publicly known dev keys (//Alice...): use your own Polkadot RPC',
  mail: 'the dev mail sink keeps every mail in memory and shows it to anyone at its inbox page: give the secure site your SMTP server (secureSite.smtp)',
  oidc: 'the stack\'s OpenID providers log in seeded demo users without a password: give the secure site real providers (secureSite.oidc.issuers)',
  farcaster: 'the Farcaster demo relay seeds demo users on registries of the dev chain: give the secure site a real auth relay (secureSite.farcasterRelayUrl)',
} as const
export type DevOnlyService = keyof typeof DEV_ONLY_SERVICES

/** The one problem of a dev-only service. */
export function devOnlyProblems(service: DevOnlyService): string[] {
  return [`${service}: ${DEV_ONLY_SERVICES[service]}`]
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i

/** True for an origin pattern or URL on localhost/loopback (any scheme, any port, wildcards included). */
export function isLocalPattern(pattern: string): boolean {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/:]+|\[[^\]]+\])/i.exec(pattern.trim())
  return !m || LOCAL_HOST.test(m[1]!)
}

/** A problem when `url` is missing, not a URL, not https, or on loopback; `what` names the setting. */
function publicUrlProblem(what: string, url: string | undefined, devDefault: string): string | undefined {
  if (!url) return `${what} is missing: the dev default ${devDefault} would be used`
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `${what} "${url}" is not a URL`
  }
  if (parsed.protocol !== 'https:') return `${what} "${url}" is not https: (plain http is the dev default)`
  if (isLocalPattern(url)) return `${what} "${url}" is on loopback (the dev default)`
  return undefined
}

const secretProblem = (what: string, value: unknown, devDefault: string): string | undefined =>
  value === undefined || value === '' ? `${what} is missing: ${devDefault}` : undefined

const localOrigins = (what: string, origins: readonly string[] | undefined): string | undefined => {
  const local = (origins ?? []).filter(isLocalPattern)
  return local.length ? `${what} holds the dev allowlist entries ${local.join(', ')} (localhost/loopback)` : undefined
}

const defined = (list: Array<string | undefined | false>): string[] => list.filter((x): x is string => typeof x === 'string')

/** The relay's settings production mode checks. */
export type RelayProductionSettings = { redis?: string; maxConnectionsPerIp?: number }

export function relayProblems(o: RelayProductionSettings): string[] {
  return defined([
    !o.redis && 'redisUrl is missing: the dev default in-memory message store loses messages on restart and serves one instance only',
    o.maxConnectionsPerIp === 0 && 'maxConnectionsPerIp 0 turns the per-IP connection cap off (a dev setting)',
  ])
}

/** The API server's settings production mode checks. */
export type ApiProductionSettings = {
  publicUrl?: string
  databaseUrl?: string
  /** An explicitly configured PGlite directory (not the dev default inside the stack). */
  dataDir?: string
  allowedOrigins?: readonly string[]
  projectIds?: readonly string[]
  adminToken?: string
  onrampProviderPage?: boolean
  /** True when the chains would come from the dev deployment file. */
  chainsFromDevDeployment?: boolean
}

export function apiProblems(o: ApiProductionSettings): string[] {
  return defined([
    publicUrlProblem('publicUrl', o.publicUrl, 'http://127.0.0.1:<port> as the issuer of its sign-in tokens and the base of its links'),
    !o.databaseUrl && !o.dataDir && 'databaseUrl is missing: the dev default PGlite directory inside the stack (stack/api/.data/db) would be used',
    o.allowedOrigins === undefined
      ? 'allowedOrigins is missing: the dev default allowlist lets http://localhost:* and http://127.0.0.1:* embed every project'
      : localOrigins('allowedOrigins', o.allowedOrigins),
    !o.projectIds?.length && 'projectIds is missing: the dev project ids would be accepted for analytics',
    secretProblem('adminToken', o.adminToken, 'a generated admin token would be printed to the console'),
    o.onrampProviderPage !== false &&
      'onrampProviderPage: the dev on-ramp provider page pays every purchase from the dev mnemonic\'s key; set onrampProviderPage to false and use a real on-ramp provider',
    o.chainsFromDevDeployment && 'chains is missing: the dev chains of the deployment file `npm run stack:chain` writes would be read',
  ])
}

/** The secure site's settings production mode checks (its factory's options plus what its main would default). */
export type SecureSiteProductionSettings = {
  publicUrl?: string
  projectIds?: readonly string[]
  apiUrl?: string
  allowedOrigins?: readonly string[]
  smtp?: { requireTLS?: boolean; host?: string }
  /** Social login: the issuers of the providers it offers (none: social login is off). */
  oidcIssuers?: Readonly<Record<string, string>>
  oidcClientSecret?: string
  masterKey?: string
  /** An explicitly configured data directory or database (not the dev default inside the stack). */
  dataDir?: string
  databaseUrl?: string
  evmRpcUrls?: Readonly<Record<string, string>>
  frameAssets?: 'build' | 'placeholder'
}

export function secureSiteProblems(o: SecureSiteProductionSettings): string[] {
  const issuers = Object.entries(o.oidcIssuers ?? {})
  return defined([
    publicUrlProblem('publicUrl', o.publicUrl, 'http://127.0.0.1:<port> as the token issuer, the OIDC redirect, the device links and the Origin check'),
    !o.projectIds?.length && 'projectIds is missing: any projectId the allowlist knows would be accepted (any-projectId)',
    !o.apiUrl && !o.allowedOrigins?.length && 'apiUrl or allowedOrigins is missing: the allowlist would have no source',
    localOrigins('allowedOrigins', o.allowedOrigins),
    !o.smtp && 'smtp is missing: the dev mail sink would be started',
    o.smtp?.requireTLS === false && 'smtp.requireTLS false sends codes in clear text (the dev sink\'s setting)',
    issuers.length > 0 && secretProblem('oidc.clientSecret', o.oidcClientSecret, 'the default OIDC client secret of the dev stack would be used'),
    ...issuers.map(([p, url]) => publicUrlProblem(`oidc.issuers.${p}`, url, 'the stack\'s passwordless OpenID provider')),
    secretProblem('masterKey', o.masterKey, 'a master key would be generated into the data directory, next to the data it seals (PORTICO_SECURE_SITE_MASTER_KEY)'),
    !o.dataDir && !o.databaseUrl && 'dataDir or databaseUrl is missing: the dev default data directory inside the stack (stack/secure-site/.data) would be used',
    (!o.evmRpcUrls || Object.keys(o.evmRpcUrls).length === 0) && 'evmRpcUrls is missing: the dev chain http://127.0.0.1:8545 (or the dev deployment file) would be used',
    o.frameAssets === 'placeholder' && 'frameAssets "placeholder" serves no wallet frame (a test setting)',
  ])
}

/** The bundler's settings production mode checks. */
export type BundlerProductionSettings = { rpcUrl?: string; entryPoint?: string; executorPrivateKey?: string; chainsFromDevDeployment?: boolean }

export function bundlerProblems(o: BundlerProductionSettings): string[] {
  return defined([
    secretProblem('executorPrivateKey', o.executorPrivateKey, 'the dev mnemonic\'s account 22 (a publicly known key, topped up with anvil_setBalance) would pay for bundles'),
    (o.chainsFromDevDeployment || !o.rpcUrl) && 'rpcUrl is missing: the first chain of the dev deployment file would be used',
    !o.entryPoint && 'entryPoint is missing: the dev deployment\'s EntryPoint would be used',
  ])
}

/** The sponsor service's settings production mode checks (its dev signer key is refused when it starts). */
export type SponsorProductionSettings = { signerPrivateKey?: string; policyFile?: string; policies?: unknown; paymasters?: readonly unknown[] }

export function sponsorProblems(o: SponsorProductionSettings): string[] {
  return defined([
    o.paymasters !== undefined && o.paymasters.length === 0 && 'paymasters is missing: the dev chains\' EntryPoint and PorticoPaymaster (the dev deployment file) would be used',
    secretProblem('signerPrivateKey', o.signerPrivateKey, 'the dev signer (the dev mnemonic\'s account 23, a publicly known key) would sign sponsorships'),
    !o.policies && !o.policyFile && 'policyFile is missing: the dev policy (the demo project sponsoring the seeded contracts) would be used',
  ])
}

/** For a main: in production mode, prints the refusal and exits 2 when `problems()` names any dev default. */
export function exitOnDevDefaults(service: string, problems: () => string[], argv: readonly string[] = process.argv.slice(2)): void {
  if (!isProduction(argv)) return
  try {
    refuseDevDefaults(service, problems())
  } catch (e) {
    console.error((e as Error).message)
    process.exit(2)
  }
}
