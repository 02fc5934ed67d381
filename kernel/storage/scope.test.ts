import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, pluginStoragePrefix, scope } from './index.ts'

describe('scope', () => {
  it('prefixes keys per plugin and lists only its own keys', () => {
    const base = createMemoryAdapter()
    const siwx = scope(base, pluginStoragePrefix('siwx'))
    const send = scope(base, pluginStoragePrefix('send'))
    siwx.setItem('session', 's1')
    send.setItem('session', 's2')
    base.setItem('@portico/wallet_id', '"x"')
    expect(base.getItem('@portico/plugin/siwx/session')).toBe('s1')
    expect(siwx.getItem('session')).toBe('s1')
    expect(send.getItem('session')).toBe('s2')
    expect(siwx.keys()).toEqual(['session'])
    siwx.removeItem('session')
    expect(siwx.getItem('session')).toBeNull()
    expect(send.getItem('session')).toBe('s2')
    expect(siwx.prefix).toBe('@portico/plugin/siwx/')
  })

  it('rejects an empty prefix, which would not scope anything', () => {
    expect(() => scope(createMemoryAdapter(), '')).toThrow(RangeError)
  })
})
