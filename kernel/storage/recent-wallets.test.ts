import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, MAX_RECENT_WALLETS, PorticoStorage, RecentWallets, StorageKeys } from './index.ts'

function setup() {
  const adapter = createMemoryAdapter()
  const storage = new PorticoStorage(adapter)
  return { adapter, storage, recent: new RecentWallets(storage) }
}

describe('RecentWallets', () => {
  it('SPEC §9 keeps at most 2 recent wallets, newest first', () => {
    const { recent } = setup()
    recent.add({ id: 'a', name: 'A' }, 1)
    recent.add({ id: 'b', name: 'B', imageUrl: 'https://img.test/b.png' }, 2)
    recent.add({ id: 'c', name: 'C' }, 3)
    expect(MAX_RECENT_WALLETS).toBe(2)
    expect(recent.list()).toEqual([
      { id: 'c', name: 'C', timestamp: 3 },
      { id: 'b', name: 'B', imageUrl: 'https://img.test/b.png', timestamp: 2 },
    ])
  })

  it('SPEC §3 re-adding a wallet moves it to the front without a duplicate, with a fresh timestamp', () => {
    const { recent } = setup()
    recent.add({ id: 'a', name: 'A' }, 1)
    recent.add({ id: 'b', name: 'B' }, 2)
    recent.add({ id: 'a', name: 'A' }, 3)
    expect(recent.list()).toEqual([
      { id: 'a', name: 'A', timestamp: 3 },
      { id: 'b', name: 'B', timestamp: 2 },
    ])
  })

  it('SPEC §3 foreign or corrupt stored values are ignored', () => {
    const { adapter, recent } = setup()
    for (const raw of ['{bad', '"x"', '{"id":"a"}', 'null']) {
      adapter.setItem(StorageKeys.RECENT_WALLETS, raw)
      expect(recent.list()).toEqual([])
    }
    adapter.setItem(
      StorageKeys.RECENT_WALLETS,
      JSON.stringify([
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B', timestamp: 5 },
        { id: 'b', name: 'B again', timestamp: 4 },
        { id: 'c', name: 'C', timestamp: 'now' },
        { id: 'd', name: 'D', timestamp: 3, imageUrl: 7 },
        { id: 'e', name: 'E', timestamp: 2 },
        { id: 'f', name: 'F', timestamp: 1 },
      ]),
    )
    expect(recent.list().map((w) => w.id)).toEqual(['b', 'e'])
  })

  it('is also reachable through PorticoStorage, and clear() forgets all', () => {
    const { storage, recent } = setup()
    storage.addRecentWallet({ id: 'a', name: 'A' }, 10)
    expect(storage.recentWallets()).toEqual([{ id: 'a', name: 'A', timestamp: 10 }])
    recent.clear()
    expect(storage.recentWallets()).toEqual([])
  })
})
