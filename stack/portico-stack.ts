/**
 * `portico-stack --config <file> [--production] [--only relay,api,...]` (issue 27 item 2): starts the services its
 * configuration names, in one process, and prints one `<service> ready <url>` line each. Production mode (the flag,
 * `NODE_ENV=production` or `"production": true`) first checks every named service and refuses to start any of them,
 * naming each dev default the configuration would leave in use (stack/production.ts).
 *
 * The dev services' modules are imported only when named, so a deployment needs none of their dependencies.
 */
import { isAbsolute, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadStackConfig, SERVICE_NAMES, type ServiceName, type StackConfig } from './config.ts'
import {
  apiProblems,
  bundlerProblems,
  DevDefaultError,
  devOnlyProblems,
  isProduction,
  relayProblems,
  secureSiteProblems,
  sponsorProblems,
  type DevOnlyService,
} from './production.ts'

export const USAGE = `portico-stack --config <file> [--production] [--only relay,api,secureSite]
  Starts the services the configuration file names (docs/SELF-HOSTING.md); --only starts a subset of them.
  --production (or NODE_ENV=production, or "production": true) refuses every dev default, naming it.`

type Running = { name: ServiceName; lines: string[]; stop(): Promise<void> }

/** Every dev default the configuration would use for `names`, one DevDefaultError per service that has any. */
export function productionErrors(config: StackConfig, names: readonly ServiceName[]): DevDefaultError[] {
  const s = config.services
  const errors: DevDefaultError[] = []
  for (const name of names) {
    let problems: string[]
    switch (name) {
      case 'relay':
        problems = relayProblems({ redis: s.relay?.redisUrl ?? config.redisUrl, maxConnectionsPerIp: s.relay?.maxConnectionsPerIp })
        break
      case 'api':
        problems = apiProblems({ ...s.api, databaseUrl: s.api?.databaseUrl ?? config.databaseUrl })
        break
      case 'secureSite': {
        const o = s.secureSite ?? {}
        problems = secureSiteProblems({
          ...o,
          apiUrl: o.apiUrl ?? (s.api ? 'the api service' : undefined),
          oidcIssuers: o.oidc?.issuers,
          oidcClientSecret: o.oidc?.clientSecret,
          databaseUrl: o.databaseUrl ?? config.databaseUrl,
        })
        break
      }
      case 'bundler':
        problems = bundlerProblems({ ...s.bundler, chainsFromDevDeployment: !s.bundler?.rpcUrl })
        break
      case 'sponsor':
        problems = sponsorProblems({ ...s.sponsor, paymasters: s.sponsor?.paymasters ?? [] })
        break
      default:
        problems = devOnlyProblems(name as DevOnlyService)
    }
    if (problems.length) errors.push(new DevDefaultError(name, problems))
  }
  return errors
}

type DevContracts = { entryPoint: `0x${string}`; verifyingPaymaster: `0x${string}`; usdc6: `0x${string}`; dai18: `0x${string}`; nft: `0x${string}`; porticoDelegate: `0x${string}`; porticoAccountFactory?: `0x${string}` }

/**
 * The ERC-7677 sponsor service (issue 29): its paymasters from `paymasters`, else from the `chain` service's dev
 * deployment; its policy from `policyFile`, else the dev policy for `project` (the demo's targets on the dev chains).
 */
async function startSponsorService(
  o: NonNullable<StackConfig['services']['sponsor']>,
  dev: Record<string, DevContracts> | undefined,
  opts: { production: boolean; path: (p: string) => string; log: (line: string) => void },
) {
  const { devSponsorPolicies, parsePaymasterSpec, startSponsor } = await import('./sponsor/index.ts')
  const chains = o.paymasters
    ? o.paymasters.map((spec, i) => {
        try {
          return parsePaymasterSpec(spec)
        } catch (e) {
          throw new ConfigError(`services.sponsor.paymasters[${i}]: ${(e as Error).message}`)
        }
      })
    : Object.entries(dev ?? {}).map(([id, c]) => ({ chainId: Number(id), entryPoint: c.entryPoint, paymaster: c.verifyingPaymaster }))
  if (chains.length === 0) throw new ConfigError('services.sponsor needs paymasters (or the chain service in the same file)')
  const first = dev && Object.values(dev)[0]
  const policy = o.policyFile ? { policyFile: opts.path(o.policyFile) } : first ? { policies: devSponsorPolicies(o.project ?? 'portico-demo', first) } : undefined
  if (!policy) throw new ConfigError('services.sponsor needs policyFile (or the chain service in the same file for the dev policy)')
  return startSponsor({ production: opts.production, chains, port: o.port ?? 0, ...(o.signerPrivateKey && { signerPrivateKey: o.signerPrivateKey as `0x${string}` }), ...policy, log: opts.log })
}

