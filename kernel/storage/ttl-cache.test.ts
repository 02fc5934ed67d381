import { describe, expect, it } from 'vitest'
import {
  balanceCache,
  CacheTtl,
  createMemoryAdapter,
  identityCache,
  isString,
  PorticoStorage,
  StorageKeys,
  TtlCache,
} from './index.ts'

function setup() {
  const adapter = createMemoryAdapter()
  return { adapter, storage: new PorticoStorage(adapter) }
}

const T0 = 1_700_000_000_000

describe('CacheTtl', () => {
  it('SPEC §9 portfolio and native balance 30 s; ens and identity 5 min', () => {
    expect(CacheTtl).toEqual({ BALANCE: 30_000, PORTFOLIO: 30_000, ENS: 300_000, IDENTITY: 300_000 })
  })
})

describe('TtlCache', () => {
  it('SPEC §9 an entry lives until exactly its lifetime, then expires', () => {
    const { storage } = setup()
    const cache = new TtlCache(storage, 'k', 30_000, isString)
    cache.set('a', 'v', T0)
    expect(cache.get('a', T0)).toBe('v')
    expect(cache.get('a', T0 + 29_999)).toBe('v')
    expect(cache.get('a', T0 + 30_000)).toBeUndefined()
  })

  it('SPEC §3 entries carry their timestamp in storage', () => {
    const { adapter, storage } = setup()
    new TtlCache(storage, 'k', 1000, isString).set('a', 'v', T0)
    expect(JSON.parse(adapter.getItem('k') ?? '')).toEqual({ a: { value: 'v', timestamp: T0 } })
  })

  it('SPEC §3 malformed entries and values failing validation are ignored', () => {
    const { adapter, storage } = setup()
    const cache = new TtlCache(storage, 'k', 1000, isString)
    adapter.setItem(
      'k',
      JSON.stringify({
        noTimestamp: { value: 'v' },
        badTimestamp: { value: 'v', timestamp: 'yesterday' },
        noValue: { timestamp: T0 },
        wrongType: { value: 5, timestamp: T0 },
        future: { value: 'v', timestamp: T0 + 10 },
        scalar: 'v',
        ok: { value: 'v', timestamp: T0 },
      }),
    )
    for (const key of ['noTimestamp', 'badTimestamp', 'noValue', 'wrongType', 'future', 'scalar']) {
      expect(cache.get(key, T0)).toBeUndefined()
    }
    expect(cache.get('ok', T0)).toBe('v')
    for (const raw of ['{bad', '[1]', '"x"', 'null']) {
      adapter.setItem('k', raw)
      expect(cache.get('ok', T0)).toBeUndefined()
    }
  })

  it('set drops expired entries and keeps live ones', () => {
    const { adapter, storage } = setup()
    const cache = new TtlCache(storage, 'k', 1000, isString)
    cache.set('old', 'v', T0)
    cache.set('live', 'v', T0 + 500)
    cache.set('new', 'v', T0 + 1000)
    expect(Object.keys(JSON.parse(adapter.getItem('k') ?? '{}'))).toEqual(['live', 'new'])
    cache.delete('live')
    expect(cache.get('live', T0 + 1000)).toBeUndefined()
    cache.clear()
    expect(adapter.getItem('k')).toBeNull()
  })

  it('a key named __proto__ stays plain data', () => {
    const { storage } = setup()
    const cache = new TtlCache(storage, 'k', 1000, isString)
    cache.set('__proto__', 'v', T0)
    expect(cache.get('__proto__', T0)).toBe('v')
    expect(({} as Record<string, unknown>).value).toBeUndefined()
  })
})

describe('cache factories', () => {
  it('SPEC §7 balances are cached per network and address for 30 s', () => {
    const { adapter, storage } = setup()
    const cache = balanceCache(storage)
    cache.set('eip155:1', '0xabc', { balance: '1.5' }, T0)
    expect(cache.get('eip155:1', '0xabc', T0 + 1)).toEqual({ balance: '1.5' })
    expect(cache.get('eip155:10', '0xabc', T0 + 1)).toBeUndefined()
    expect(cache.get('eip155:1', '0xabc', T0 + CacheTtl.BALANCE)).toBeUndefined()
    expect(Object.keys(JSON.parse(adapter.getItem(StorageKeys.BALANCE_CACHE) ?? '{}'))).toEqual(['eip155:1:0xabc'])
  })

  it('balance cache validates with the given guard', () => {
    const { storage } = setup()
    balanceCache(storage).set('eip155:1', '0xabc', 5, T0)
    expect(balanceCache(storage, isString).get('eip155:1', '0xabc', T0)).toBeUndefined()
  })

  it('SPEC §9 identity entries live 5 min and must be {name, avatar}', () => {
    const { adapter, storage } = setup()
    const cache = identityCache(storage)
    cache.set('0xabc', { name: 'alice.reown.id', avatar: null }, T0)
    expect(cache.get('0xabc', T0 + CacheTtl.IDENTITY - 1)).toEqual({ name: 'alice.reown.id', avatar: null })
    expect(cache.get('0xabc', T0 + CacheTtl.IDENTITY)).toBeUndefined()
    adapter.setItem(StorageKeys.IDENTITY_CACHE, JSON.stringify({ '0xabc': { value: { name: 5 }, timestamp: T0 } }))
    expect(cache.get('0xabc', T0)).toBeUndefined()
  })
})
