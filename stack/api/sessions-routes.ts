import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { getAddress, isAddress, keccak256, stringToHex, type Address, type Hex } from 'viem'
import type { ChainRuntime } from './chains.ts'
import type { ApiDb } from './db.ts'
import { COMMON_QUERY } from './http.ts'

/**
 * SPEC §7 smart-account sessions, the local stand-in for the hosted service that keeps ERC-7715 permission grants:
 *   POST /v1/sessions/{caipAddress}/nonce                         -> 201 { nonce } (one-time, 10 min; issue 26)
 *   POST /v1/sessions/{caipAddress}          { grant, signature, nonce } -> 201 the session record (with its pci);
 *                                             409 for a used/unknown nonce or a grant message recorded before
 *   GET  /v1/sessions/{caipAddress}                                -> { pcis: [active session records] }
 *   POST /v1/sessions/{caipAddress}/revoke   { pci, signature }    -> { pci, revoked: true }
 * `caipAddress` is `eip155:<chainId>:<address>` on a chain the server reads. A grant is what the wallet answered
 * to `wallet_grantPermissions` (ERC-7715: chainId, expiry, signer, permissions). Both writes must be signed by the
 * account itself (EOA, deployed smart account through EIP-1271, or counterfactual one through EIP-6492: viem's
 * verifyMessage against the chain), over `sessionGrantMessage` / `sessionRevokeMessage`; anything else is 401, so
 * nobody can plant or revoke sessions of an account they do not control. The SPEC §3 session record is
 * `{ pci, signature }` plus what the grant says.
 */

const MAX_GRANT_BYTES = 16 * 1024
const MAX_ACTIVE_SESSIONS = 100
const CAIP_EIP155 = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/

export type SessionGrant = {
  chainId: Hex | number
  /** Unix seconds. */
  expiry: number
  signer: { type: string; data?: unknown }
  permissions: Array<{ type: string; data?: unknown; policies?: unknown[] }>
  [extra: string]: unknown
}

export type SessionRecord = {
  pci: string
  caipAddress: string
  grant: SessionGrant
  expiry: number
  createdAt: number
  /** The account's signature over the grant message. */
  signature: string
}

/** JSON with sorted keys, so a grant hashes the same however its object was built. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * The text an account signs to record a grant: over the grant and a one-time nonce from
 * `POST /v1/sessions/{caip}/nonce` (issue 26 item 7), so the signature is good for one recording only.
 */
export function sessionGrantMessage(caipAddress: string, grant: SessionGrant, nonce: string): string {
  return `Portico smart session\nAccount: ${caipAddress}\nGrant: ${keccak256(stringToHex(canonicalJson(grant)))}\nNonce: ${nonce}`
}

/** How long a grant nonce stays usable. */
const GRANT_NONCE_TTL_MS = 10 * 60_000
const NONCE_RE = '^[0-9a-f]{32}$'

/** The text an account signs to revoke a session. */
export function sessionRevokeMessage(caipAddress: string, pci: string): string {
  return `Portico smart session\nAccount: ${caipAddress}\nRevoke: ${pci}`
}

export type SessionsOptions = { db: ApiDb; chains: ChainRuntime[]; now: () => number }

const fail = (reply: FastifyReply, status: number, error: string): FastifyReply => reply.code(status).send({ error })

const caipParams = {
  type: 'object',
  required: ['caipAddress'],
  properties: { caipAddress: { type: 'string', minLength: 1, maxLength: 120 } },
} as const

function grantProblem(grant: unknown, nowSeconds: number): string | undefined {
  if (!grant || typeof grant !== 'object' || Array.isArray(grant)) return 'grant must be an object'
  const g = grant as Record<string, unknown>
  if (typeof g.expiry !== 'number' || !Number.isInteger(g.expiry)) return 'grant.expiry must be unix seconds'
  if (g.expiry <= nowSeconds) return 'grant.expiry is in the past'
  if (!g.signer || typeof g.signer !== 'object' || typeof (g.signer as { type?: unknown }).type !== 'string') return 'grant.signer.type is required'
  if (!Array.isArray(g.permissions) || g.permissions.length === 0) return 'grant.permissions must be a non-empty array'
  if (g.permissions.some((p) => !p || typeof p !== 'object' || typeof (p as { type?: unknown }).type !== 'string')) return 'each permission needs a type'
  if (Buffer.byteLength(JSON.stringify(grant)) > MAX_GRANT_BYTES) return 'grant is too large'
  return undefined
}

