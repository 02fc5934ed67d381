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

/** The first `max` code points of `s`: a cut never splits a surrogate pair (which would leave a lone half). */
export function cutCodePoints(s: string, max: number): string {
  let out = ''
  let n = 0
  for (const ch of s) {
    if (n++ >= max) break
    out += ch
  }
  return out
}

/** A projectId: letters, digits, '.', '_' and '-', starting with a letter or digit (registry ids are hex). */
const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
/** Names a plain object answers from its prototype (`constructor`, `toString`, ...): never a project. */
const OBJECT_MEMBER_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype))

/** Why `projectId` is not acceptable, or undefined when it is. */
export function projectIdProblem(projectId: string): string | undefined {
  if (!PROJECT_ID_PATTERN.test(projectId)) return "projectId must be 1 to 200 letters, digits, '.', '_' or '-', starting with a letter or digit"
  if (OBJECT_MEMBER_NAMES.has(projectId)) return `projectId ${projectId} is a reserved name`
  return undefined
}

/** The projectId a request carries, from the query or else a JSON body; undefined when there is none. */
export function requestProjectId(req: FastifyRequest): string | undefined {
  const query = req.query as Record<string, unknown> | undefined
  const body = req.body as Record<string, unknown> | undefined
  const fromQuery = query?.projectId
  const fromBody = body && typeof body === 'object' ? body.projectId : undefined
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : typeof fromBody === 'string' && fromBody ? fromBody : undefined
}

/** Deepest nesting of arrays and objects a request may carry; analytics props are a few levels deep. */
export const MAX_INPUT_DEPTH = 32
const NUL = /\u0000/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function stringProblem(s: string, where: string): string | undefined {
  // PostgreSQL text and jsonb cannot hold NUL, and a lone surrogate is no Unicode text: neither can be stored as sent.
  if (NUL.test(s)) return `${where} contains a NUL character`
  if (LONE_SURROGATE.test(s)) return `${where} contains a lone UTF-16 surrogate (not valid Unicode)`
  return undefined
}

/**
 * Why `value` (a parsed query, path parameters or JSON body) cannot be taken, or undefined: every string and key is
 * NUL-free, well-formed Unicode, and arrays and objects nest at most MAX_INPUT_DEPTH levels. Iterative, so a deep
 * value cannot overflow the stack here.
 */
export function inputProblem(value: unknown, where: string): string | undefined {
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: where, depth: 0 }]
  while (stack.length) {
    const { v, path, depth } = stack.pop()!
    if (typeof v === 'string') {
      const problem = stringProblem(v, path)
      if (problem) return problem
      continue
    }
    if (typeof v !== 'object' || v === null) continue
    if (depth >= MAX_INPUT_DEPTH) return `${where} is nested more than ${MAX_INPUT_DEPTH} levels deep`
    for (const key of Object.keys(v)) {
      const child = Array.isArray(v) ? `${path}[${key}]` : `${path}.${cutCodePoints(key.replace(/[\uD800-\uDFFF\u0000]/g, '?'), 40)}`
      const keyProblem = Array.isArray(v) ? undefined : stringProblem(key, `a key in ${path}`)
      if (keyProblem) return keyProblem
      stack.push({ v: (v as Record<string, unknown>)[key], path: child, depth: depth + 1 })
    }
  }
  return undefined
}

/** Refuses (400) any request whose query, path parameters or body fail inputProblem, before a route sees them. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    const problem = inputProblem(req.query, 'query') ?? inputProblem(req.params, 'path') ?? inputProblem(req.body, 'body')
    if (problem) return reply.code(400).send({ error: problem })
  })
}

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
  app.setNotFoundHandler(async (req, reply) => reply.code(404).send({ error: `Not found: ${req.method} ${cutCodePoints(req.url.split('?')[0]!, 200)}` }))
  app.setErrorHandler(async (err: { validation?: unknown; statusCode?: number; message?: string }, req, reply) => {
    if (err.validation) return reply.code(400).send({ error: err.message ?? 'Invalid request' })
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500
    if (status >= 500) {
      log(`api: ${req.method} ${cutCodePoints(req.url, 200)} failed: ${err.message ?? String(err)}`)
      return reply.code(status).send({ error: 'Internal server error' })
    }
    return reply.code(status).send({ error: err.message ?? 'Bad request' })
  })
}

/**
 * SPEC §7 and §8 on the registry and blockchain paths: projectId is required (query, or body for POSTs) and must be
 * well-formed, and some project ids force an error status so clients can test their handling (429 -> RATE_LIMITED,
 * 5xx -> SERVER_ERROR, the retry policy): `rate-limited` -> 429, `server-error` -> 500, `status-<code>` -> that code
 * (400-599).
 */
export function registerProjectGuard(app: FastifyInstance, forced: Record<string, number>): void {
  // A Map: a projectId such as `constructor` must not find Object.prototype members.
  const forcedStatus = new Map(Object.entries(forced))
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const projectId = requestProjectId(req)
    if (!projectId) return reply.code(400).send({ error: 'projectId is required' })
    const problem = projectIdProblem(projectId)
    if (problem) return reply.code(400).send({ error: problem })
    const generic = /^status-([45]\d\d)$/.exec(projectId)
    const status = forcedStatus.get(projectId) ?? (generic ? Number(generic[1]) : undefined)
    if (status !== undefined) {
      return reply.code(status).send({ error: `Forced status ${status} for projectId ${projectId}` })
    }
  })
}
