import { afterEach, describe, expect, it, vi } from 'vitest'
import { allWalletsTotal, CONNECTOR_GROUPS, ConnectorController, orderConnectList, type ConnectListGroups, type ConnectorGroup } from './connectors.ts'
import type { Connector, ConnectorType, WalletListing } from './types.ts'

function connector(id: string, type: ConnectorType, extra: Partial<Connector> = {}): Connector {
  return {
    id, name: `${id} wallet`, type, chain: 'eip155',
    connect: vi.fn(async () => ({ accounts: [], caipNetworkId: 'eip155:1' as const })),
    disconnect: vi.fn(async () => undefined),
    ...extra,
  }
}

const wallet = (id: string, rdns?: string): WalletListing => ({ id, name: `${id} listing`, rdns: rdns ?? null })

const entry = (id: string, group: ConnectorGroup, rdns?: string) => ({ id, name: id, group, rdns })

afterEach(() => {
  vi.useRealTimers()
})

describe('orderConnectList', () => {
  it('SPEC §2 connector list order is walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(CONNECTOR_GROUPS).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
    // Groups given in scrambled insertion order: the output must follow the SPEC order, not the object's.
    const groups: ConnectListGroups = {
      recommended: [entry('rec', 'recommended')],
      external: [entry('ext', 'external')],
      custom: [entry('cus', 'custom')],
      featured: [entry('fea', 'featured')],
      injected: [entry('inj', 'injected')],
      recent: [entry('rcn', 'recent')],
      walletConnect: [entry('wc', 'walletConnect')],
    }
    expect(orderConnectList(groups).map((e) => e.id)).toEqual(['wc', 'rcn', 'inj', 'fea', 'cus', 'ext', 'rec'])
  })

  it('SPEC §2 a configured order overrides it (groups it leaves out follow in the default order)', () => {
    const groups: ConnectListGroups = {
      walletConnect: [entry('wc', 'walletConnect')],
      recent: [entry('rcn', 'recent')],
      injected: [entry('inj', 'injected')],
      featured: [entry('fea', 'featured')],
      recommended: [entry('rec', 'recommended')],
    }
    expect(orderConnectList(groups, ['recommended', 'injected', 'featured', 'recent', 'walletConnect']).map((e) => e.id))
      .toEqual(['rec', 'inj', 'fea', 'rcn', 'wc'])
    expect(orderConnectList(groups, ['featured']).map((e) => e.id)).toEqual(['fea', 'wc', 'rcn', 'inj', 'rec'])
  })

  it('SPEC §2 the list is de-duplicated by id, the first one kept', () => {
    const groups: ConnectListGroups = {
      recent: [{ id: 'metamask', name: 'from recent', group: 'recent' }],
      injected: [{ id: 'metamask', name: 'from injected', group: 'injected' }, entry('rabby', 'injected')],
      featured: [{ id: 'rabby', name: 'dup', group: 'featured' }],
    }
    const list = orderConnectList(groups)
    expect(list.map((e) => [e.id, e.group])).toEqual([['metamask', 'recent'], ['rabby', 'injected']])
    expect(list[0]!.name).toBe('from recent')
  })

  it('SPEC §2 a registry wallet whose rdns is already shown is dropped', () => {
    const groups: ConnectListGroups = {
      injected: [entry('announced-mm', 'injected', 'io.metamask')],
      featured: [entry('c57ca95b-mm-registry', 'featured', 'io.metamask'), entry('zerion', 'featured', 'io.zerion')],
      recommended: [entry('other', 'recommended')],
    }
    expect(orderConnectList(groups).map((e) => e.id)).toEqual(['announced-mm', 'zerion', 'other'])
  })
})

