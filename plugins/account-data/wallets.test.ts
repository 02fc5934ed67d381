import { describe, expect, it, vi } from 'vitest'
import type { GetWalletsParams } from './clients/index.ts'
import { allWalletsTotal, ConnectorController } from 'portico'
import type { Connector, WalletListing } from 'portico'
import { filterMobileWallets, filterUniversalProviderWallets, filterWalletsByNamespaces, WalletPaging, WalletsController } from './wallets.ts'

function listing(i: number, extra: Partial<WalletListing> = {}): WalletListing {
  return { id: `id-${i}`, name: `Wallet ${i}`, rdns: null, image_id: `img-${i}`, chains: ['eip155:1'], mobile_link: `w${i}://`, desktop_link: null, webapp_link: null, ...extra }
}

/** A registry of `total` listings answering like /getWallets (search by name, include/exclude). */
function fakeRegistry(all: WalletListing[]) {
  return {
    getWallets: vi.fn(async (p: GetWalletsParams) => {
      let rows = all
      if (p.include) rows = rows.filter((w) => p.include!.includes(w.id))
      if (p.exclude) rows = rows.filter((w) => !p.exclude!.includes(w.id))
      if (p.search) rows = rows.filter((w) => w.name.toLowerCase().includes(p.search!.toLowerCase()))
      return { data: rows.slice((p.page - 1) * p.entries, p.page * p.entries), count: rows.length }
    }),
    walletImageUrl: (id: string) => `https://registry.test/getWalletImage/${id}`,
  }
}

/** Timers driven by hand. */
function manualClock() {
  let now = 0
  const timers: Array<{ at: number; fn: () => void; id: number }> = []
  let nextId = 1
  return {
    setTimeout: ((fn: () => void, ms: number) => {
      const id = nextId++
      timers.push({ at: now + ms, fn, id })
      return id
    }) as unknown as typeof setTimeout,
    clearTimeout: ((id: number) => {
      const i = timers.findIndex((t) => t.id === id)
      if (i >= 0) timers.splice(i, 1)
    }) as unknown as typeof clearTimeout,
    advance(ms: number) {
      now += ms
      for (const t of [...timers].sort((a, b) => a.at - b.at)) {
        if (t.at > now) continue
        timers.splice(timers.indexOf(t), 1)
        t.fn()
      }
    },
  }
}

function setup(opts: { all?: WalletListing[]; mobile?: boolean; options?: object; namespaces?: string[]; preloadImage?: (u: string) => Promise<void>; sleep?: (ms: number) => Promise<void> } = {}) {
  const registry = fakeRegistry(opts.all ?? Array.from({ length: 100 }, (_, i) => listing(i)))
  const connectors = new ConnectorController()
  const clock = manualClock()
  const controller = new WalletsController({
    registry,
    connectors,
    options: () => opts.options ?? {},
    namespaces: () => (opts.namespaces ?? ['eip155']) as never,
    isMobile: () => opts.mobile ?? false,
    preloadImage: opts.preloadImage ?? (async () => undefined),
    sleep: opts.sleep ?? (() => new Promise(() => undefined)),
    clock,
  })
  return { controller, registry, connectors, clock }
}