/** A config object's key that must be a chain id (decimal digits). */
function checkChainId(path: string, chainId: string): void {
  if (!/^\d+$/.test(chainId)) throw new ConfigError(`${path}: "${chainId}" is not a chain id`)
}

/** A config value that must be a 20-byte hex address. */
function checkAddress(path: string, value: string): void {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new ConfigError(`${path} wants an address, got ${JSON.stringify(value)}`)
}

/**
 * `services.secureSite.eip7702` as the secure site takes it: the delegates given, else the `chain` service's
 * PorticoDelegate on each dev chain; neither is a ConfigError naming the key.
 */
export function eip7702Option(
  o: NonNullable<NonNullable<StackConfig['services']['secureSite']>['eip7702']>,
  devContracts: Record<string, { porticoDelegate: `0x${string}` }> | undefined,
): { delegates: Record<string, `0x${string}`> } {
  if (o.delegates) {
    for (const [chainId, address] of Object.entries(o.delegates)) {
      checkChainId('services.secureSite.eip7702.delegates', chainId)
      checkAddress(`services.secureSite.eip7702.delegates.${chainId}`, address)
    }
    return { delegates: o.delegates as Record<string, `0x${string}`> }
  }
  if (!devContracts || Object.keys(devContracts).length === 0) throw new ConfigError('services.secureSite.eip7702 needs delegates (or the chain service in the same file)')
  return { delegates: Object.fromEntries(Object.entries(devContracts).map(([id, c]) => [id, c.porticoDelegate])) }
}

/**
 * `services.secureSite` smart accounts as the secure site takes them: for each chain id of `smartAccountChainIds`, its
 * contracts (`smartAccountContracts`, else the `chain` service's deployment) and a bundler (`bundlerUrl`, else the
 * `bundler` service of the same file). A chain id without either is a ConfigError naming the key, rather than a chain
 * the secure site would silently leave out.
 */
export function smartAccountsOption(
  o: Pick<NonNullable<StackConfig['services']['secureSite']>, 'smartAccountChainIds' | 'smartAccountContracts' | 'bundlerUrl'>,
  found: { bundlerUrl?: string; evmContracts?: Record<string, { entryPoint: `0x${string}`; porticoAccountFactory?: `0x${string}` }> },
): { smartAccountChainIds?: number[]; smartAccountContracts?: Record<string, { entryPoint: `0x${string}`; porticoAccountFactory: `0x${string}` }>; bundlerUrl?: string } {
  for (const [chainId, c] of Object.entries(o.smartAccountContracts ?? {})) {
    checkChainId('services.secureSite.smartAccountContracts', chainId)
    for (const key of ['entryPoint', 'porticoAccountFactory'] as const) checkAddress(`services.secureSite.smartAccountContracts.${chainId}.${key}`, c[key])
  }
  const chainIds = o.smartAccountChainIds ?? []
  if (chainIds.length === 0) return { bundlerUrl: o.bundlerUrl }
  const contracts: Record<string, { entryPoint: `0x${string}`; porticoAccountFactory: `0x${string}` }> = {}
  for (const id of chainIds) {
    const given = o.smartAccountContracts?.[String(id)]
    const dev = found.evmContracts?.[String(id)]
    if (given) contracts[id] = given as { entryPoint: `0x${string}`; porticoAccountFactory: `0x${string}` }
    else if (dev?.porticoAccountFactory) contracts[id] = { entryPoint: dev.entryPoint, porticoAccountFactory: dev.porticoAccountFactory }
    else throw new ConfigError(`services.secureSite.smartAccountChainIds: chain ${id} has no smartAccountContracts entry (nor the chain service in the same file)`)
  }
  const bundlerUrl = o.bundlerUrl ?? found.bundlerUrl
  if (!bundlerUrl) throw new ConfigError('services.secureSite.smartAccountChainIds needs bundlerUrl (or the bundler service in the same file)')
  return { smartAccountChainIds: chainIds, smartAccountContracts: contracts, bundlerUrl }
}