describe('ConnectorController', () => {
  it('SPEC §2 list() puts connectors and registry wallets in the SPEC order', () => {
    const c = new ConnectorController()
    c.register(connector('coinbaseExternal', 'EXTERNAL'))
    c.register(connector('io.metamask', 'ANNOUNCED', { info: { rdns: 'io.metamask' } }))
    c.register(connector('walletConnect', 'MULTI_CHAIN'))
    c.register(connector('injected', 'INJECTED'))
    c.setWallets({ featured: [wallet('feat-1')], custom: [wallet('custom-1')], recommended: [wallet('rec-1')] })
    const list = c.list([{ id: 'recent-wallet', name: 'Recent' }])
    expect(list.map((e) => [e.id, e.group])).toEqual([
      ['walletConnect', 'walletConnect'],
      ['recent-wallet', 'recent'],
      ['io.metamask', 'injected'],
      ['injected', 'injected'],
      ['feat-1', 'featured'],
      ['custom-1', 'custom'],
      ['coinbaseExternal', 'external'],
      ['rec-1', 'recommended'],
    ])
  })

  it('SPEC §2 list() honours a configured order', () => {
    const c = new ConnectorController()
    c.register(connector('walletConnect', 'MULTI_CHAIN'))
    c.register(connector('injected', 'INJECTED'))
    c.setWallets({ recommended: [wallet('rec-1')] })
    expect(c.list([], ['recommended', 'injected', 'walletConnect']).map((e) => e.id)).toEqual(['rec-1', 'injected', 'walletConnect'])
  })

  it('SPEC §2 list() shows a recent connector once, in the recent group, and drops registry wallets with a shown rdns', () => {
    const c = new ConnectorController()
    c.register(connector('io.metamask', 'ANNOUNCED', { info: { rdns: 'io.metamask' } }))
    c.setWallets({
      featured: [wallet('mm-listing', 'io.metamask'), wallet('zerion-listing', 'io.zerion')],
      recommended: [wallet('zerion-listing', 'io.zerion')],
    })
    const list = c.list([{ id: 'io.metamask', name: 'MetaMask' }])
    expect(list.map((e) => [e.id, e.group])).toEqual([['io.metamask', 'recent'], ['zerion-listing', 'featured']])
    expect(list[0]!.connector?.id).toBe('io.metamask')
  })

  it('SPEC §2 an AUTH connector (a plugin registers it like any other) is listed, and goes with its registration', () => {
    const c = new ConnectorController()
    c.register(connector('walletConnect', 'MULTI_CHAIN'))
    expect(c.get('auth')).toBeUndefined()
    expect(c.list([]).map((e) => e.id)).toEqual(['walletConnect'])
    const auth = connector('auth', 'AUTH')
    const registration = c.register(auth)
    expect(c.get('auth')).toBe(auth)
    expect(c.all()).toContain(auth)
    expect(c.list([]).map((e) => e.id)).toEqual(['walletConnect', 'auth'])
    registration.dispose()
    expect(c.list([]).map((e) => e.id)).toEqual(['walletConnect'])
  })

  it('SPEC §2 registering a duplicate id is ignored (first kept)', () => {
    const c = new ConnectorController()
    const first = connector('io.metamask', 'ANNOUNCED')
    const second = connector('io.metamask', 'INJECTED', { name: 'impostor' })
    c.register(first)
    const dup = c.register(second)
    expect(c.all()).toEqual([first])
    expect(c.get('io.metamask')).toBe(first)
    dup.dispose() // disposing the ignored registration must not remove the first
    expect(c.get('io.metamask')).toBe(first)
  })

  it('a registration disposes: the connector leaves the list', () => {
    const c = new ConnectorController()
    const reg = c.register(connector('injected', 'INJECTED'))
    reg.dispose()
    expect(c.get('injected')).toBeUndefined()
    expect(c.list([])).toEqual([])
  })

  it('waitFor resolves with a connector registered later', async () => {
    vi.useFakeTimers()
    const c = new ConnectorController()
    const waiting = c.waitFor('io.metamask', 1_500)
    c.register(connector('other', 'INJECTED'))
    vi.advanceTimersByTime(1_000)
    const mm = connector('io.metamask', 'ANNOUNCED')
    c.register(mm)
    await expect(waiting).resolves.toBe(mm)
  })

  it('waitFor resolves at once with an already registered connector', async () => {
    const c = new ConnectorController()
    const mm = connector('io.metamask', 'ANNOUNCED')
    c.register(mm)
    await expect(c.waitFor('io.metamask', 10)).resolves.toBe(mm)
  })

  it('waitFor times out to undefined', async () => {
    vi.useFakeTimers()
    const c = new ConnectorController()
    let settled: unknown = 'pending'
    void c.waitFor('io.metamask', 1_500).then((v) => (settled = v))
    await vi.advanceTimersByTimeAsync(1_499)
    expect(settled).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBeUndefined()
    // A late registration after the timeout changes nothing.
    c.register(connector('io.metamask', 'ANNOUNCED'))
    expect(settled).toBeUndefined()
  })
})

describe('ConnectorController wallet openers (PluginContext.registerWalletOpener)', () => {
  it('asks the openers in order until one handles the wallet; a disposed opener is not asked', () => {
    const connectors = new ConnectorController()
    const asked: string[] = []
    const first = connectors.addWalletOpener((w) => (asked.push(`first:${w.id}`), w.id === 'a'))
    connectors.addWalletOpener((w) => (asked.push(`second:${w.id}`), w.id === 'b'))
    expect(connectors.openWallet({ id: 'a', name: 'A' })).toBe(true)
    expect(connectors.openWallet({ id: 'b', name: 'B' })).toBe(true)
    expect(connectors.openWallet({ id: 'c', name: 'C' })).toBe(false)
    expect(asked).toEqual(['first:a', 'first:b', 'second:b', 'first:c', 'second:c'])
    first.dispose()
    asked.length = 0
    expect(connectors.openWallet({ id: 'a', name: 'A' })).toBe(false)
    expect(asked).toEqual(['second:a'])
  })
})

describe('the All Wallets count (registerWallets total)', () => {
  it('adds the featured and recommended totals; a group without a total counts its listings; none without any total', () => {
    const c = new ConnectorController()
    c.addWallets('custom', [wallet('custom-1')], 50)
    // A custom total does not count: All Wallets pages the registry, not the host's own listings.
    expect(allWalletsTotal(c.store.getSnapshot())).toBeUndefined()
    c.addWallets('featured', [wallet('f-1'), wallet('f-2')])
    const recommended = c.addWallets('recommended', [wallet('r-1')], 437)
    expect(allWalletsTotal(c.store.getSnapshot())).toBe(439)
    recommended.dispose()
    expect(c.store.getSnapshot().wallets.recommended).toEqual([])
    expect(allWalletsTotal(c.store.getSnapshot())).toBeUndefined()
  })

  it('a later registration replaces the total, and disposing the earlier one leaves it', () => {
    const c = new ConnectorController()
    const first = c.addWallets('recommended', [wallet('r-1')], 100)
    const second = c.addWallets('recommended', [wallet('r-2')], 120)
    first.dispose()
    expect(allWalletsTotal(c.store.getSnapshot())).toBe(120)
    second.dispose()
    expect(allWalletsTotal(c.store.getSnapshot())).toBeUndefined()
  })

  it('ignores a total that is not a count', () => {
    const c = new ConnectorController()
    c.addWallets('recommended', [wallet('r-1')], -1)
    c.addWallets('featured', [wallet('f-1')], Number.NaN)
    c.addWallets('featured', [wallet('f-2')], 2.5)
    expect(c.store.getSnapshot().walletTotals).toBeUndefined()
  })
})
