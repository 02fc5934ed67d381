import Fastify from 'fastify'
import type { Deployment } from '../chain/index.ts'
import { registerAnalyticsRoutes } from './analytics-routes.ts'
import { registerBlockchainRoutes } from './blockchain-routes.ts'
import { ChainIndexer } from './chain-indexer.ts'
import { buildChainRuntimes, type DevChainInfo } from './chains.ts'
import { openApiDb, readMeta, writeMeta, type ApiDb } from './db.ts'
import { registerCors, registerErrorHandling, registerProjectGuard } from './http.ts'
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
export type { StoredEvent } from './analytics-routes.ts'
export type { RegistryFeatures, ProjectSettings } from './registry-routes.ts'
export type { ApiDb } from './db.ts'

/** Anvil's account 0, named when no deployment says otherwise. */
const DEFAULT_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const SEEDED_NAME = 'alice.portico'

export type ApiServerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** PGlite data directory; the data survives a restart on the same directory. */
  dataDir: string
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
}

export type ApiServer = {
  url: string
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
  const { db, close: closeDb } = await openApiDb(opts.dataDir)
  const chains = buildChainRuntimes(opts.chains, opts.deployment)
  let baseUrl = ''
  let indexer: ChainIndexer | undefined
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Scalars only: the default 'array' coercion would turn a string body field into a one-element array.
    ajv: { customOptions: { coerceTypes: true } },
  })
  try {
    await seedWallets(db, opts.demoWalletUrl)
    await db.query('insert into names (address, name, avatar) values ($1, $2, $3) on conflict (address) do nothing', [
      (opts.deployment?.accounts[0] ?? DEFAULT_ACCOUNT_0).toLowerCase(),
      SEEDED_NAME,
      `/public/getAssetImage/avatar-${SEEDED_NAME}`,
    ])

    registerCors(app)
    registerErrorHandling(app, log)
    await app.register(async (scope) => {
      registerProjectGuard(scope, { 'rate-limited': 429, 'server-error': 500, ...opts.forcedStatus })
      registerRegistryRoutes(scope, {
        db,
        features: { ...DEFAULT_FEATURES, ...opts.features },
        allowedOrigins: opts.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS,
        projects: { 'no-origins': { allowedOrigins: [] }, ...opts.projects },
        analyticsEnabled: opts.analyticsEnabled ?? true,
      })
      registerBlockchainRoutes(scope, { db, chains, baseUrl: () => baseUrl })
    })
    await app.register(async (scope) => registerAnalyticsRoutes(scope, db))

    await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('api server has no TCP address')
    baseUrl = `http://127.0.0.1:${address.port}`

    indexer = new ChainIndexer(db, chains, log)
    if (chains.length) indexer.start(opts.indexIntervalMs ?? 1000)
  } catch (err) {
    await app.close().catch(() => undefined)
    await closeDb().catch(() => undefined)
    throw err
  }

  const activeIndexer = indexer
  let stopping: Promise<void> | undefined
  return {
    url: baseUrl,
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
  const seeded = (await readMeta(db, 'wallet_dataset_version')) === WALLET_DATASET_VERSION
  await db.transaction(async (tx) => {
    if (!seeded) {
      await tx.query('delete from wallets')
      const generated = generateWallets()
      for (const [i, w] of generated.entries()) await tx.query(insert, row(demo.length + i, w))
    }
    for (const [i, w] of demo.entries()) await tx.query(insert, row(i, w))
  })
  if (!seeded) await writeMeta(db, 'wallet_dataset_version', WALLET_DATASET_VERSION)
}
