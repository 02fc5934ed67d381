import { OriginsFetchError } from '../errors/index.ts'

/** Outcome of GET /projects/v1/origins (SPEC §7, §8). */
export type OriginsResult = { allowedOrigins: string[] } | { error: OriginsFetchError }

/** SPEC §8 origins fetch: 429 gives RATE_LIMITED, 500 to 599 SERVER_ERROR, any other failure an empty list. */
export function classifyOriginsResponse(status: number, body: unknown): OriginsResult {
  if (status === 429) return { error: OriginsFetchError.RATE_LIMITED }
  if (status >= 500 && status <= 599) return { error: OriginsFetchError.SERVER_ERROR }
  if (status < 200 || status > 299) return { allowedOrigins: [] }
  const list = typeof body === 'object' && body !== null ? (body as { allowedOrigins?: unknown }).allowedOrigins : undefined
  if (!Array.isArray(list)) return { allowedOrigins: [] }
  return { allowedOrigins: list.filter((o): o is string => typeof o === 'string') }
}
