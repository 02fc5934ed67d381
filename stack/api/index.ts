import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyServerOptions } from 'fastify'
import type { Deployment } from '../chain/index.ts'
import { DEFAULT_ANALYTICS_PROJECT_IDS, registerAnalyticsRoutes } from './analytics-routes.ts'
import { registerAuthRoutes } from './auth-routes.ts'
import { DEFAULT_NAME_ZONES, registerProfileRoutes } from './profile-routes.ts'
import { registerSessionsRoutes } from './sessions-routes.ts'
import { registerBlockchainRoutes } from './blockchain-routes.ts'
import { registerConvertRoutes } from './convert-routes.ts'
import { createOnrampService, registerOnrampProviderPage, registerOnrampRoutes } from './onramp-routes.ts'
import { ChainIndexer } from './chain-indexer.ts'
import { trustProxyFn, type TrustProxy } from '../trust-proxy.ts'
import { HistoryReadCache } from './history.ts'
import { buildChainRuntimes, type DevChainInfo } from './chains.ts'
import { lockStartup, openApiDb, readMeta, writeMeta, type ApiDb } from './db.ts'
import { projectIdProblem, registerCors, registerErrorHandling, registerInputGuard, registerProjectGuard } from './http.ts'
import { DEFAULT_EVENT_RATE_LIMIT, type EventRateLimit } from './rate-limit.ts'
import {
  DEFAULT_ALLOWED_ORIGINS,
  DEFAULT_FEATURES,
  registerRegistryRoutes,
  type ProjectSettings,
  type RegistryFeatures,
} from './registry-routes.ts'
import { demoWallets, generateWallets, WALLET_DATASET_VERSION, type WalletListing } from './wallet-dataset.ts'

export { DEMO_WALLET_ID, DEV_WALLET_ID, DEV_WALLET_RDNS, GENERATED_WALLET_COUNT, type WalletListing } from './wallet-dataset.ts'
export { HISTORY_PAGE_SIZE, type HistoryTransaction, type HistoryTransfer } from './history.ts'
export type { TokenBalance } from './balances.ts'
export { DEFAULT_ANALYTICS_PROJECT_IDS, type StoredEvent } from './analytics-routes.ts'
export type { RegistryFeatures, ProjectSettings } from './registry-routes.ts'
export type { ApiDb, ApiDbQueries } from './db.ts'
export { AUTH_NONCE_TTL_MS, AUTH_DEFAULT_SESSION_MS, type AuthSession } from './auth-routes.ts'
export { DEFAULT_NAME_ZONES, PROFILE_MESSAGE_MAX_AGE_MS, type Profile } from './profile-routes.ts'
export { DEFAULT_EVENT_RATE_LIMIT, type EventRateLimit } from './rate-limit.ts'

/** Anvil's account 0, named when no deployment says otherwise. */
const DEFAULT_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const SEEDED_NAME = 'alice.portico'

/** Shortest admin token accepted: a guessable token would open the stored events to anyone. */
const MIN_ADMIN_TOKEN_LENGTH = 16