describe('WalletsController', () => {
  it('SPEC §9 pages of 40 until the count is reached', async () => {
    const { controller, registry } = setup()
    await controller.fetchNextPage()
    expect(controller.store.getSnapshot()).toMatchObject({ page: 1, count: 100 })
    expect(controller.store.getSnapshot().wallets).toHaveLength(40)
    await controller.fetchNextPage()
    await controller.fetchNextPage()
    expect(controller.store.getSnapshot().wallets).toHaveLength(100)
    expect(controller.hasMore()).toBe(false)
    await controller.fetchNextPage()
    expect(registry.getWallets.mock.calls.map(([p]) => [p.page, p.entries])).toEqual([[1, 40], [2, 40], [3, 40]])
  })

  it('SPEC §2 featured first for Connect and AllWallets; recommended 4 excluding featured and excluded; include passed on', async () => {
    const { controller, registry, connectors } = setup({ options: { featuredWalletIds: ['id-7', 'id-3'], excludeWalletIds: ['id-0'], includeWalletIds: undefined } })
    await controller.initialize()
    await controller.initialize()
    const s = controller.store.getSnapshot()
    expect(s.featured.map((w) => w.id)).toEqual(['id-7', 'id-3'])
    expect(s.recommended.map((w) => w.id)).toEqual(['id-1', 'id-2', 'id-4', 'id-5'])
    expect(registry.getWallets).toHaveBeenCalledTimes(2)
    expect(registry.getWallets.mock.calls[1]![0]).toMatchObject({ entries: 4, exclude: ['id-0', 'id-7', 'id-3'] })
    expect(connectors.store.getSnapshot().wallets.recommended[0]!.image_url).toBe('https://registry.test/getWalletImage/img-1')
    // The All Wallets count: the registry's 2 featured plus the 97 others it holds besides the excluded one.
    expect(connectors.store.getSnapshot().walletTotals).toEqual({ featured: 2, recommended: 97 })
    expect(allWalletsTotal(connectors.store.getSnapshot())).toBe(99)
    await controller.fetchNextPage()
    expect(registry.getWallets.mock.calls[2]![0]).toMatchObject({ page: 1, exclude: ['id-0'] })
    expect(controller.list().slice(0, 3).map((w) => w.id)).toEqual(['id-7', 'id-3', 'id-1'])
    expect(controller.list().filter((w) => w.id === 'id-7')).toHaveLength(1)
  })

  it('SPEC §3 installed flags by connector rdns, installed wallets listed first', async () => {
    const all = [listing(0), listing(1, { rdns: 'dev.portico.wallet' }), listing(2)]
    const { controller, connectors } = setup({ all })
    await controller.fetchNextPage()
    connectors.register({ id: 'dev', name: 'Dev', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.portico.wallet' } } as Connector)
    expect(controller.list().map((w) => [w.id, w.installed])).toEqual([['id-1', true], ['id-0', false], ['id-2', false]])
  })

  it('SPEC §5 namespace and mobile filters', async () => {
    const all = [
      listing(0, { chains: ['solana:x'] }),
      listing(1, { mobile_link: null }),
      listing(2, { name: 'Coinbase Wallet', mobile_link: null }),
      listing(3),
      listing(4, { name: 'Phantom', mobile_link: null, chains: ['solana:x', 'eip155:1'] }),
    ]
    const { controller } = setup({ all, mobile: true })
    await controller.fetchNextPage()
    expect(controller.list().map((w) => w.id)).toEqual(['id-2', 'id-3'])
    expect(filterMobileWallets(all, ['eip155', 'solana']).map((w) => w.id)).toEqual(['id-0', 'id-2', 'id-3', 'id-4'])
    expect(filterWalletsByNamespaces(all, ['solana']).map((w) => w.id)).toEqual(['id-0', 'id-4'])
    expect(filterUniversalProviderWallets([listing(1, { mobile_link: null }), listing(2, { mobile_link: null, webapp_link: 'https://w.test' })]).map((w) => w.id)).toEqual(['id-2'])
  })

  it('SPEC §9 search asks 100 entries after a pause in typing; the newest search wins', async () => {
    const { controller, registry, clock } = setup({ all: Array.from({ length: 300 }, (_, i) => listing(i)) })
    controller.setSearch('Wallet 1')
    clock.advance(WalletPaging.SEARCH_DEBOUNCE_MS - 1)
    controller.setSearch('Wallet 12')
    clock.advance(WalletPaging.SEARCH_DEBOUNCE_MS - 1)
    expect(registry.getWallets).not.toHaveBeenCalled()
    clock.advance(1)
    await vi.waitFor(() => expect(controller.store.getSnapshot().searching).toBe(false))
    expect(registry.getWallets).toHaveBeenCalledTimes(1)
    expect(registry.getWallets.mock.calls[0]![0]).toMatchObject({ page: 1, entries: 100, search: 'Wallet 12' })
    expect(controller.list().map((w) => w.name)).toEqual(['Wallet 12', 'Wallet 120', 'Wallet 121', 'Wallet 122', 'Wallet 123', 'Wallet 124', 'Wallet 125', 'Wallet 126', 'Wallet 127', 'Wallet 128', 'Wallet 129'])
    controller.setSearch('  ')
    expect(controller.store.getSnapshot().search).toBe('')
  })

  it('SPEC §9 a page waits at most 2 s for its images, a search at most 300 ms', async () => {
    const waits: number[] = []
    const never = () => new Promise<void>(() => undefined)
    const { controller } = setup({ preloadImage: never, sleep: async (ms) => void waits.push(ms) })
    await controller.fetchNextPage()
    await controller.search('Wallet 3')
    // SPEC §9 by value: 2 s for a page, 300 ms for a search.
    expect(waits).toEqual([2_000, 300])
    expect(controller.store.getSnapshot().searchResults.length).toBeGreaterThan(0)
  })

  it('a failed page keeps what was loaded and reports the error', async () => {
    const { controller, registry } = setup()
    await controller.fetchNextPage()
    registry.getWallets.mockRejectedValueOnce(new Error('/getWallets: HTTP 503'))
    await controller.fetchNextPage()
    expect(controller.store.getSnapshot()).toMatchObject({ page: 1, loading: false, error: '/getWallets: HTTP 503' })
    await controller.fetchNextPage()
    expect(controller.store.getSnapshot().page).toBe(2)
  })
})
