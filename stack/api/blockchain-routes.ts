import type { FastifyInstance, FastifyRequest } from 'fastify'
import { getAddress, type Address } from 'viem'
import type { ApiDb } from './db.ts'
import { readChainBalances } from './balances.ts'
import { chainByCaip2, NATIVE_NAME, NATIVE_PRICE_USD, NATIVE_SYMBOL, NATIVE_TOKEN_PLACEHOLDER, tokenIconUrl, tokenPriceUsd, type ChainRuntime, type ImageLink } from './chains.ts'
import { decodeCursor, readHistory, type HistoryReadCache } from './history.ts'
import { poolPriceUsd } from './convert-routes.ts'
import { ACCOUNT_PATTERN, CAIP2_PATTERN, COMMON_QUERY, EVM_ADDRESS_PATTERN, badRequest } from './http.ts'

export type BlockchainOptions = {
  db: ApiDb
  chains: ChainRuntime[]
  baseUrl: () => string
  /** History pages kept between index writes (the only-writer case, PGlite; see HistoryReadCache). */
  historyCache?: HistoryReadCache
}

/** Image links for answers to `req`, keyed with the projectId the request carried (query or body). */
function imageLinkFor(o: BlockchainOptions, req: FastifyRequest): ImageLink {
  const fromQuery = (req.query as { projectId?: unknown } | undefined)?.projectId
  const fromBody = (req.body as { projectId?: unknown } | undefined)?.projectId
  const projectId = typeof fromQuery === 'string' && fromQuery ? fromQuery : typeof fromBody === 'string' ? fromBody : ''
  return (path) => `${o.baseUrl()}${path}?projectId=${encodeURIComponent(projectId)}`
}

const isEvm = (a: string): boolean => a.startsWith('0x')

const addressParams = (pattern: string) =>
  ({ type: 'object', required: ['address'], properties: { address: { type: 'string', pattern } } }) as const

const query = (extra: Record<string, object>) =>
  ({ ...COMMON_QUERY, properties: { ...COMMON_QUERY.properties, ...extra } }) as const

const CAIP10_PATTERN = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$'

export function registerBlockchainRoutes(app: FastifyInstance, o: BlockchainOptions): void {
  app.get('/v1/supported-chains', { schema: { querystring: COMMON_QUERY } }, async () => ({
    http: o.chains.map((c) => c.caip2),
    // The stack proxies no RPC websockets.
    ws: [] as string[],
  }))

  app.get<{ Params: { address: string } }>(
    '/v1/identity/:address',
    { schema: { params: addressParams(EVM_ADDRESS_PATTERN), querystring: query({ sender: { type: 'string', maxLength: 100 } }) } },
    async (req) => {
      const r = await o.db.query<{ name: string; avatar: string | null }>('select name, avatar from names where address = $1', [
        req.params.address.toLowerCase(),
      ])
      const row = r.rows[0]
      if (!row) return { name: null, avatar: null }
      // Avatars of the seeded names are stored as paths of this server, whose port changes between runs.
      const avatar = row.avatar?.startsWith('/') ? imageLinkFor(o, req)(row.avatar) : row.avatar
      return { name: row.name, avatar }
    },
  )

  app.get<{ Params: { address: string }; Querystring: { cursor?: string; chainId?: string; onramp?: string } }>(
    '/v1/account/:address/history',
    {
      schema: {
        params: addressParams(ACCOUNT_PATTERN),
        querystring: query({
          cursor: { type: 'string', maxLength: 500 },
          chainId: { type: 'string', pattern: CAIP2_PATTERN },
          onramp: { type: 'string', enum: ['coinbase'] },
          cache: { type: 'string', maxLength: 20 },
        }),
      },
    },
    async (req, reply) => {
      const { cursor: rawCursor, chainId, onramp } = req.query
      const cursor = rawCursor ? decodeCursor(rawCursor) : undefined
      if (rawCursor && !cursor) return badRequest(reply, 'Invalid cursor')
      const chain = chainId ? chainByCaip2(o.chains, chainId) : undefined
      // The stack has no on-ramp purchases, no non-EVM history, and no data for chains it does not run.
      if (onramp || !isEvm(req.params.address) || (chainId && !chain)) return { data: [], next: null }
      return readHistory(o.db, { account: req.params.address, chains: o.chains, chain, cursor, imageLink: imageLinkFor(o, req), cache: o.historyCache })
    },
  )

  app.get<{ Params: { address: string }; Querystring: { chainId?: string } }>(
    '/v1/account/:address/balance',
    {
      schema: {
        params: addressParams(ACCOUNT_PATTERN),
        querystring: query({
          currency: { type: 'string', enum: ['usd'] },
          chainId: { type: 'string', pattern: CAIP2_PATTERN },
          forceUpdate: { type: 'string', maxLength: 200 },
        }),
      },
    },
    async (req, reply) => {
      const { chainId } = req.query
      if (!isEvm(req.params.address)) return { balances: [] }
      // Unsupported networks give an empty list (SPEC §4), not an error.
      const chains = chainId ? o.chains.filter((c) => c.caip2 === chainId) : o.chains
      const account = getAddress(req.params.address.toLowerCase()) as Address
      try {
        const perChain = await Promise.all(chains.map((c) => readChainBalances(c, account, imageLinkFor(o, req))))
        return { balances: perChain.flat() }
      } catch {
        return reply.code(502).send({ error: 'Chain unavailable' })
      }
    },
  )

  app.post<{ Body: { currency: string; addresses: string[]; projectId?: string } }>(
    '/v1/fungible/price',
    {
      schema: {
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          required: ['currency', 'addresses'],
          properties: {
            currency: { type: 'string', enum: ['usd'] },
            addresses: { type: 'array', maxItems: 200, items: { type: 'string', pattern: CAIP10_PATTERN } },
            projectId: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req) => {
      const imageLink = imageLinkFor(o, req)
      const fungibles: Array<{ name: string; symbol: string; iconUrl: string; price: number; address: string }> = []
      for (const caip10 of req.body.addresses) {
        const [ns, ref, address] = caip10.split(':') as [string, string, string]
        const chain = chainByCaip2(o.chains, `${ns}:${ref}`)
        if (!chain) continue
        const a = address.toLowerCase()
        // From the chain's Uniswap pool when it has one (USDC = 1 USD), else the fixed demo prices.
        const fromPool = await poolPriceUsd(chain, a).catch(() => undefined)
        if (a === NATIVE_TOKEN_PLACEHOLDER) {
          fungibles.push({ name: NATIVE_NAME, symbol: NATIVE_SYMBOL, iconUrl: tokenIconUrl(imageLink, NATIVE_SYMBOL), price: fromPool ?? NATIVE_PRICE_USD, address: caip10 })
          continue
        }
        const price = fromPool ?? tokenPriceUsd(chain, a)
        if (price === undefined) continue
        // Names as the chain reports them once indexed; the deployment's symbols before that.
        const known = await o.db.query<{ name: string; symbol: string }>('select name, symbol from tokens where chain_id = $1 and address = $2', [chain.chainId, a])
        const meta = known.rows[0] ?? (a === chain.contracts?.usdc6 ? { name: 'USD Coin', symbol: 'USDC' } : { name: 'Dai', symbol: 'DAI' })
        fungibles.push({ ...meta, iconUrl: tokenIconUrl(imageLink, meta.symbol, a), price, address: caip10 })
      }
      return { fungibles }
    },
  )
}
