import type { FastifyInstance } from 'fastify'

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

/**
 * CORS for pages served from a local port (the demo, the dev wallet, tests in a browser): those origins may call,
 * others get no CORS headers. Also used by stack/cosmos.
 */
export function registerLocalCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin
    if (!origin || !LOCAL_ORIGIN.test(origin)) return
    reply.header('access-control-allow-origin', origin)
    reply.header('vary', 'Origin')
    if (req.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS')
      const wanted = req.headers['access-control-request-headers']
      reply.header('access-control-allow-headers', typeof wanted === 'string' && wanted.length < 500 ? wanted : 'content-type')
      reply.header('access-control-max-age', '600')
      return reply.code(204).send()
    }
  })
}
