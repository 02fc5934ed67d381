import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  cacaoMessage,
  generateNonce,
  parseSiweMessage,
  parseSolanaSignInMessage,
  SiweMessageError,
  signInCheckProblem,
  verifySiweMessage,
  verifySolanaSignInMessage,
} from 'portico/plugins/siwx'
import type { ChainRuntime } from './chains.ts'
import { lockStartup, readMeta, writeMeta, type ApiDb, type ApiDbQueries } from './db.ts'
import { COMMON_QUERY } from './http.ts'
import { TokenBuckets } from './rate-limit.ts'

/**
 * The default sign-in (SIWX) backend, in the shape of AppKit's hosted one:
 *   GET  /auth/v1/nonce         -> { nonce, expiresAt }                      a fresh nonce, single use, 5 minutes
 *   POST /auth/v1/authenticate  { message, signature } -> { token, session }  a signed JWT (HS256) for the session
 *                               { cacao } (one-click auth's CAIP-74 answer): its message and signature, checked the same way
 *   GET  /auth/v1/me            Authorization: Bearer <token> -> the session
 *   POST /auth/v1/sign-out      Authorization: Bearer <token> -> revokes it
 * The signature is verified (EOA, EIP-1271/6492 on a dev chain, ed25519 for Solana) before anything is stored; the
 * nonce is consumed in the same transaction as the session is stored, so a replay finds it used.
 */

/** A nonce is valid this long after it was issued. */
export const AUTH_NONCE_TTL_MS = 5 * 60_000
/** A session without an Expiration Time in its message lasts this long. */
export const AUTH_DEFAULT_SESSION_MS = 7 * 24 * 60 * 60_000
/** No session lasts longer, whatever Expiration Time its message names (issue 26 item 8). */
export const AUTH_MAX_SESSION_MS = AUTH_DEFAULT_SESSION_MS
/** Nonces per client address a minute: each one is a database row (issue 26 item 8). */
export const AUTH_NONCES_PER_MINUTE = 30
const MAX_MESSAGE_LENGTH = 8 * 1024

export type AuthOptions = {
  db: ApiDb
  chains: ChainRuntime[]
  /** Page origins whose domain a message may name (`http://localhost:*` style patterns). */
  allowedOrigins: readonly string[]
  now: () => number
  issuer: () => string
}

export type AuthSession = {
  id: string
  caipAddress: string
  address: string
  namespace: 'eip155' | 'solana'
  chainId: string
  domain: string
  message: string
  signature: string
  issuedAt: string
  expiresAt: string
}

/** The HS256 key of the session tokens: made once per database and kept in meta, so tokens survive a restart. */
export async function loadAuthSecret(db: ApiDb): Promise<Buffer> {
  return db.transaction(async (tx: ApiDbQueries) => {
    await lockStartup(tx)
    let secret = await readMeta(tx, 'auth_jwt_secret')
    if (!secret) {
      secret = randomBytes(32).toString('base64url')
      await writeMeta(tx, 'auth_jwt_secret', secret)
    }
    return Buffer.from(secret, 'base64url')
  })
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url')

export function signJwt(claims: Record<string, unknown>, secret: Buffer): string {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

/** The claims of a token this server signed and that has not expired, else undefined. */
export function verifyJwt(token: string, secret: Buffer, nowMs: number): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [header, payload, sig] = parts as [string, string, string]
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest()
  const given = Buffer.from(sig, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }
    if (h.alg !== 'HS256') return undefined
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return undefined
    return claims
  } catch {
    return undefined
  }
}

/** `http://localhost:*` -> a test for `localhost:5173`. */
function hostMatcher(pattern: string): (host: string) => boolean {
  try {
    const wildcardPort = pattern.endsWith(':*')
    const url = new URL(wildcardPort ? pattern.slice(0, -2) : pattern)
    return (host) => {
      if (wildcardPort) return host === url.hostname || (host.startsWith(`${url.hostname}:`) && /^\d{1,5}$/.test(host.slice(url.hostname.length + 1)))
      return host === url.host
    }
  } catch {
    return () => false
  }
}

