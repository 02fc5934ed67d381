import { describe, expect, it } from 'vitest'
import { withSdkParams } from './index.ts'

const sdk = { projectId: 'p1', st: 'portico', sv: 'react-0.1.0' }

describe('withSdkParams', () => {
  it('SPEC §7 adds projectId, st and sv', () => {
    const url = new URL(withSdkParams('https://api.test/getWallets', sdk))
    expect(url.searchParams.get('projectId')).toBe('p1')
    expect(url.searchParams.get('st')).toBe('portico')
    expect(url.searchParams.get('sv')).toBe('react-0.1.0')
  })

  it('SPEC §7 keeps the existing params and path', () => {
    const url = new URL(withSdkParams(new URL('https://api.test/v1/account/0xabc/history?cursor=c1&chainId=eip155%3A1'), sdk))
    expect(url.pathname).toBe('/v1/account/0xabc/history')
    expect(url.searchParams.get('cursor')).toBe('c1')
    expect(url.searchParams.get('chainId')).toBe('eip155:1')
    expect(url.searchParams.get('projectId')).toBe('p1')
  })

  it('replaces a stale projectId instead of repeating it', () => {
    const url = new URL(withSdkParams('https://api.test/x?projectId=old', sdk))
    expect(url.searchParams.getAll('projectId')).toEqual(['p1'])
  })

  it('keeps a relative URL relative', () => {
    expect(withSdkParams('/getWallets?page=2', sdk)).toBe('/getWallets?page=2&projectId=p1&st=portico&sv=react-0.1.0')
  })
})
