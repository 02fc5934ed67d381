import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type ApiServer } from '../../api/index.ts'
import { createAllowlist, frameAncestors, isOriginAllowed, originMatches } from './origins.ts'

describe('origin patterns', () => {
  it('matches exact origins, any port, and subdomain wildcards only', () => {
    expect(originMatches('http://localhost:5173', 'http://localhost:*')).toBe(true)
    expect(originMatches('http://localhost', 'http://localhost:*')).toBe(true)
    expect(originMatches('https://localhost:5173', 'http://localhost:*')).toBe(false)
    expect(originMatches('http://localhost.evil.example:5173', 'http://localhost:*')).toBe(false)
    expect(originMatches('https://app.example.com', 'https://app.example.com')).toBe(true)
    expect(originMatches('https://app.example.com:8443', 'https://app.example.com')).toBe(false)
    expect(originMatches('https://app.example.com', 'https://app.example.com:443')).toBe(true)
    expect(originMatches('https://a.b.vercel.app', 'https://*.vercel.app')).toBe(true)
    expect(originMatches('https://vercel.app', 'https://*.vercel.app')).toBe(false)
    expect(originMatches('https://evilvercel.app', 'https://*.vercel.app')).toBe(false)
    // Not exact origins: a path, a trailing slash, credentials.
    expect(originMatches('https://app.example.com/', 'https://app.example.com')).toBe(false)
    expect(originMatches('https://u@app.example.com', 'https://app.example.com')).toBe(false)
    expect(originMatches('null', 'http://localhost:*')).toBe(false)
    // A bare * is not a pattern.
    expect(isOriginAllowed('https://anything.example', ['*'])).toBe(false)
  })

  it('frame-ancestors lists valid patterns only, and none when there are none', () => {
    expect(frameAncestors(['http://localhost:*', '*', 'https://*.example.com', "'self'; script-src *"])).toBe(
      'frame-ancestors http://localhost:* https://*.example.com',
    )
    expect(frameAncestors([])).toBe("frame-ancestors 'none'")
    expect(frameAncestors(['*'])).toBe("frame-ancestors 'none'")
  })
})

describe('allowlist from the API server', () => {
  let api: ApiServer
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'secure-site-api-'))
    api = await startApiServer({
      dataDir: dir,
      chains: [],
      adminToken: 'secure-site-test-admin-token',
      projects: { strict: { allowedOrigins: ['https://only.example'] } },
      forcedStatus: { broken: 500 },
    })
  }, 60_000)
  afterAll(async () => {
    await api?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("takes each project's list from GET /projects/v1/origins, and refuses ids outside projectIds", async () => {
    let now = 0
    const list = createAllowlist({ apiUrl: api.url, clock: () => now })
    expect(await list.lookup('strict')).toEqual({ status: 'ok', allowedOrigins: ['https://only.example'] })
    expect(await list.lookup('any-other')).toEqual({ status: 'ok', allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'] })
    expect(await list.lookup('no-origins')).toEqual({ status: 'ok', allowedOrigins: [] })
    expect(await list.lookup('broken')).toEqual({ status: 'unavailable' })
    expect(await list.lookup('')).toEqual({ status: 'invalid-key' })
    const limited = createAllowlist({ apiUrl: api.url, projectIds: ['strict'], clock: () => now })
    expect(await limited.lookup('any-other')).toEqual({ status: 'invalid-key' })
    expect(await limited.lookup('strict')).toEqual({ status: 'ok', allowedOrigins: ['https://only.example'] })
  })
})
