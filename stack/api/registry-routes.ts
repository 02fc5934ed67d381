import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ApiDb } from './db.ts'
import { IMAGE_ID_PATTERN, renderImage, type ImageKind } from './images.ts'
import type { WalletListing } from './wallet-dataset.ts'
import { CAIP2_PATTERN, COMMON_QUERY, badRequest, cutCodePoints } from './http.ts'

export type RegistryFeatures = {
  email: boolean
  socials: string[]
  emailShowWallets: boolean
  swaps: boolean
  onramp: boolean
  history: boolean
  send: boolean
  receive: boolean
}

export const DEFAULT_FEATURES: RegistryFeatures = {
  email: true,
  socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
  emailShowWallets: true,
  swaps: true,
  onramp: true,
  history: true,
  send: true,
  receive: true,
}

/** Patterns the client matches its page origin against; `*` stands for any port. */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

export type ProjectSettings = { allowedOrigins?: string[]; features?: Partial<RegistryFeatures> }

export type RegistryOptions = {
  db: ApiDb
  features: RegistryFeatures
  allowedOrigins: string[]
  projects: Record<string, ProjectSettings>
  analyticsEnabled: boolean
}

export const MAX_WALLET_ENTRIES = 500
/** How long a /getWallets page is served from memory, and how many pages are kept. */
const PAGE_CACHE_MS = 5_000
const PAGE_CACHE_ENTRIES = 500

type WalletRow = WalletListing & { position: number }

const listParam = (s: string | undefined): string[] | null => {
  if (s === undefined) return null
  const items = s.split(',').map((x) => x.trim()).filter(Boolean)
  return items.length ? items : null
}

const likePattern = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function registerRegistryRoutes(app: FastifyInstance, o: RegistryOptions): void {
  // Own entries only: a projectId naming an Object.prototype member must not find it.
  const project = (projectId: string): ProjectSettings => (Object.hasOwn(o.projects, projectId) ? o.projects[projectId]! : {})

  app.get<{ Querystring: { projectId: string } }>('/appkit/v1/config', { schema: { querystring: COMMON_QUERY } }, async (req) => ({
    features: { ...o.features, ...project(req.query.projectId).features },
  }))

  app.get<{ Querystring: { projectId: string } }>('/projects/v1/origins', { schema: { querystring: COMMON_QUERY } }, async (req) => ({
    allowedOrigins: project(req.query.projectId).allowedOrigins ?? o.allowedOrigins,
  }))

  app.get('/getAnalyticsConfig', { schema: { querystring: COMMON_QUERY } }, async () => ({ isAnalyticsEnabled: o.analyticsEnabled }))

  const pages = new Map<string, { at: number; json: Promise<string> }>()
  const readPage = async (params: unknown[], entries: number, pageNumber: number): Promise<string> => {
    const where = `($1::text[] is null or id = any($1::text[]))
      and ($2::text[] is null or not (id = any($2::text[])))
      and ($3::text is null or name ilike $3::text)
      and ($4::text is null or badge_type = $4::text)
      and ($5::text[] is null or chains && $5::text[])`
    const [count, rows] = await Promise.all([
      o.db.query<{ n: number }>(`select count(*)::int as n from wallets where ${where}`, params),
      o.db.query<WalletRow>(`select * from wallets where ${where} order by position limit $6 offset $7`, [...params, entries, (pageNumber - 1) * entries]),
    ])
    const data: WalletListing[] = rows.rows.map(({ position: _position, ...w }) => w)
    return JSON.stringify({ data, count: count.rows[0]?.n ?? 0 })
  }

  app.get<{
    Querystring: { page: number; entries: number; include?: string; exclude?: string; search?: string; badge_type?: string; chains?: string }
  }>(
    '/getWallets',
    {
      schema: {
        querystring: {
          ...COMMON_QUERY,
          properties: {
            ...COMMON_QUERY.properties,
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            entries: { type: 'integer', minimum: 1, maximum: MAX_WALLET_ENTRIES, default: 40 },
            include: { type: 'string', maxLength: 20_000 },
            exclude: { type: 'string', maxLength: 20_000 },
            search: { type: 'string', maxLength: 100 },
            badge_type: { type: 'string', enum: ['certified', 'none'] },
            chains: { type: 'string', maxLength: 2_000 },
          },
        },
      },
    },
    async (req, reply) => {
      const q = req.query
      const chains = listParam(q.chains)
      const bad = chains?.find((c) => !new RegExp(CAIP2_PATTERN).test(c))
      if (bad) return badRequest(reply, `Invalid CAIP-2 chain id in chains: ${cutCodePoints(bad, 80)}`)
      const search = q.search?.trim() ? likePattern(q.search.trim()) : null
      const params = [listParam(q.include), listParam(q.exclude), search, q.badge_type ?? null, chains]
      // The listings change only when a server starts (seeding), so a page is served from memory for a few seconds:
      // the modal's first page is the same for every visitor, and two queries per request held the path to about
      // 300 requests/s on PGlite (issue 31). The answer is kept as its JSON text, so a hit costs no serialisation.
      const key = JSON.stringify([...params, q.entries, q.page])
      const now = Date.now()
      let page = pages.get(key)
      if (!page || now - page.at > PAGE_CACHE_MS) {
        page = { at: now, json: readPage(params, q.entries, q.page) }
        // Insertion order is age order: past the bound, the oldest page goes (a failed read is not kept).
        pages.delete(key)
        pages.set(key, page)
        if (pages.size > PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!)
        const cached = page
        cached.json.catch(() => pages.get(key) === cached && pages.delete(key))
      }
      return reply.type('application/json; charset=utf-8').send(await page.json)
    },
  )

  // Wallet images are labelled with the wallet's initials; everything else with its id (a symbol, a currency code).
  const walletNames = async (imageId: string): Promise<string | undefined> => {
    const r = await o.db.query<{ name: string }>('select name from wallets where image_id = $1 limit 1', [imageId])
    return r.rows[0]?.name
  }
  const imageRoute = (path: string, kind: ImageKind): void => {
    app.get<{ Params: { id: string } }>(
      path,
      {
        schema: {
          querystring: COMMON_QUERY,
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: IMAGE_ID_PATTERN } } },
        },
      },
      async (req, reply) => {
        const label = kind === 'wallet' ? await walletNames(req.params.id) : undefined
        return sendImage(reply, renderImage(kind, req.params.id, label), req.headers['if-none-match'])
      },
    )
  }
  imageRoute('/getWalletImage/:id', 'wallet')
  imageRoute('/public/getAssetImage/:id', 'asset')
  imageRoute('/public/getCurrencyImage/:id', 'currency')
  imageRoute('/public/getTokenImage/:id', 'token')
}

function sendImage(reply: FastifyReply, image: { svg: string; etag: string }, ifNoneMatch: string | undefined): FastifyReply {
  // Generated images never change for an id, so clients and proxies may keep them.
  reply.header('cache-control', 'public, max-age=604800, immutable').header('etag', image.etag)
  if (ifNoneMatch === image.etag) return reply.code(304).send()
  return reply.type('image/svg+xml').send(image.svg)
}
