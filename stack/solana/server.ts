import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { RpcError } from './errors.ts'

const MAX_BODY_BYTES = 10 * 1024 * 1024

/** JSON with u64 values (bigint) as JSON numbers, as the validator writes them. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))
}

type Call = (method: string, params: unknown) => unknown
type Response = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

function errorResponse(id: unknown, code: number, message: string, data?: unknown): Response {
  return { jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id }
}

function answer(call: Call, request: unknown, log?: (s: string) => void): Response | null {
  if (!request || typeof request !== 'object' || Array.isArray(request)) return errorResponse(null, -32600, 'Invalid request')
  const { jsonrpc, method, params, id } = request as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown }
  if (jsonrpc !== '2.0' || typeof method !== 'string') return errorResponse(id ?? null, -32600, 'Invalid request')
  try {
    const result = call(method, params)
    // A request without id is a notification (web3.js pings the socket that way): no answer.
    return id === undefined ? null : { jsonrpc: '2.0', result, id }
  } catch (err) {
    if (id === undefined) return null
    if (err instanceof RpcError) return errorResponse(id, err.code, err.message, err.data)
    log?.(`solana rpc: ${method} failed: ${(err as Error).stack ?? String(err)}`)
    return errorResponse(id, -32603, 'Internal error')
  }
}

/** One JSON-RPC payload (a request or a batch) to the text to send back; null when nothing is owed. */
export function answerPayload(call: Call, text: string, log?: (s: string) => void): string | null {
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    return jsonText(errorResponse(null, -32700, 'Parse error'))
  }
  if (Array.isArray(payload)) {
    if (payload.length === 0) return jsonText(errorResponse(null, -32600, 'Invalid request'))
    const answers = payload.map((r) => answer(call, r, log)).filter((r): r is Response => r !== null)
    return answers.length > 0 ? jsonText(answers) : null
  }
  const single = answer(call, payload, log)
  return single ? jsonText(single) : null
}

/** Pages on 127.0.0.1 or localhost, any port: the demo host and Storybook run there. */
export function isLocalOrigin(origin: string | undefined): boolean {
  if (!origin) return false
  try {
    const { hostname, protocol } = new URL(origin)
    return (protocol === 'http:' || protocol === 'https:') && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]')
  } catch {
    return false
  }
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin
  if (!isLocalOrigin(origin)) return {}
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin!,
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    // web3.js adds `solana-client`; echo whatever the page asks for.
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type, solana-client',
    'access-control-max-age': '86400',
    vary: 'Origin',
  }
  if (req.headers['access-control-request-private-network'] === 'true') headers['access-control-allow-private-network'] = 'true'
  return headers
}

function handleHttp(call: Call, log: ((s: string) => void) | undefined, req: IncomingMessage, res: ServerResponse): void {
  const cors = corsHeaders(req)
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors).end()
    return
  }
  if (req.method === 'GET' && req.url?.split('?')[0] === '/health') {
    res.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok')
    return
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { ...cors, allow: 'POST, GET, OPTIONS', 'content-type': 'text/plain' }).end('Used HTTP Method is not allowed. POST or OPTIONS is required')
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413, cors).end()
      req.destroy()
      return
    }
    chunks.push(chunk)
  })
  req.on('end', () => {
    if (res.headersSent) return
    const text = answerPayload(call, Buffer.concat(chunks).toString('utf8'), log)
    res.writeHead(200, { ...cors, 'content-type': 'application/json; charset=utf-8' }).end(text ?? '')
  })
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err)
    server.once('error', onError)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    // web3.js keeps HTTP connections alive; without this close() waits for their idle timeout.
    server.closeAllConnections()
  })
}

export type RpcServers = { port: number; rpcUrl: string; wsUrl: string; close(): Promise<void> }

export type RpcServerOptions = {
  /** HTTP port; PubSub listens on port + 1. 0 picks a free pair. */
  port: number
  call: Call
  socketCall: (socket: WebSocket, method: string, params: unknown) => unknown
  onSocketClose: (socket: WebSocket) => void
  log?: (s: string) => void
}

/**
 * The HTTP JSON-RPC server and the PubSub WebSocket server on the next port, both on 127.0.0.1. web3.js derives
 * the socket URL as port + 1, so the pair has to be adjacent.
 */
export async function startRpcServers(opts: RpcServerOptions): Promise<RpcServers> {
  const attempts = opts.port === 0 ? 20 : 1
  let lastError: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    const http = createServer((req, res) => handleHttp(opts.call, opts.log, req, res))
    let port: number
    try {
      port = await listen(http, opts.port)
    } catch (err) {
      throw portError(opts.port, err)
    }
    const wsHttp = createServer((req, res) => {
      res.writeHead(426, { 'content-type': 'text/plain' }).end('PubSub WebSocket endpoint: connect with ws://')
    })
    try {
      if (port >= 65535) throw Object.assign(new Error('no port above'), { code: 'EADDRINUSE' })
      await listen(wsHttp, port + 1)
    } catch (err) {
      await close(http)
      lastError = portError(port + 1, err)
      if (opts.port !== 0) throw lastError
      continue
    }
    const wss = new WebSocketServer({
      server: wsHttp,
      // Browsers do not apply CORS to sockets; refuse pages from elsewhere. Node clients send no Origin.
      verifyClient: ({ origin }: { origin?: string }) => !origin || isLocalOrigin(origin),
    })
    wss.on('connection', (socket) => {
      socket.on('message', (data) => {
        const text = answerPayload((method, params) => opts.socketCall(socket, method, params), data.toString(), opts.log)
        if (text !== null && socket.readyState === socket.OPEN) socket.send(text)
      })
      socket.on('close', () => opts.onSocketClose(socket))
      socket.on('error', () => socket.terminate())
    })
    return {
      port,
      rpcUrl: `http://127.0.0.1:${port}`,
      wsUrl: `ws://127.0.0.1:${port + 1}`,
      close: async () => {
        // A normal closure (1000) tells rpc-websockets (web3.js) not to reconnect to a cluster that is gone.
        const closing = [...wss.clients].map(
          (client) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                client.terminate()
                resolve()
              }, 500)
              client.once('close', () => {
                clearTimeout(timer)
                resolve()
              })
              client.close(1000, 'cluster stopping')
            }),
        )
        await Promise.all(closing)
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await Promise.all([close(http), close(wsHttp)])
      },
    }
  }
  throw lastError
}

function portError(port: number, err: unknown): Error {
  if ((err as { code?: string }).code === 'EADDRINUSE') {
    return new Error(`port ${port} on 127.0.0.1 is in use; stop what runs there or choose another port`)
  }
  return err as Error
}
