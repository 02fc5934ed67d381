import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ApiDb } from './db.ts'
import { COMMON_QUERY, projectIdProblem } from './http.ts'
import { TokenBuckets, type EventRateLimit } from './rate-limit.ts'

/**
 * The projectIds POST /e takes unless told otherwise: the ones the repo's own callers send (the demo, the e2e
 * suites, the bench hosts, the account-data tests and this folder's tests).
 */
export const DEFAULT_ANALYTICS_PROJECT_IDS: readonly string[] = [
  'portico-demo',
  'portico-e2e',
  'bench',
  'clients-test',
  'wiring-on',
  'wiring-off',
  'wiring-destroy',
  'test-project',
]

export type AnalyticsOptions = {
  db: ApiDb
  /** projectIds whose events are stored; others get 403. */
  projectIds: ReadonlySet<string>
  rateLimit: EventRateLimit
  now: () => number
  /** GET /e needs `Authorization: Bearer <adminToken>`. */
  adminToken: string
  /** Events older than this are deleted (issue 26 item 9). Default ANALYTICS_DEFAULT_RETENTION_MS (30 days). */
  retentionMs?: number
}

/** Bytes of one event's `props` as JSON, at most (issue 26 item 9: the body limit alone let 256 KiB events in). */
export const ANALYTICS_MAX_PROPS_BYTES = 4096
export const ANALYTICS_DEFAULT_RETENTION_MS = 30 * 24 * 3_600_000
/** Expired events are deleted at most this often, as events arrive. */
const PRUNE_EVERY_MS = 60_000

export type StoredEvent = {
  id: number
  eventId: string
  projectId: string | null
  url: string | null
  domain: string | null
  timestamp: number | null
  props: Record<string, unknown>
  receivedAt: string
}

type EventBody = { eventId: string; url?: string; domain?: string; timestamp?: number; props: Record<string, unknown> }

const sha256 = (s: string): Buffer => createHash('sha256').update(s).digest()

/**
 * SPEC §7 analytics: POST /e stores an event from an allowed projectId, within the per-client and per-project rate
 * limits; GET /e reads them back, newest first, for whoever holds the admin token.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, o: AnalyticsOptions): void {
  const { db } = o
  const perClient = new TokenBuckets(o.rateLimit.perClient, o.rateLimit.windowMs, o.now)
  const perProject = new TokenBuckets(o.rateLimit.perProject, o.rateLimit.windowMs, o.now)
  const windowText = `${o.rateLimit.windowMs / 1000} s`
  const adminDigest = sha256(o.adminToken)

  // Beacons (navigator.sendBeacon) post JSON as text/plain; parsed like application/json, prototype keys refused.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'))

  /** Runs before the body is read: a refused sender costs no parsing and no storage. */
  const admitEvent = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const projectId = (req.query as { projectId?: unknown }).projectId
    if (typeof projectId !== 'string' || !projectId) return reply.code(400).send({ error: 'projectId is required' })
    const problem = projectIdProblem(projectId)
    if (problem) return reply.code(400).send({ error: problem })
    if (!o.projectIds.has(projectId)) return reply.code(403).send({ error: `projectId ${projectId} is not allowed to send events to this server` })
    const client = req.ip
    const clientWait = perClient.waitMs(client)
    const projectWait = perProject.waitMs(projectId)
    if (clientWait || projectWait) {
      const seconds = Math.max(1, Math.ceil(Math.max(clientWait, projectWait) / 1000))
      const error = clientWait
        ? `Too many events from this client: at most ${o.rateLimit.perClient} per ${windowText}; retry after ${seconds} s`
        : `Too many events for projectId ${projectId}: at most ${o.rateLimit.perProject} per ${windowText}; retry after ${seconds} s`
      return reply.code(429).header('retry-after', String(seconds)).send({ error })
    }
    perClient.take(client)
    perProject.take(projectId)
    return undefined
  }

  const requireAdmin = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (match && timingSafeEqual(sha256(match[1]!), adminDigest)) return undefined
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="portico-api"')
      .send({ error: 'Reading events needs the admin token: send Authorization: Bearer <token> (printed when the server starts)' })
  }

  app.post<{ Body: EventBody; Querystring: { projectId?: string } }>(
    '/e',
    {
      onRequest: admitEvent,
      schema: {
        querystring: COMMON_QUERY,
        body: {
          type: 'object',
          required: ['eventId', 'props'],
          properties: {
            eventId: { type: 'string', minLength: 1, maxLength: 100 },
            url: { type: 'string', maxLength: 2000 },
            domain: { type: 'string', maxLength: 500 },
            timestamp: { type: 'number' },
            props: { type: 'object' },
          },
        },
      },
    },
    async (req, reply) => {
      const b = req.body
      const propsBytes = Buffer.byteLength(JSON.stringify(b.props))
      if (propsBytes > ANALYTICS_MAX_PROPS_BYTES)
        return reply.code(413).send({ error: `props is ${propsBytes} bytes; at most ${ANALYTICS_MAX_PROPS_BYTES} are stored per event` })
      await prune()
      const r = await db.query<{ id: number }>(
        // received_at from the server's clock (injected in tests), the one retention is measured with.
        `insert into analytics_events (event_id, project_id, url, domain, timestamp, props, received_at)
         values ($1, $2, $3, $4, $5, $6, to_timestamp($7::double precision / 1000)) returning id`,
        [b.eventId, req.query.projectId ?? null, b.url ?? null, b.domain ?? null, b.timestamp ?? null, JSON.stringify(b.props), o.now()],
      )
      return reply.code(202).send({ id: r.rows[0]?.id })
    },
  )

  const retentionMs = o.retentionMs ?? ANALYTICS_DEFAULT_RETENTION_MS
  let prunedAt = -Infinity
  async function prune(): Promise<void> {
    const now = o.now()
    if (now - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = now
    await db.query('delete from analytics_events where received_at < to_timestamp($1::double precision / 1000)', [now - retentionMs])
  }

  // The disk the stored events take, per project (admin): rows and bytes of their stored fields.
  app.get('/e/usage', { onRequest: requireAdmin }, async () => {
    await prune()
    const r = await db.query<{ project_id: string | null; events: number; bytes: number }>(
      `select project_id, count(*)::int as events,
              sum(octet_length(props::text) + octet_length(event_id) + coalesce(octet_length(url), 0) + coalesce(octet_length(domain), 0))::int as bytes
         from analytics_events group by project_id order by project_id`,
    )
    return {
      retentionDays: retentionMs / 86_400_000,
      projects: r.rows.map((row) => ({ projectId: row.project_id, events: Number(row.events), bytes: Number(row.bytes) })),
    }
  })

  app.get<{ Querystring: { limit: number; event?: string } }>(
    '/e',
    {
      onRequest: requireAdmin,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            // props.event, e.g. CONNECT_SUCCESS
            event: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (req) => {
      const r = await db.query<{
        id: number; event_id: string; project_id: string | null; url: string | null; domain: string | null
        timestamp: number | null; props: Record<string, unknown>; received_at: Date
      }>(
        `select * from analytics_events where ($1::text is null or props->>'event' = $1::text) order by id desc limit $2`,
        [req.query.event ?? null, req.query.limit],
      )
      const data: StoredEvent[] = r.rows.map((row) => ({
        id: Number(row.id),
        eventId: row.event_id,
        projectId: row.project_id,
        url: row.url,
        domain: row.domain,
        timestamp: row.timestamp,
        props: row.props,
        receivedAt: new Date(row.received_at).toISOString(),
      }))
      return { data, count: data.length }
    },
  )
}