const fail = (reply: FastifyReply, status: number, error: string): FastifyReply => reply.code(status).send({ error })

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization
  return typeof h === 'string' && /^Bearer [A-Za-z0-9_.-]{1,4096}$/.test(h) ? h.slice(7) : undefined
}

type SessionRow = {
  id: string; caip_address: string; namespace: string; chain_id: string; address: string; domain: string
  message: string; signature: string; issued_ms: number; expires_ms: number; revoked: boolean
}

const toSession = (r: SessionRow): AuthSession => ({
  id: r.id,
  caipAddress: r.caip_address,
  address: r.address,
  namespace: r.namespace as AuthSession['namespace'],
  chainId: r.chain_id,
  domain: r.domain,
  message: r.message,
  signature: r.signature,
  issuedAt: new Date(Number(r.issued_ms)).toISOString(),
  expiresAt: new Date(Number(r.expires_ms)).toISOString(),
})

export async function registerAuthRoutes(app: FastifyInstance, o: AuthOptions): Promise<void> {
  const secret = await loadAuthSecret(o.db)
  const allowedHosts = o.allowedOrigins.map(hostMatcher)

  const nonceBuckets = new TokenBuckets(AUTH_NONCES_PER_MINUTE, 60_000, o.now)

  app.get('/auth/v1/nonce', { schema: { querystring: COMMON_QUERY } }, async (req, reply) => {
    const wait = nonceBuckets.waitMs(req.ip)
    if (wait > 0) return reply.code(429).header('retry-after', String(Math.ceil(wait / 1000))).send({ error: 'Too many nonces requested, try again later' })
    nonceBuckets.take(req.ip)
    const nonce = generateNonce()
    const now = o.now()
    await o.db.query('insert into auth_nonces (nonce, issued_ms, expires_ms) values ($1, $2, $3)', [nonce, now, now + AUTH_NONCE_TTL_MS])
    // Expired nonces are dropped as new ones are issued: the table holds at most 5 minutes of them.
    await o.db.query('delete from auth_nonces where expires_ms < $1', [now - AUTH_NONCE_TTL_MS])
    return { nonce, expiresAt: new Date(now + AUTH_NONCE_TTL_MS).toISOString() }
  })

  app.post<{ Body: { message: string; signature: string } | { cacao: Parameters<typeof cacaoMessage>[0] } }>(
    '/auth/v1/authenticate',
    {
      schema: {
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          oneOf: [{ required: ['message', 'signature'] }, { required: ['cacao'] }],
          properties: {
            message: { type: 'string', minLength: 1, maxLength: MAX_MESSAGE_LENGTH },
            signature: { type: 'string', minLength: 1, maxLength: 4096 },
            cacao: {
              type: 'object',
              required: ['h', 'p', 's'],
              properties: {
                h: { type: 'object' },
                p: { type: 'object' },
                s: { type: 'object', required: ['s'], properties: { s: { type: 'string', minLength: 1, maxLength: 4096 } } },
              },
            },
            projectId: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req, reply) => {
      let message: string
      let signature: string
      if ('cacao' in req.body) {
        // One-click auth: the cacao's EIP-4361 text (with its ReCap statement) and signature take the same path.
        try {
          message = cacaoMessage(req.body.cacao)
        } catch (err) {
          return fail(reply, 400, err instanceof Error ? err.message : 'Invalid cacao')
        }
        if (message.length > MAX_MESSAGE_LENGTH) return fail(reply, 400, 'The cacao is too long')
        signature = req.body.cacao.s.s
      } else {
        ;({ message, signature } = req.body)
      }
      const solana = message.split('\n', 1)[0]!.endsWith(' wants you to sign in with your Solana account:')
      let fields
      try {
        fields = solana ? parseSolanaSignInMessage(message) : parseSiweMessage(message)
      } catch (err) {
        return fail(reply, 400, err instanceof SiweMessageError ? err.message : 'Invalid sign-in message')
      }
      // The domain must be the page's own (Origin) and one this server serves sign-in for.
      const origin = req.headers.origin
      if (typeof origin === 'string' && origin !== 'null') {
        let originHost: string | undefined
        try {
          originHost = new URL(origin).host
        } catch {
          originHost = undefined
        }
        if (fields.domain !== originHost) return fail(reply, 403, `The message is for ${fields.domain}, not for this page (${origin})`)
      }
      if (!allowedHosts.some((allowed) => allowed(fields.domain))) return fail(reply, 403, `Sign-in is not enabled for the domain ${fields.domain}`)
      const now = o.now()
      const timeProblem = signInCheckProblem(fields, { time: now })
      if (timeProblem === 'expired') return fail(reply, 400, 'The message has expired')
      if (timeProblem === 'not yet valid') return fail(reply, 400, 'The message is not valid yet')

      const chain = solana ? undefined : o.chains.find((c) => c.chainId === fields.chainId)
      const valid = solana
        ? await verifySolanaSignInMessage({ message, signature, time: now })
        : // An EOA's signature is checked here (ECDSA recovery, no chain call); only when that fails is the chain asked
          // (ERC-1271 / ERC-6492 smart accounts), so a plain sign-in costs no eth_call (issue 31).
          (await verifySiweMessage({ message, signature, time: now })) ||
          (chain !== undefined && (await verifySiweMessage({ message, signature, time: now, client: chain.client })))
      if (!valid) return fail(reply, 401, 'Invalid signature')

      const namespace = solana ? 'solana' : 'eip155'
      const caipAddress = `${namespace}:${fields.chainId}:${fields.address}`
      const expiresMs = Math.min(fields.expirationTime ? Date.parse(fields.expirationTime) : now + AUTH_DEFAULT_SESSION_MS, now + AUTH_MAX_SESSION_MS)
      const id = randomUUID()
      const stored = await o.db.transaction(async (tx) => {
        const used = await tx.query(
          'update auth_nonces set used_ms = $2 where nonce = $1 and used_ms is null and expires_ms > $2 returning nonce',
          [fields.nonce, now],
        )
        if (used.rows.length === 0) return false
        await tx.query(
          `insert into auth_sessions (id, caip_address, namespace, chain_id, address, domain, message, signature, issued_ms, expires_ms)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [id, caipAddress, namespace, String(fields.chainId), fields.address, fields.domain, message, signature, now, expiresMs],
        )
        return true
      })
      if (!stored) return fail(reply, 409, 'The nonce is unknown, expired or already used')
      const token = signJwt({ iss: o.issuer(), sub: caipAddress, sid: id, aud: fields.domain, iat: Math.floor(now / 1000), exp: Math.floor(expiresMs / 1000) }, secret)
      const session = (await o.db.query<SessionRow>('select * from auth_sessions where id = $1', [id])).rows[0]!
      return { token, session: toSession(session) }
    },
  )

  const sessionOf = async (req: FastifyRequest): Promise<SessionRow | undefined> => {
    const token = bearer(req)
    const claims = token ? verifyJwt(token, secret, o.now()) : undefined
    // `iss` is this server's URL at signing time; the HMAC key (per database) already proves the issuer, and a restart
    // on another port must keep tokens valid, so the claim is required but not compared with the current URL.
    if (!claims || typeof claims.sid !== 'string' || typeof claims.iss !== 'string') return undefined
    // A token is for the domain it signed in on (`aud`): a page of another domain cannot use it (issue 26 item 8).
    const origin = req.headers.origin
    if (typeof origin === 'string' && origin !== 'null') {
      let host: string | undefined
      try {
        host = new URL(origin).host
      } catch {
        host = undefined
      }
      if (claims.aud !== host) return undefined
    }
    const r = await o.db.query<SessionRow>('select * from auth_sessions where id = $1', [claims.sid])
    const row = r.rows[0]
    return row && !row.revoked && row.domain === claims.aud && Number(row.expires_ms) > o.now() ? row : undefined
  }

  app.get('/auth/v1/me', { schema: { querystring: COMMON_QUERY } }, async (req, reply) => {
    const row = await sessionOf(req)
    if (!row) return fail(reply, 401, 'No valid session token')
    return toSession(row)
  })

  app.post('/auth/v1/sign-out', { schema: { querystring: COMMON_QUERY } }, async (req, reply) => {
    const row = await sessionOf(req)
    if (!row) return fail(reply, 401, 'No valid session token')
    await o.db.query('update auth_sessions set revoked = true where id = $1', [row.id])
    return { revoked: true }
  })
}
