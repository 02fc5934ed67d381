import type { FastifyInstance } from 'fastify'
import type { ApiDb } from './db.ts'
import { COMMON_QUERY } from './http.ts'

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

/** SPEC §7 analytics: POST /e stores an event; GET /e reads them back, newest first (for tests and the demo). */
export function registerAnalyticsRoutes(app: FastifyInstance, db: ApiDb): void {
  // Beacons (navigator.sendBeacon) post JSON as text/plain.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined)
    }
  })

  app.post<{ Body: EventBody; Querystring: { projectId?: string } }>(
    '/e',
    {
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
      const r = await db.query<{ id: number }>(
        `insert into analytics_events (event_id, project_id, url, domain, timestamp, props)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [b.eventId, req.query.projectId ?? null, b.url ?? null, b.domain ?? null, b.timestamp ?? null, JSON.stringify(b.props)],
      )
      return reply.code(202).send({ id: r.rows[0]?.id })
    },
  )

  app.get<{ Querystring: { limit: number; event?: string } }>(
    '/e',
    {
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
