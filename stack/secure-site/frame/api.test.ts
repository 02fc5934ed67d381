import { describe, expect, it, vi } from 'vitest'
import { ApiFailure, createApiClient } from './api.ts'

function client(respond: (url: string, init: RequestInit) => Response | Promise<Response>, token?: string) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => respond(url, init))
  const api = createApiClient({ baseUrl: 'http://127.0.0.1:7100', projectId: 'p1', hostOrigin: 'http://127.0.0.1:5173', token: () => token, fetch: fetch as never })
  return { api, fetch }
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

describe('secure-site API client', () => {
  it('sends project id, host origin and bearer token to the same-origin API', async () => {
    const { api, fetch } = client(() => json(200, { action: 'VERIFY_OTP' }), 'jwt-1')
    expect(await api.emailConnect({ email: 'a@b.co', deviceId: 'dev-0123456789abcdef' })).toEqual({ action: 'VERIFY_OTP' })
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://127.0.0.1:7100/api/email/connect')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('omit')
    expect(init.headers).toEqual({
      'x-portico-project-id': 'p1',
      'x-portico-host-origin': 'http://127.0.0.1:5173',
      authorization: 'Bearer jwt-1',
      'content-type': 'application/json',
    })
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.co', deviceId: 'dev-0123456789abcdef' })
  })

  it('omits authorization without a session and encodes the chain id', async () => {
    const { api, fetch } = client(() => json(200, {}))
    await api.user('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://127.0.0.1:7100/api/user?chainId=solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(init.method).toBe('GET')
    expect(init.headers).not.toHaveProperty('authorization')
  })

  it.each([
    [403, 'Unauthorized: origin not allowed', 'ORIGIN_NOT_ALLOWED', false],
    [401, 'Unauthorized: invalid key', 'INVALID_KEY', false],
    [401, 'JWT validation error: JWT Token is not yet valid', 'SESSION_EXPIRED', true],
    [429, 'Please try again after 12 seconds', 'EMAIL_THROTTLED', false],
  ] as const)('a %i reply becomes ApiFailure with the text verbatim', async (status, text, code, expired) => {
    const { api } = client(() => json(status, { error: text, code }))
    const err = await api.user().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiFailure)
    expect((err as ApiFailure).message).toBe(text)
    expect((err as ApiFailure).status).toBe(status)
    expect((err as ApiFailure).sessionExpired).toBe(expired)
  })

  it('a non-JSON failure is "Server Error"; an unreachable server is "Network Error"', async () => {
    const bad = client(() => new Response('<html>bad gateway</html>', { status: 502 }))
    await expect(bad.api.user()).rejects.toThrow('Server Error')
    const down = client(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(down.api.user()).rejects.toThrow('Network Error')
  })
})