/** Starts `names` of `config` in order; on a failure stops what started and rethrows. */
export async function startStack(
  config: StackConfig,
  names: readonly ServiceName[],
  opts: { baseDir?: string; log?: (line: string) => void; production?: boolean } = {},
): Promise<{ services: Running[]; stop(): Promise<void> }> {
  const log = opts.log ?? (() => {})
  const path = (p: string) => (isAbsolute(p) ? p : resolve(opts.baseDir ?? process.cwd(), p))
  const s = config.services
  const running: Running[] = []
  const stop = async () => {
    for (const r of [...running].reverse()) await r.stop().catch((e: Error) => log(`${r.name}: stop failed: ${e.message}`))
    running.length = 0
  }
  const found: { apiUrl?: string; evmRpcUrls?: Record<string, string>; mail?: { host: string; port: number }; sponsorUrl?: string; bundlerUrl?: string; evmContracts?: Record<string, DevContracts> } = {}
  try {
    for (const name of SERVICE_NAMES.filter((n) => names.includes(n))) {
      switch (name) {
        case 'chain': {
          const { startLocalChains } = await import('./local-chains.ts')
          const chains = await startLocalChains({ only: ['evm'], log })
          found.evmRpcUrls = Object.fromEntries((chains.evm?.chains ?? []).map((c) => [String(c.chainId), c.rpcUrl]))
          found.evmContracts = Object.fromEntries(Object.entries(chains.evm?.deployment.chains ?? {}).map(([id, c]) => [id, c.contracts]))
          running.push({ name, lines: chains.readyLines(), stop: () => chains.stop() })
          break
        }
        case 'solana': {
          const { startSolanaCluster } = await import('./solana/index.ts')
          const c = await startSolanaCluster({ port: s.solana?.port ?? 0, log })
          running.push({ name, lines: [`solana ready ${c.rpcUrl} ${c.caipNetworkId}`], stop: () => c.stop() })
          break
        }
        case 'bitcoin': {
          const { startBitcoinRegtest } = await import('./bitcoin/index.ts')
          const c = await startBitcoinRegtest({ port: s.bitcoin?.port ?? 0, log })
          running.push({ name, lines: [`bitcoin ready ${c.url} ${c.caipNetworkId}`], stop: () => c.stop() })
          break
        }
        case 'cosmos': {
          const { startCosmosLedger } = await import('./cosmos/index.ts')
          const c = await startCosmosLedger({ port: s.cosmos?.port ?? 0, log })
          running.push({ name, lines: [`cosmos ready ${c.rpcUrl} ${c.caipNetworkId}`], stop: () => c.stop() })
          break
        }
        case 'polkadot': {
          const { startPolkadotChain } = await import('./polkadot/index.ts')
          const c = await startPolkadotChain({ port: s.polkadot?.port ?? 0, log })
          running.push({ name, lines: [`polkadot ready ${c.wsUrl} ${c.caipNetworkId}`], stop: () => c.stop() })
          break
        }
        case 'mail': {
          const { startMailSink } = await import('./mail/index.ts')
          const m = await startMailSink({ smtpPort: s.mail?.smtpPort ?? 0, httpPort: s.mail?.httpPort ?? 0 })
          found.mail = { host: m.smtpHost, port: m.smtpPort }
          running.push({ name, lines: [`mail ready ${m.url} smtp ${m.smtpHost}:${m.smtpPort}`], stop: () => m.stop() })
          break
        }
        case 'oidc': {
          // Clients are registered when the secure site of this file has started (its redirect URIs need its URL).
          const { startOidc } = await import('./oidc/index.ts')
          const o = await startOidc({ port: s.oidc?.port ?? 0, clients: [] })
          running.push({ name, lines: [`oidc ready ${o.url}`], stop: () => o.stop() })
          ;(found as { oidc?: typeof o }).oidc = o
          break
        }
        case 'relay': {
          const { startRelay } = await import('./relay/index.ts')
          const r = s.relay ?? {}
          const relay = await startRelay({
            port: r.port ?? 0,
            host: r.host,
            redis: r.redisUrl ?? config.redisUrl,
            redisPrefix: r.redisPrefix,
            maxConnectionsPerIp: r.maxConnectionsPerIp,
            trustProxy: config.trustProxy,
            verifyOrigins: r.verifyOrigins,
          })
          running.push({ name, lines: [`relay ready ${relay.url}`], stop: () => relay.stop() })
          break
        }
        case 'api': {
          const { startApiServer } = await import('./api/index.ts')
          const a = s.api ?? {}
          const databaseUrl = a.databaseUrl ?? config.databaseUrl
          const api = await startApiServer({
            port: a.port ?? 0,
            host: a.host,
            publicUrl: a.publicUrl,
            databaseUrl,
            dataDir: databaseUrl ? undefined : path(a.dataDir ?? '.portico-stack/api'),
            allowedOrigins: a.allowedOrigins,
            projectIds: a.projectIds,
            adminToken: a.adminToken,
            onrampProviderPage: a.onrampProviderPage,
            chains: a.chains,
            trustProxy: config.trustProxy,
            log,
          })
          found.apiUrl = api.url
          running.push({ name, lines: [`api ready ${api.publicUrl}${api.publicUrl === api.url ? '' : ` (listening on ${api.url})`}`], stop: () => api.stop() })
          break
        }
        case 'bundler': {
          const b = s.bundler ?? {}
          // Dev default: the `chain` service of this file, its first chain and that chain's EntryPoint (production mode
          // refuses a bundler without its own rpcUrl and entryPoint: stack/production.ts).
          const [devChainId, devRpcUrl] = Object.entries(found.evmRpcUrls ?? {})[0] ?? []
          const rpcUrl = b.rpcUrl ?? devRpcUrl
          const entryPoint = b.entryPoint ?? (b.rpcUrl === undefined && devChainId !== undefined ? found.evmContracts?.[devChainId]?.entryPoint : undefined)
          if (!rpcUrl || !entryPoint) throw new ConfigError('services.bundler needs rpcUrl and entryPoint (or the chain service in the same file)')
          const { startBundler } = await import('./bundler/index.ts')
          const bundler = await startBundler({ rpcUrl, entryPoint: entryPoint as `0x${string}`, port: b.port ?? 0, executorPrivateKey: b.executorPrivateKey as `0x${string}` | undefined, log })
          found.bundlerUrl = bundler.url
          running.push({ name, lines: [`bundler ready ${bundler.url}`], stop: () => bundler.stop() })
          break
        }
        case 'sponsor': {
          const sponsor = await startSponsorService(s.sponsor ?? {}, found.evmContracts, { production: opts.production ?? config.production === true, path, log })
          found.sponsorUrl = sponsor.url
          running.push({ name, lines: [`sponsor ready ${sponsor.url} (ERC-7677: POST /<projectId>)`], stop: () => sponsor.stop() })
          break
        }
        case 'farcaster': {
          const rpcUrl = s.farcaster?.rpcUrl ?? Object.values(found.evmRpcUrls ?? {})[0]
          if (!rpcUrl) throw new ConfigError('services.farcaster needs rpcUrl (or the chain service in the same file)')
          const { startFarcasterRelay } = await import('./farcaster/index.ts')
          const f = await startFarcasterRelay({ rpcUrl, port: s.farcaster?.port ?? 0 })
          running.push({ name, lines: [`farcaster relay ${f.url}`], stop: () => f.stop() })
          break
        }
        case 'secureSite': {
          const { startSecureSite } = await import('./secure-site/server/index.ts')
          const o = s.secureSite ?? {}
          const smtp = o.smtp ?? (found.mail ? { ...found.mail, requireTLS: false } : undefined)
          if (!smtp) throw new ConfigError('services.secureSite.smtp is missing (or name the mail service in the same file for the dev sink)')
          const oidcStack = (found as { oidc?: { issuer(p: string): string; addClient(c: unknown): Promise<void> } }).oidc
          const issuers = o.oidc?.issuers
          // The secure site's durable and short-lived storage options (databaseUrl, redisUrl) go through as given;
          // the factory takes them with its PostgreSQL/Redis storage (issue 27 item 3).
          const storage: Record<string, string> = {}
          const databaseUrl = o.databaseUrl ?? config.databaseUrl
          const redisUrl = o.redisUrl ?? config.redisUrl
          if (databaseUrl) storage.databaseUrl = databaseUrl
          if (redisUrl) storage.redisUrl = redisUrl
          const site = await startSecureSite({
            ...storage,
            port: o.port ?? 0,
            host: o.host,
            publicUrl: o.publicUrl,
            trustProxy: config.trustProxy,
            dataDir: path(o.dataDir ?? '.portico-stack/secure-site'),
            projectId: o.projectIds,
            apiUrl: o.apiUrl ?? found.apiUrl,
            allowedOrigins: o.allowedOrigins,
            smtp,
            oidc: issuers
              ? { issuer: (p) => issuers[p] ?? '', clientId: o.oidc?.clientId, clientSecret: o.oidc?.clientSecret }
              : oidcStack
                ? { issuer: (p) => oidcStack.issuer(p) }
                : undefined,
            evmRpcUrls: o.evmRpcUrls ?? found.evmRpcUrls ?? {},
            solanaRpcUrl: o.solanaRpcUrl,
            masterKey: o.masterKey,
            ...smartAccountsOption(o, found),
            sessionsApiUrl: o.sessionsApiUrl,
            farcasterRelayUrl: o.farcasterRelayUrl,
            farcasterRpcUrl: o.farcasterRpcUrl,
            sponsorUrl: o.sponsorUrl ?? found.sponsorUrl,
            paymasterOrigins: o.paymasterOrigins,
            ...(o.eip7702 && { eip7702: eip7702Option(o.eip7702, found.evmContracts) }),
            log,
          })
          if (!issuers && oidcStack) await oidcStack.addClient(site.oidcClient)
          running.push({ name, lines: [`secure site ready ${site.url}${site.url === site.localUrl ? '' : ` (listening on ${site.localUrl})`}`], stop: () => site.stop() })
          break
        }
      }
    }
  } catch (e) {
    await stop()
    throw e
  }
  return { services: running, stop }
}