export function registerSessionsRoutes(app: FastifyInstance, o: SessionsOptions): void {
  /** The chain and checksummed address of a CAIP-10 eip155 account, or a reason. */
  const account = (caipAddress: string): { chain: ChainRuntime; address: Address; caip: string } | string => {
    const m = CAIP_EIP155.exec(caipAddress)
    if (!m || !isAddress(m[2]!, { strict: false })) return 'caipAddress must be eip155:<chainId>:<address>'
    const chain = o.chains.find((c) => c.chainId === Number(m[1]))
    if (!chain) return `chain eip155:${m[1]} is not served here`
    const address = getAddress(m[2]!)
    return { chain, address, caip: `eip155:${chain.chainId}:${address}` }
  }
  const signedBy = async (chain: ChainRuntime, address: Address, message: string, signature: string): Promise<boolean> => {
    if (!/^0x[0-9a-fA-F]+$/.test(signature)) return false
    try {
      return await chain.client.verifyMessage({ address, message, signature: signature as Hex })
    } catch {
      return false
    }
  }
  const active = async (caip: string): Promise<SessionRecord[]> => {
    const rows = await o.db.query<{ pci: string; caip_address: string; grant_json: SessionGrant; expiry: number; created_ms: number; signature: string }>(
      'select pci, caip_address, grant_json, expiry, created_ms, signature from smart_sessions where caip_address = $1 and revoked_ms is null and expiry > $2 order by created_ms, pci',
      [caip, Math.floor(o.now() / 1000)],
    )
    return rows.rows.map((r) => ({ pci: r.pci, caipAddress: r.caip_address, grant: r.grant_json, expiry: Number(r.expiry), createdAt: Number(r.created_ms), signature: r.signature }))
  }

  app.get<{ Params: { caipAddress: string } }>('/v1/sessions/:caipAddress', { schema: { params: caipParams, querystring: COMMON_QUERY } }, async (req, reply) => {
    const who = account(req.params.caipAddress)
    if (typeof who === 'string') return fail(reply, 400, who)
    return { pcis: await active(who.caip) }
  })

  app.post<{ Params: { caipAddress: string } }>('/v1/sessions/:caipAddress/nonce', { schema: { params: caipParams, querystring: COMMON_QUERY } }, async (req, reply) => {
    const who = account(req.params.caipAddress)
    if (typeof who === 'string') return fail(reply, 400, who)
    const nonce = randomBytes(16).toString('hex')
    await o.db.query('delete from smart_session_nonces where expires_ms < $1', [o.now()])
    await o.db.query('insert into smart_session_nonces (nonce, caip_address, expires_ms) values ($1, $2, $3)', [nonce, who.caip, o.now() + GRANT_NONCE_TTL_MS])
    return reply.code(201).send({ nonce })
  })

  app.post<{ Params: { caipAddress: string }; Body: { grant: unknown; signature: string; nonce: string } }>(
    '/v1/sessions/:caipAddress',
    {
      schema: {
        params: caipParams,
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          required: ['grant', 'signature', 'nonce'],
          properties: { grant: { type: 'object' }, signature: { type: 'string', maxLength: 20_000 }, nonce: { type: 'string', pattern: NONCE_RE } },
        },
      },
    },
    async (req, reply) => {
      const who = account(req.params.caipAddress)
      if (typeof who === 'string') return fail(reply, 400, who)
      const problem = grantProblem(req.body.grant, Math.floor(o.now() / 1000))
      if (problem) return fail(reply, 400, problem)
      const grant = req.body.grant as SessionGrant
      const message = sessionGrantMessage(who.caip, grant, req.body.nonce)
      if (!(await signedBy(who.chain, who.address, message, req.body.signature))) {
        return fail(reply, 401, 'The grant is not signed by the account')
      }
      // The nonce is this account's, unexpired and used once; a grant message already recorded is never again.
      const used = await o.db.query<{ nonce: string }>(
        'update smart_session_nonces set used_ms = $3 where nonce = $1 and caip_address = $2 and used_ms is null and expires_ms >= $3 returning nonce',
        [req.body.nonce, who.caip, o.now()],
      )
      const grantHash = keccak256(stringToHex(message))
      const seen = await o.db.query<{ pci: string }>('select pci from smart_sessions where grant_hash = $1', [grantHash])
      if (used.rows.length === 0 || seen.rows.length > 0) return fail(reply, 409, 'This grant was already recorded or its nonce is unknown, used or expired')
      if ((await active(who.caip)).length >= MAX_ACTIVE_SESSIONS) return fail(reply, 429, 'Too many active sessions for this account')
      const record: SessionRecord = {
        pci: `0x${randomBytes(32).toString('hex')}`,
        caipAddress: who.caip,
        grant,
        expiry: grant.expiry,
        createdAt: o.now(),
        signature: req.body.signature,
      }
      await o.db.query('insert into smart_sessions (pci, caip_address, grant_json, expiry, created_ms, signature, grant_hash) values ($1, $2, $3, $4, $5, $6, $7)', [
        record.pci,
        record.caipAddress,
        JSON.stringify(record.grant),
        record.expiry,
        record.createdAt,
        record.signature,
        grantHash,
      ])
      return reply.code(201).send(record)
    },
  )

  app.post<{ Params: { caipAddress: string }; Body: { pci: string; signature: string } }>(
    '/v1/sessions/:caipAddress/revoke',
    {
      schema: {
        params: caipParams,
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          required: ['pci', 'signature'],
          properties: { pci: { type: 'string', pattern: '^0x[0-9a-f]{64}$' }, signature: { type: 'string', maxLength: 20_000 } },
        },
      },
    },
    async (req, reply) => {
      const who = account(req.params.caipAddress)
      if (typeof who === 'string') return fail(reply, 400, who)
      if (!(await signedBy(who.chain, who.address, sessionRevokeMessage(who.caip, req.body.pci), req.body.signature))) {
        return fail(reply, 401, 'The revocation is not signed by the account')
      }
      const updated = await o.db.query<{ pci: string }>(
        'update smart_sessions set revoked_ms = $3 where pci = $1 and caip_address = $2 and revoked_ms is null returning pci',
        [req.body.pci, who.caip, o.now()],
      )
      if (updated.rows.length === 0) return fail(reply, 404, 'No active session with this pci for the account')
      return { pci: req.body.pci, revoked: true }
    },
  )
}
