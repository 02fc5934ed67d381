import { describe, expect, it } from 'vitest'
import { classifyOriginsResponse } from './index.ts'

describe('classifyOriginsResponse', () => {
  it('SPEC §8 origins: HTTP 429 gives RATE_LIMITED', () => {
    expect(classifyOriginsResponse(429, null)).toEqual({ error: 'RATE_LIMITED' })
  })

  it.each([500, 503, 599])('SPEC §8 origins: HTTP %i gives SERVER_ERROR', (status) => {
    expect(classifyOriginsResponse(status, null)).toEqual({ error: 'SERVER_ERROR' })
  })

  it.each([400, 401, 403, 404, 600, 302])('SPEC §8 origins: HTTP %i gives an empty list', (status) => {
    expect(classifyOriginsResponse(status, { allowedOrigins: ['https://x.test'] })).toEqual({ allowedOrigins: [] })
  })

  it('SPEC §7 origins: a success returns allowedOrigins, dropping foreign entries', () => {
    expect(classifyOriginsResponse(200, { allowedOrigins: ['https://a.test', 7, 'https://b.test'] })).toEqual({
      allowedOrigins: ['https://a.test', 'https://b.test'],
    })
    expect(classifyOriginsResponse(200, { other: 1 })).toEqual({ allowedOrigins: [] })
    expect(classifyOriginsResponse(200, 'oops')).toEqual({ allowedOrigins: [] })
  })
})
