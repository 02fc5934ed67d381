// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createCookieAdapter, documentCookieIO } from './index.ts'

describe('cookie adapter', () => {
  it('SPEC §3 SSR: reads the request Cookie header and emits Set-Cookie values', () => {
    const setCookies: string[] = []
    const adapter = createCookieAdapter({
      read: () => '%40portico%2Fwallet_id=%22metamask%22; other=1; broken=%E0%A4%A',
      write: (c) => setCookies.push(c),
    })
    expect(adapter.getItem('@portico/wallet_id')).toBe('"metamask"')
    expect(adapter.getItem('broken')).toBeNull()
    expect(adapter.keys()).toEqual(['@portico/wallet_id', 'other'])

    adapter.setItem('@portico/siwx_token', 'a; b=c')
    expect(setCookies[0]).toBe('%40portico%2Fsiwx_token=a%3B%20b%3Dc; Path=/; Max-Age=31536000; SameSite=Lax')
    // The header of the request is unchanged, yet the value written during this render reads back.
    expect(adapter.getItem('@portico/siwx_token')).toBe('a; b=c')

    adapter.removeItem('other')
    expect(setCookies[1]).toBe('other=; Path=/; Max-Age=0; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
    expect(adapter.getItem('other')).toBeNull()
    expect(adapter.keys()).toEqual(['@portico/wallet_id', '@portico/siwx_token'])
  })

  it('writes the configured attributes; SameSite=None forces Secure', () => {
    const setCookies: string[] = []
    const adapter = createCookieAdapter(
      { read: () => '', write: (c) => setCookies.push(c) },
      { path: '/app', maxAgeSeconds: 60, sameSite: 'None', domain: 'example.test' },
    )
    adapter.setItem('k', 'v')
    expect(setCookies[0]).toBe('k=v; Path=/app; Max-Age=60; SameSite=None; Domain=example.test; Secure')
  })

  it('SPEC §3 round-trips through document.cookie', () => {
    const adapter = createCookieAdapter(documentCookieIO(document))
    adapter.setItem('@portico/connected_namespaces', JSON.stringify(['eip155', 'solana']))
    expect(document.cookie).toContain('%40portico%2Fconnected_namespaces=')
    const fresh = createCookieAdapter(documentCookieIO(document))
    expect(JSON.parse(fresh.getItem('@portico/connected_namespaces') ?? 'null')).toEqual(['eip155', 'solana'])
    fresh.removeItem('@portico/connected_namespaces')
    expect(createCookieAdapter(documentCookieIO(document)).getItem('@portico/connected_namespaces')).toBeNull()
  })
})
