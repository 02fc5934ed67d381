/**
 * Project allowlists: which host origins may embed the frame and call the API for a projectId.
 *
 * Patterns are CSP host-source shaped: `scheme://host[:port]`, where the host may start with `*.` (any subdomain) and
 * the port may be `*` (any port), e.g. `http://localhost:*` (the API server's default). A bare `*`, paths, and
 * anything else is ignored, so the frame's `frame-ancestors` never allows every origin.
 */
import { LruMap } from './lru.ts'

export type ProjectLookup =
  | { status: 'ok'; allowedOrigins: string[] }
  | { status: 'invalid-key' }
  | { status: 'unavailable' }

const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(?::(\*|\d{1,5}))?$/i

/** True when `p` is a pattern this module understands (and so may go into a CSP header). */
export function isOriginPattern(p: string): boolean {
  return PATTERN.test(p)
}

/** An exact serialized origin (`new URL(x).origin === x`), http or https only. */
export function isExactOrigin(o: unknown): o is string {
  if (typeof o !== 'string' || o.length > 300) return false
  try {
    const u = new URL(o)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === o
  } catch {
    return false
  }
}

const defaultPort = (scheme: string) => (scheme === 'https' ? '443' : '80')

export function originMatches(origin: string, pattern: string): boolean {
  if (!isExactOrigin(origin)) return false
  const m = PATTERN.exec(pattern)
  if (!m) return false
  const [, scheme, wildcard, host, port] = m
  const u = new URL(origin)
  if (u.protocol !== `${scheme!.toLowerCase()}:`) return false
  const h = u.hostname.toLowerCase()
  const ph = host!.toLowerCase()
  if (wildcard ? !h.endsWith(`.${ph}`) : h !== ph) return false
  if (port === '*') return true
  return (u.port || defaultPort(scheme!.toLowerCase())) === (port ?? defaultPort(scheme!.toLowerCase()))
}

export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => originMatches(origin, p))
}

/** The CSP directive for the frame page: the project's valid patterns, or 'none' when there are none. */
export function frameAncestors(patterns: readonly string[]): string {
  const valid = patterns.filter(isOriginPattern)
  return `frame-ancestors ${valid.length ? valid.join(' ') : "'none'"}`
}

export type AllowlistOptions = {
  /** Known projectIds; when absent, any projectId the API server answers (or any, with allowedOrigins) is known. */
  projectIds?: readonly string[]
  /** A fixed allowlist for every known project (takes precedence over the API server). */
  allowedOrigins?: readonly string[]
  /** The API server (stack/api) answering `GET /projects/v1/origins?projectId=`. */
  apiUrl?: string
  /** How long an API answer is reused (default 10 s). */
  cacheMs?: number
  clock: () => number
}

/** Same defaults as the API server (stack/api registry-routes DEFAULT_ALLOWED_ORIGINS). */
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']

export function createAllowlist(o: AllowlistOptions) {
  // Bounded (issue 26 item 6): any caller can name any projectId; the least recently used drop out past 1000.
  const cache = new LruMap<string, { at: number; value: ProjectLookup }>(1000)
  const cacheMs = o.cacheMs ?? 10_000

  async function fromApi(projectId: string): Promise<ProjectLookup> {
    const url = new URL('/projects/v1/origins', o.apiUrl)
    url.searchParams.set('projectId', projectId)
    url.searchParams.set('st', 'portico-secure-site')
    url.searchParams.set('sv', '0.1.0')
    let res: Response
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    } catch {
      return { status: 'unavailable' }
    }
    if (res.status === 401 || res.status === 403 || res.status === 404) return { status: 'invalid-key' }
    if (!res.ok) return { status: 'unavailable' }
    const body = (await res.json().catch(() => null)) as { allowedOrigins?: unknown } | null
    const list = Array.isArray(body?.allowedOrigins) ? body.allowedOrigins.filter((x): x is string => typeof x === 'string') : []
    return { status: 'ok', allowedOrigins: list }
  }

  return {
    async lookup(projectId: unknown): Promise<ProjectLookup> {
      if (typeof projectId !== 'string' || projectId.length === 0 || projectId.length > 200) return { status: 'invalid-key' }
      if (o.projectIds && !o.projectIds.includes(projectId)) return { status: 'invalid-key' }
      if (o.allowedOrigins) return { status: 'ok', allowedOrigins: [...o.allowedOrigins] }
      if (!o.apiUrl) return { status: 'ok', allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS] }
      const hit = cache.get(projectId)
      const now = o.clock()
      if (hit && now - hit.at < cacheMs) return hit.value
      const value = await fromApi(projectId)
      if (value.status !== 'unavailable') cache.set(projectId, { at: now, value })
      return value
    },
  }
}

export type Allowlist = ReturnType<typeof createAllowlist>