export type ApiServerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Address to listen on (default 127.0.0.1; behind a reverse proxy on another machine, its interface). */
  host?: string
  /**
   * The URL clients reach this server at (behind a reverse proxy: `https://api.example`): the issuer of its sign-in
   * tokens and the base of the links it answers. Default `http://127.0.0.1:<port>` (dev); production mode requires it.
   */
  publicUrl?: string
  /** PGlite data directory (the embedded default); the data survives a restart on the same directory. */
  dataDir?: string
  /**
   * `postgres://user:password@host:port/database`: keep the data in PostgreSQL instead of PGlite (same schema and
   * migrations; several API servers may share one database). Give this or dataDir.
   */
  databaseUrl?: string
  /** Dev chains the blockchain API reads and indexes; defaults to the deployment's chains. */
  chains?: DevChainInfo[]
  deployment?: Deployment
  /** webapp_link of "Portico Demo Wallet". */
  demoWalletUrl?: string
  /** History indexer poll interval (default 1000 ms); indexNow() indexes on demand. */
  indexIntervalMs?: number
  log?: (s: string) => void
  /** /appkit/v1/config features (merged over the defaults). */
  features?: Partial<RegistryFeatures>
  /** /projects/v1/origins list (default: localhost and 127.0.0.1 on any port). */
  allowedOrigins?: string[]
  /** Per-projectId overrides of origins and features. */
  projects?: Record<string, ProjectSettings>
  /** projectId -> forced HTTP status on registry and blockchain paths (added to rate-limited: 429, server-error: 500). */
  forcedStatus?: Record<string, number>
  /** /getAnalyticsConfig answer (default true). */
  analyticsEnabled?: boolean
  /** projectIds POST /e stores events for (default DEFAULT_ANALYTICS_PROJECT_IDS); others get 403. */
  projectIds?: readonly string[]
  /** POST /e budgets per client address and per projectId (default DEFAULT_EVENT_RATE_LIMIT); over it, 429. */
  eventRateLimit?: Partial<EventRateLimit>
  /** How long analytics events are kept (default 30 days; issue 26 item 9). */
  analyticsRetentionMs?: number
  /** Token GET /e wants as `Authorization: Bearer <token>`, 16 characters or more; generated (and logged) when absent. */
  adminToken?: string
  /**
   * Take the client address from X-Forwarded-For: `true` one proxy, a hop count, or the addresses/CIDRs of the
   * proxies to trust (stack/trust-proxy.ts; not Fastify's "trust all" `true`). Only behind a reverse proxy that sets
   * the header; otherwise any client could pick its rate-limit key.
   */
  trustProxy?: TrustProxy
  /** Clock for the rate limits and the sign-in nonces and sessions, in ms (default Date.now); tests move it. */
  now?: () => number
  /**
   * The stack's own on-ramp provider page (`/onramp-provider/...`), which pays purchases from the dev mnemonic's key
   * (default true, the dev stack). Production mode requires false: a deployment uses a real on-ramp provider.
   */
  onrampProviderPage?: boolean
  /** Zones the /v1/profile name service serves (default DEFAULT_NAME_ZONES: reown.id, wcn.id and the stack's portico.test). */
  nameZones?: readonly string[]
}

export type ApiServer = {
  /** Where this process listens (http://127.0.0.1:<port> by default). */
  url: string
  /** `publicUrl`, or `url` without one. */
  publicUrl: string
  /** The token GET /e wants (the one given, or the generated one). */
  adminToken: string
  stop(): Promise<void>
  /** Indexes the dev chains up to their current head; rejects when a chain cannot be read. */
  indexNow(): Promise<void>
  db: ApiDb
}

/**
 * The local stand-in for the hosted wallet registry, blockchain API and analytics (SPEC §7), on 127.0.0.1.
 */
