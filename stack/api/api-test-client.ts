import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh data directory under the OS temp dir; `remove()` deletes it. */
export function tempDataDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `portico-api-${label}-`))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** The query every SPEC §7 call carries. */
export const SDK_QUERY = { projectId: 'test-project', st: 'appkit', sv: 'portico-test' }

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
