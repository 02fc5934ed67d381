import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** SPEC §7: every backend call carries projectId, sdk type (st) and version (sv). */
export const COMMON_QUERY = {
  type: 'object',
  properties: {
    projectId: { type: 'string', maxLength: 200 },
    st: { type: 'string', maxLength: 100 },
    sv: { type: 'string', maxLength: 100 },
  },
} as const

/** CAIP-2: namespace and reference (SPEC §5: exactly two parts). */
export const CAIP2_PATTERN = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$'
export const EVM_ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$'
/** An EVM address, or a Solana address (base58, 32 to 44 characters; SPEC §5). */
export const ACCOUNT_PATTERN = '^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$'

export const badRequest = (reply: FastifyReply, error: string): FastifyReply => reply.code(400).send({ error })

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

/** CORS for pages served from any local port (the modal, the demo wallet, the secure site). */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin
    if (!origin || !LOCAL_ORIGIN.test(origin)) return
    reply.header('access-control-allow-origin', origin)
    reply.header('vary', 'Origin')
    reply.header('access-control-expose-headers', 'Retry-After, ETag')
  })
  app.options('/*', async (req, reply) => {
    const origin = req.headers.origin
    if (origin && LOCAL_ORIGIN.test(origin)) {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS')
      const wanted = req.headers['access-control-request-headers']
      reply.header('access-control-allow-headers', typeof wanted === 'string' && wanted.length < 500 ? wanted : 'content-type')
      reply.header('access-control-max-age', '600')
    }
    return reply.code(204).send()
  })
}

/** Every failure is JSON `{ error }` with a 4xx for the caller's mistakes; nothing a client sends ends the process. */
export function registerErrorHandling(app: FastifyInstance, log: (s: string) => void): void {
  app.setNotFoundHandler(async (req, reply) => reply.code(404).send({ error: `Not found: ${req.method} ${req.url.split('?')[0]!.slice(0, 200)}` }))
  app.setErrorHandler(async (err: { validation?: unknown; statusCode?: number; message?: string }, req, reply) => {
    if (err.validation) return reply.code(400).send({ error: err.message ?? 'Invalid request' })
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
    if (status >= 500) {
      log(`api: ${req.method} ${req.url.slice(0, 200)} failed: ${err.message ?? String(err)}`)
      return reply.code(status).send({ error: 'Internal server error' })
    }
    return reply.code(status).send({ error: err.message ?? 'Bad request' })
  })
}

/**
 * SPEC §7 and §8 on the registry and blockchain paths: projectId is required (query, or body for POSTs), and some
 * project ids force an error status so clients can test their handling (429 -> RATE_LIMITED, 5xx -> SERVER_ERROR,
 * the retry policy): `rate-limited` -> 429, `server-error` -> 500, `status-<code>` -> that code (400-599).
 */
export function registerProjectGuard(app: FastifyInstance, forced: Record<string, number>): void {
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const query = req.query as Record<string, unknown> | undefined
    const body = req.body as Record<string, unknown> | undefined
    const fromQuery = query?.projectId
    const fromBody = body && typeof body === 'object' ? body.projectId : undefined
    const projectId = typeof fromQuery === 'string' && fromQuery ? fromQuery : typeof fromBody === 'string' && fromBody ? fromBody : undefined
    if (!projectId) return reply.code(400).send({ error: 'projectId is required' })
    const generic = /^status-([45]\d\d)$/.exec(projectId)
    const status = forced[projectId] ?? (generic ? Number(generic[1]) : undefined)
    if (status !== undefined) {
      return reply.code(status).send({ error: `Forced status ${status} for projectId ${projectId}` })
    }
  })
}