export async function startApiServer(opts: ApiServerOptions): Promise<ApiServer> {
  const log = opts.log ?? (() => undefined)
  const adminToken = opts.adminToken ?? randomBytes(32).toString('base64url')
  if (adminToken.length < MIN_ADMIN_TOKEN_LENGTH || /\s/.test(adminToken)) {
    throw new Error(`the admin token must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters without spaces`)
  }
  const projectIds = new Set(opts.projectIds ?? DEFAULT_ANALYTICS_PROJECT_IDS)
  for (const id of projectIds) {
    const problem = projectIdProblem(id)
    if (problem) throw new Error(`projectIds: ${JSON.stringify(id)}: ${problem}`)
  }
  const eventRateLimit: EventRateLimit = { ...DEFAULT_EVENT_RATE_LIMIT, ...opts.eventRateLimit }
  if (opts.databaseUrl !== undefined && opts.dataDir !== undefined) throw new Error('give dataDir (PGlite) or databaseUrl (PostgreSQL), not both')
  const { db, close: closeDb } = await openApiDb(
    opts.databaseUrl !== undefined ? { databaseUrl: opts.databaseUrl } : { dataDir: opts.dataDir ?? '' },
    log,
  )
  const chains = buildChainRuntimes(opts.chains, opts.deployment)
  // PGlite: this process is the only writer of its index, so history pages are kept until the indexer writes.
  const historyCache = db.backend === 'pglite' ? new HistoryReadCache() : undefined
  let baseUrl = ''
  let localUrl = ''
  let indexer: ChainIndexer | undefined
  const serverOptions: FastifyServerOptions = {
    logger: false,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
    trustProxy: trustProxyFn(opts.trustProxy, 'api: trustProxy'),
    // Scalars only: the default 'array' coercion would turn a string body field into a one-element array.
    ajv: { customOptions: { coerceTypes: true } },
  }
  const app = Fastify(serverOptions)
  const onramp = createOnrampService({ chains, mnemonic: opts.deployment?.mnemonic, baseUrl: () => baseUrl })
  try {
    await seedWallets(db, opts.demoWalletUrl)
    await db.query('insert into names (address, name, avatar) values ($1, $2, $3) on conflict (address) do nothing', [
      (opts.deployment?.accounts[0] ?? DEFAULT_ACCOUNT_0).toLowerCase(),
      SEEDED_NAME,
      `/public/getAssetImage/avatar-${SEEDED_NAME}`,
    ])

    registerCors(app)
    registerErrorHandling(app, log)
    registerInputGuard(app)
    await app.register(async (scope) => {
      registerProjectGuard(scope, { 'rate-limited': 429, 'server-error': 500, ...opts.forcedStatus })
      registerRegistryRoutes(scope, {
        db,
        features: { ...DEFAULT_FEATURES, ...opts.features },
        allowedOrigins: opts.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS,
        projects: { 'no-origins': { allowedOrigins: [] }, ...opts.projects },
        analyticsEnabled: opts.analyticsEnabled ?? true,
      })
      registerBlockchainRoutes(scope, { db, chains, baseUrl: () => baseUrl, historyCache })
      registerConvertRoutes(scope, { chains, baseUrl: () => baseUrl })
      registerOnrampRoutes(scope, onramp)
      await registerAuthRoutes(scope, {
        db,
        chains,
        allowedOrigins: opts.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS,
        now: opts.now ?? Date.now,
        issuer: () => baseUrl,
      })
      await registerProfileRoutes(scope, { db, zones: opts.nameZones ?? DEFAULT_NAME_ZONES, now: opts.now ?? Date.now })
      registerSessionsRoutes(scope, { db, chains, now: opts.now ?? Date.now })
    })
    // The local on-ramp provider's checkout page: a plain page at this origin, no projectId.
    if (opts.onrampProviderPage !== false) await app.register(async (scope) => registerOnrampProviderPage(scope, onramp))
    await app.register(async (scope) =>
      registerAnalyticsRoutes(scope, { db, projectIds, rateLimit: eventRateLimit, now: opts.now ?? Date.now, adminToken, retentionMs: opts.analyticsRetentionMs }),
    )

    await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('api server has no TCP address')
    const reachable = !opts.host || opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host.includes(':') ? `[${opts.host}]` : opts.host
    localUrl = `http://${reachable}:${address.port}`
    baseUrl = opts.publicUrl?.replace(/\/$/, '') ?? `http://127.0.0.1:${address.port}`

    indexer = new ChainIndexer(db, chains, log, () => historyCache?.invalidate())
    if (chains.length) indexer.start(opts.indexIntervalMs ?? 1000)
    if (opts.adminToken === undefined) log(`api: generated admin token for GET /e: ${adminToken}`)
  } catch (err) {
    await app.close().catch(() => undefined)
    await closeDb().catch(() => undefined)
    throw err
  }

  const activeIndexer = indexer
  let stopping: Promise<void> | undefined
  return {
    url: localUrl,
    publicUrl: baseUrl,
    adminToken,
    db,
    indexNow: () => activeIndexer.indexNow(),
    stop: () => {
      stopping ??= (async () => {
        await activeIndexer.stop()
        await app.close()
        await closeDb()
      })()
      return stopping
    },
  }
}

/** Seeds the generated listings once per dataset version; the demo wallets are refreshed on every start. */
async function seedWallets(db: ApiDb, demoWalletUrl: string | undefined): Promise<void> {
  const insert = `insert into wallets (position, id, name, rdns, image_id, chains, mobile_link, desktop_link, webapp_link, homepage, badge_type)
    values ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $10, $11)
    on conflict (position) do update set id = excluded.id, name = excluded.name, rdns = excluded.rdns,
      image_id = excluded.image_id, chains = excluded.chains, mobile_link = excluded.mobile_link,
      desktop_link = excluded.desktop_link, webapp_link = excluded.webapp_link, homepage = excluded.homepage,
      badge_type = excluded.badge_type`
  const row = (position: number, w: WalletListing): unknown[] => [
    position, w.id, w.name, w.rdns, w.image_id, w.chains, w.mobile_link, w.desktop_link, w.webapp_link, w.homepage, w.badge_type,
  ]
  const demo = demoWallets(demoWalletUrl)
  // Under the startup lock: API servers starting together on one PostgreSQL database seed it once.
  await db.transaction(async (tx) => {
    await lockStartup(tx)
    const seeded = (await readMeta(tx, 'wallet_dataset_version')) === WALLET_DATASET_VERSION
    if (!seeded) {
      await tx.query('delete from wallets')
      const generated = generateWallets()
      for (const [i, w] of generated.entries()) await tx.query(insert, row(demo.length + i, w))
      await writeMeta(tx, 'wallet_dataset_version', WALLET_DATASET_VERSION)
    }
    for (const [i, w] of demo.entries()) await tx.query(insert, row(i, w))
  })
}
