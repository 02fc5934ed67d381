import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { fetchWithRetry, parseRetryAfter, RETRY_STATUS_CODES } from './index.ts'

type Step = number | Error | { status: number; headers?: Record<string, string> }

/** A fetch that answers the scripted steps in order and records every call. */
function scriptedFetch(steps: Step[]) {
  const calls: Array<{ input: string; init: RequestInit | undefined }> = []
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ input: String(input), init })
    const step = steps[Math.min(calls.length - 1, steps.length - 1)] as Step
    if (step instanceof Error) throw step
    const { status, headers } = typeof step === 'number' ? { status: step, headers: undefined } : step
    return new Response(status === 204 ? null : `body ${calls.length}`, { status, headers })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

function recordingSleep() {
  const delays: number[] = []
  return { delays, sleep: async (ms: number) => void delays.push(ms) }
}

describe('fetchWithRetry', () => {
  it('SPEC §8 retries: 3 attempts, delay 150 ms doubling', async () => {
    const { fetch, calls } = scriptedFetch([503, 503, 503])
    const { delays, sleep } = recordingSleep()
    const res = await fetchWithRetry('https://api.test/x', {}, { fetch, sleep })
    expect(calls).toHaveLength(3)
    expect(delays).toEqual([150, 300])
    expect(res.status).toBe(503)
    expect(await res.text()).toBe('body 3')
  })

  it('SPEC §8 stops retrying at the first success', async () => {
    const { fetch, calls } = scriptedFetch([500, 200])
    const { delays, sleep } = recordingSleep()
    const res = await fetchWithRetry('https://api.test/x', {}, { fetch, sleep })
    expect(res.status).toBe(200)
    expect(calls).toHaveLength(2)
    expect(delays).toEqual([150])
  })

  it('SPEC §8 the delay doubles up to 30000 ms', async () => {
    const { fetch } = scriptedFetch([500])
    const { delays, sleep } = recordingSleep()
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep, attempts: 10, baseDelayMs: 150 })
    expect(delays).toEqual([150, 300, 600, 1200, 2400, 4800, 9600, 19200, 30000])
  })

  it('SPEC §8 the retried statuses are 403, 408, 413, 429, 500, 502, 503 and 504', () => {
    expect([...RETRY_STATUS_CODES]).toEqual([403, 408, 413, 429, 500, 502, 503, 504])
  })

  // The spec's list by value, not the code's constant: a wrong constant must fail here.
  it.each([403, 408, 413, 429, 500, 502, 503, 504])('SPEC §8 status %i is retried', async (status) => {
    const { fetch, calls } = scriptedFetch([status, 200])
    const { sleep } = recordingSleep()
    expect((await fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).status).toBe(200)
    expect(calls).toHaveLength(2)
  })

  it.each([200, 400, 401, 404, 501])('SPEC §8 status %i is not retried', async (status) => {
    const { fetch, calls } = scriptedFetch([status, 200])
    const { sleep } = recordingSleep()
    expect((await fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).status).toBe(status)
    expect(calls).toHaveLength(1)
  })

  it('SPEC §8 Retry-After in seconds is honoured instead of the computed delay', async () => {
    const { fetch } = scriptedFetch([{ status: 429, headers: { 'Retry-After': '2' } }, 200])
    const { delays, sleep } = recordingSleep()
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep })
    expect(delays).toEqual([2000])
  })

  it('SPEC §8 Retry-After as an HTTP date is honoured, capped at maxDelay', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    const { fetch } = scriptedFetch([
      { status: 503, headers: { 'Retry-After': 'Wed, 01 Jan 2025 00:00:05 GMT' } },
      { status: 503, headers: { 'Retry-After': '3600' } },
      200,
    ])
    const { delays, sleep } = recordingSleep()
    await fetchWithRetry('https://api.test/x', {}, { fetch, sleep, now: () => now })
    expect(delays).toEqual([5000, 30000])
  })

  it('SPEC §8 network errors (TypeError) are retried, and the last one is thrown', async () => {
    const { fetch, calls } = scriptedFetch([new TypeError('fetch failed'), 200])
    const { delays, sleep } = recordingSleep()
    expect((await fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).status).toBe(200)
    expect(calls).toHaveLength(2)
    expect(delays).toEqual([150])

    const down = scriptedFetch([new TypeError('fetch failed')])
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch: down.fetch, sleep })).rejects.toThrow('fetch failed')
    expect(down.calls).toHaveLength(3)
  })

  it('other errors are not retried', async () => {
    const { fetch, calls } = scriptedFetch([new Error('boom'), 200])
    const { sleep } = recordingSleep()
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, sleep })).rejects.toThrow('boom')
    expect(calls).toHaveLength(1)
  })

  it('abort before the first attempt never calls fetch', async () => {
    const { fetch, calls } = scriptedFetch([200])
    const controller = new AbortController()
    controller.abort()
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(calls).toHaveLength(0)
  })

  it('abort during the wait stops immediately', async () => {
    const { fetch, calls } = scriptedFetch([503, 200])
    const controller = new AbortController()
    // A sleep that never ends: only the abort can end the wait.
    const sleep = () => {
      queueMicrotask(() => controller.abort())
      return new Promise<void>(() => {})
    }
    await expect(fetchWithRetry('https://api.test/x', {}, { fetch, sleep, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(calls).toHaveLength(1)
  })

  it('passes the signal of init or opts to fetch', async () => {
    const { fetch, calls } = scriptedFetch([200])
    const controller = new AbortController()
    await fetchWithRetry('https://api.test/x', { method: 'POST', body: '{}', signal: controller.signal }, { fetch })
    expect(calls[0]?.init?.method).toBe('POST')
    expect(calls[0]?.init?.signal).toBe(controller.signal)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, ignores junk', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('1.5', now)).toBe(1500)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:01 GMT', now)).toBe(1000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe('fetchWithRetry against a real HTTP server', () => {
  let server: Server | undefined
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  it('SPEC §8 recovers after two 503 answers', async () => {
    let hits = 0
    server = createServer((_req, res) => {
      hits++
      if (hits <= 2) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('busy')
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const { delays, sleep } = recordingSleep()
    const res = await fetchWithRetry(`http://127.0.0.1:${port}/projects/v1/origins`, {}, { sleep })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(hits).toBe(3)
    expect(delays).toEqual([150, 300])
  })
})
