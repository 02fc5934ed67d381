import { describe, expect, it } from 'vitest'
import { createLocalStorageAdapter, createMemoryAdapter, type StorageAdapter, type WebStorageLike } from './index.ts'

/** A Web Storage stand-in over a Map. */
function fakeWebStorage(): WebStorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size
    },
  }
}

function roundTrip(adapter: StorageAdapter) {
  adapter.setItem('a', '1')
  adapter.setItem('b', '2')
  expect(adapter.getItem('a')).toBe('1')
  adapter.removeItem('a')
  expect(adapter.getItem('a')).toBeNull()
  expect(adapter.keys()).toEqual(['b'])
}

describe('storage adapters', () => {
  it('memory adapter round-trips and lists keys', () => {
    roundTrip(createMemoryAdapter())
  })

  it('two memory adapters share nothing', () => {
    const a = createMemoryAdapter()
    a.setItem('k', 'v')
    expect(createMemoryAdapter().getItem('k')).toBeNull()
  })

  it('local-storage adapter writes through to the given Web Storage', () => {
    const web = fakeWebStorage()
    const adapter = createLocalStorageAdapter(web)
    roundTrip(adapter)
    expect(web.map.get('b')).toBe('2')
    expect(web.map.has('@portico/__probe__')).toBe(false)
  })

  it('SPEC §3 falls back to memory when localStorage is missing (Node)', () => {
    const adapter = createLocalStorageAdapter()
    roundTrip(adapter)
  })

  it('SPEC §3 falls back to memory when the storage throws (privacy mode)', () => {
    const web = fakeWebStorage()
    web.setItem = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    const adapter = createLocalStorageAdapter(web)
    roundTrip(adapter)
  })

  it('a write failing later (quota) is dropped, not thrown', () => {
    const web = fakeWebStorage()
    const adapter = createLocalStorageAdapter(web)
    web.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(() => adapter.setItem('x', 'y')).not.toThrow()
    expect(adapter.getItem('x')).toBeNull()
  })
})
