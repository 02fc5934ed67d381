import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { startThrowawayPostgres } from './test-postgres.ts'

/** A fresh data directory under the OS temp dir; `remove()` deletes it. */
export function tempDataDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `portico-api-${label}-`))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** The storage backends every database-touching suite runs on. */
export const DB_BACKENDS = ['pglite', 'postgres'] as const
export type DbBackend = (typeof DB_BACKENDS)[number]

/** Where a suite's API server keeps its data: startApiServer options, and how to throw the data away. */
export type TestStorage = { options: { dataDir: string } | { databaseUrl: string }; remove(): Promise<void> }

/** A temp PGlite directory, or a throwaway PostgreSQL cluster (initdb, own port; fails when PostgreSQL is missing). */
export async function testStorage(backend: DbBackend, label: string): Promise<TestStorage> {
  if (backend === 'pglite') {
    const data = tempDataDir(label)
    return { options: { dataDir: data.dir }, remove: async () => data.remove() }
  }
  const pg = await startThrowawayPostgres()
  return { options: { databaseUrl: pg.url }, remove: () => pg.stop() }
}

/** The query every SPEC §7 call carries. */
export const SDK_QUERY = { projectId: 'test-project', st: 'appkit', sv: 'portico-test' }

/** The admin token the suites start their servers with (GET /e needs it). */
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'
export const adminHeaders = (token = TEST_ADMIN_TOKEN): Record<string, string> => ({ authorization: `Bearer ${token}` })

export type ApiAnswer<T = unknown> = { status: number; headers: Headers; body: T; text: string }

/** Fetches `path` with projectId/st/sv added (unless `query` overrides or removes them), parsing JSON when sent. */
export async function callApi<T = any>(
  baseUrl: string,
  path: string,
  init: RequestInit & { query?: Record<string, string | undefined>; json?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const url = new URL(path, baseUrl)
  const query: Record<string, string | undefined> = { ...SDK_QUERY, ...init.query }
  for (const [k, v] of Object.entries(query)) if (v !== undefined && !url.searchParams.has(k)) url.searchParams.set(k, v)
  const { json, query: _q, ...rest } = init
  const res = await fetch(url, json === undefined ? rest : { method: 'POST', ...rest, headers: { 'content-type': 'application/json', ...rest.headers }, body: JSON.stringify(json) })
  const text = await res.text()
  const isJson = res.headers.get('content-type')?.includes('application/json')
  return { status: res.status, headers: res.headers, body: (isJson && text ? JSON.parse(text) : text) as T, text }
}

/** Forwards JSON-RPC to a dev chain and records each method called, so tests can count the chain reads. */
export async function countingRpcProxy(target: string): Promise<{ url: string; methods: string[]; close(): Promise<void> }> {
  const methods: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      try {
        const parsed = JSON.parse(body) as { method: string } | Array<{ method: string }>
        for (const m of Array.isArray(parsed) ? parsed : [parsed]) methods.push(m.method)
      } catch {
        methods.push('<unparsable>')
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()))
        .catch(() => res.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
