/** The secure site's API error (`{ error, code }` with `status`) and body helpers, shared by the route modules. */
import type { FastifyRequest } from 'fastify'
import { ApiErrorText, type ApiErrorCode } from './api-types.ts'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export const invalid = (what: string) => new HttpError(400, 'INVALID_PARAMS', `${ApiErrorText.INVALID_PARAMS}: ${what}`)

export const body = (req: FastifyRequest): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {}
