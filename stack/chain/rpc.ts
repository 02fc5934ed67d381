import { request } from 'node:http'

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

let nextId = 1

/**
 * JSON-RPC over node:http. The stack does not use the global fetch, because under a DOM test environment
 * (happy-dom) that is the DOM's fetch, with CORS checks and console noise for refused connections.
 */
export function nodeJsonRpc(url: string, method: string, params: unknown = [], timeoutMs = 10_000): Promise<unknown> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params })
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              result?: unknown
              error?: { code: number; message: string; data?: unknown }
            }
            if (parsed.error) reject(new JsonRpcError(parsed.error.code, parsed.error.message, parsed.error.data))
            else resolve(parsed.result)
          } catch (err) {
            reject(err)
          }
        })
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`${method} to ${url} timed out`)))
    req.on('error', reject)
    req.end(body)
  })
}
