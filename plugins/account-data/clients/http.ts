import { fetchWithRetry, type RetryOptions } from 'portico/plugin'
import { withSdkParams, type SdkParams } from 'portico/plugin'
import { BackendUnreachableError } from '../backend-status.ts'

/** A backend reply that is not what SPEC §7 describes: a failed status, a body that is not JSON, or a wrong shape. */
export class ApiReplyError extends Error {
  override readonly name = 'ApiReplyError'
  constructor(
    /** The path called, without host or query (no project id in messages). */
    readonly path: string,
    /** HTTP status, or 0 when the reply arrived but its body was unusable. */
    readonly status: number,
    detail: string,
  ) {
    super(`${path}: ${detail}`)
  }
}

/** Where a client sends its calls, read on every call so option changes take effect. */
export interface ApiClientDeps {
  /** Base URL of the service, e.g. options.endpoints.registry. */
  baseUrl: () => string
  /** projectId, st and sv (SPEC §7). */
  sdk: () => SdkParams
  /** Retry policy overrides (SPEC §8 defaults); tests inject fetch and sleep here. */
  retry?: RetryOptions
  /** Told whether the service replied (any status) or could not be reached after the retries. */
  status?: { reached(): void; unreachable(): void }
}

/** Query values; undefined and empty lists are left out. */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined>

/** A reply validator: returns the typed value or throws a message naming the bad field. */
export type Shape<T> = (value: unknown) => T

/**
 * The JSON transport shared by the SPEC §7 clients: base URL + path + query, projectId/st/sv on every call, the
 * SPEC §8 retry policy, and a shape check of the reply (a bad reply rejects with {@link ApiReplyError}, never a crash
 * further in).
 */
export class JsonApi {
  constructor(private readonly deps: ApiClientDeps) {}

  /** The absolute URL of a path with its query and the SDK params. */
  url(path: string, query: Query = {}): string {
    const url = new URL(joinPath(this.deps.baseUrl(), path))
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue
      if (Array.isArray(value)) {
        if (value.length) url.searchParams.set(key, value.join(','))
      } else {
        url.searchParams.set(key, String(value))
      }
    }
    return withSdkParams(url, this.deps.sdk())
  }

  async get<T>(path: string, query: Query, shape: Shape<T>, signal?: AbortSignal): Promise<T> {
    const res = await this.getRaw(path, query, signal)
    return readJson(path, res, shape)
  }

  async post<T>(path: string, body: unknown, shape: Shape<T>, signal?: AbortSignal): Promise<T> {
    const res = await this.postRaw(path, body, signal)
    return readJson(path, res, shape)
  }

  /** POSTs JSON and returns the response as it is (callers that only need the status). */
  async postRaw(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    this.requireProject(path)
    return this.send(path, this.url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal })
  }

  /** GETs and returns the response as it is (the origins call classifies statuses itself). */
  async getRaw(path: string, query: Query = {}, signal?: AbortSignal): Promise<Response> {
    this.requireProject(path)
    return this.send(path, this.url(path, query), { method: 'GET', headers: { accept: 'application/json' }, signal })
  }

  /** fetch with the SPEC §8 retries; no reply at all rejects with {@link BackendUnreachableError} (an abort as is). */
  private async send(path: string, url: string, init: RequestInit): Promise<Response> {
    let res: Response
    try {
      res = await fetchWithRetry(url, init, this.deps.retry)
    } catch (error) {
      if (init.signal?.aborted || this.deps.retry?.signal?.aborted || !isNetworkFailure(error)) throw error
      this.deps.status?.unreachable()
      throw new BackendUnreachableError(path, { cause: error })
    }
    this.deps.status?.reached()
    return res
  }

  /** SPEC §7: every call carries a projectId; without one nothing is sent (the services would refuse it anyway). */
  private requireProject(path: string): void {
    if (!this.deps.sdk().projectId) throw new ApiReplyError(path, 0, 'no projectId configured')
  }
}

/** fetch's "no reply": a TypeError in browsers and Node, a DOMException named NetworkError in happy-dom. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')
}

function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** Reads a JSON body of a 2xx reply and checks its shape. */
export async function readJson<T>(path: string, res: Response, shape: Shape<T>): Promise<T> {
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined)
    throw new ApiReplyError(path, res.status, `HTTP ${res.status}`)
  }
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ApiReplyError(path, 0, 'reply is not JSON')
  }
  try {
    return shape(body)
  } catch (error) {
    throw new ApiReplyError(path, 0, `unexpected reply shape (${error instanceof Error ? error.message : String(error)})`)
  }
}

// Small shape helpers: enough to refuse a wrong reply with a message naming the field, without a schema library.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function record(value: unknown, name: string): Record<string, unknown> {
  if (!isRecord(value)) throw new Error(`${name} is not an object`)
  return value
}

export function list(value: unknown, name: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${name} is not an array`)
  return value
}

export function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new Error(`${name} is not a string`)
  return value
}

export function optionalText(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined
  return text(value, name)
}

export function nullableText(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null
  return text(value, name)
}

export function num(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${name} is not a number`)
  return value
}

export function bool(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`${name} is not a boolean`)
  return value
}