/** The command: parses the arguments, loads the file, checks production mode, starts; exits 2 on a refusal. */
export async function main(argv: readonly string[] = process.argv.slice(2), env = process.env): Promise<void> {
  let flags: { config?: string; production?: boolean; only?: string; help?: boolean }
  try {
    flags = parseArgs({
      args: [...argv],
      options: { config: { type: 'string' }, production: { type: 'boolean' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (e) {
    console.error(`portico-stack: ${(e as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  if (flags.help) {
    console.log(USAGE)
    return
  }
  let config: StackConfig
  let names: ServiceName[]
  try {
    if (!flags.config) throw new ConfigError('--config <file> is missing')
    config = loadStackConfig(flags.config, env)
    const configured = Object.keys(config.services) as ServiceName[]
    names = flags.only ? flags.only.split(',').map((n) => n.trim()).filter(Boolean) as ServiceName[] : configured
    for (const n of names) if (!configured.includes(n)) throw new ConfigError(`--only ${n}: not a service of ${flags.config} (${configured.join(', ')})`)
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e
    console.error(`portico-stack: ${e.message}\n${USAGE}`)
    process.exit(2)
  }
  const production = isProduction(argv, env) || config.production === true
  if (production) {
    const errors = productionErrors(config, names)
    if (errors.length) {
      for (const e of errors) console.error(e.message)
      process.exit(2)
    }
  }
  const stack = await startStack(config, names, { production, log: (line) => console.error(line) }).catch((e: Error) => {
    console.error(`portico-stack: ${e.message}`)
    process.exit(e instanceof ConfigError ? 2 : 1)
  })
  for (const r of stack.services) for (const line of r.lines) console.log(line)
  console.log(`portico-stack ready (${production ? 'production' : 'dev'} mode): ${names.join(', ')}`)
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    void stack.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

