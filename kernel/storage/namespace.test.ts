import { describe, expect, it } from 'vitest'
import { createLocalStorageAdapter, createMemoryAdapter, type WebStorageLike } from './adapter.ts'
import { createCookieAdapter, documentCookieIO } from './cookie.ts'
import { claimStorageNamespace, namespacedAdapter } from './namespace.ts'

function webStorage(): WebStorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size
    },
  }
}

describe('storage namespaces per modal instance', () => {
  it('the first claim on a store keeps the plain keys; the next ones get 2, 3; a released number is reused', () => {
    const adapter = createMemoryAdapter()
    const a = claimStorageNamespace(adapter)
    const b = claimStorageNamespace(adapter)
    const c = claimStorageNamespace(adapter)
    expect([a.namespace, b.namespace, c.namespace]).toEqual([undefined, '2', '3'])
    expect(a.adapter).toBe(adapter)
    b.release()
    b.release() // twice is harmless
    expect(claimStorageNamespace(adapter).namespace).toBe('2')
    a.release()
    expect(claimStorageNamespace(adapter).namespace).toBeUndefined()
  })

  it('two adapters over the same localStorage (or the same document cookies) are one store', () => {
    const web = webStorage()
    const first = claimStorageNamespace(createLocalStorageAdapter(web))
    const second = claimStorageNamespace(createLocalStorageAdapter(web))
    expect([first.namespace, second.namespace]).toEqual([undefined, '2'])
    expect(claimStorageNamespace(createLocalStorageAdapter(webStorage())).namespace).toBeUndefined()

    const doc = { cookie: '' }
    const c1 = claimStorageNamespace(createCookieAdapter(documentCookieIO(doc)))
    const c2 = claimStorageNamespace(createCookieAdapter(documentCookieIO(doc)))
    expect([c1.namespace, c2.namespace]).toEqual([undefined, '2'])
  })

  it('a host-given id names its namespace; a bad id throws', () => {
    const adapter = createMemoryAdapter()
    expect(claimStorageNamespace(adapter, 'checkout').namespace).toBe('checkout')
    expect(claimStorageNamespace(adapter).namespace).toBeUndefined()
    for (const bad of ['', 'a/b', 'a:b', 'x'.repeat(65), '@portico']) {
      expect(() => claimStorageNamespace(adapter, bad)).toThrow(RangeError)
    }
  })

  it('a namespaced adapter keeps its keys apart and lists only its own, under their plain names', () => {
    const adapter = createMemoryAdapter()
    const two = namespacedAdapter(adapter, '2')
    adapter.setItem('@portico/wallet_id', '"plain"')
    two.setItem('@portico/wallet_id', '"second"')
    two.setItem('other', 'x')
    expect(adapter.getItem('@portico/wallet_id')).toBe('"plain"')
    expect(two.getItem('@portico/wallet_id')).toBe('"second"')
    expect(adapter.getItem('@portico:2/wallet_id')).toBe('"second"')
    expect(adapter.getItem('@portico:2:other')).toBe('x')
    expect(two.keys().sort()).toEqual(['@portico/wallet_id', 'other'])
    // The plain namespace never sees a numbered one's keys as its own (@portico:2/ is not under @portico/).
    expect(adapter.keys().filter((k) => k.startsWith('@portico/'))).toEqual(['@portico/wallet_id'])
    two.removeItem('@portico/wallet_id')
    expect(adapter.getItem('@portico/wallet_id')).toBe('"plain"')
    expect(two.getItem('@portico/wallet_id')).toBeNull()
  })
})
