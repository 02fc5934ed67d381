import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainNamespace } from '../caip/index.ts'
import { ModalEventBus } from '../events/bus.ts'
import type { ModalEvents } from '../plugin/contract.ts'
import { RouterStack } from '../router/router-stack.ts'
import { createMemoryAdapter, PorticoStorage } from '../storage/index.ts'
import { AccountController } from './account.ts'
import { ChainRegistry, type ChainAdapter } from './chains.ts'
import { ModalController, SHAKE_MS } from './modal.ts'
import { ConnectorController } from './connectors.ts'
import { DEFAULT_ENDPOINTS } from './options.ts'
import { NetworkController } from './network.ts'
import type { CaipNetwork } from './types.ts'

const mainnet: CaipNetwork = {
  id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const solanaMainnet: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana',
  name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}

/** A chain plugin's adapter; the wallet side (switchNetwork) is faked and never asked by the modal controller. */
function fakeAdapter(namespace: ChainNamespace, networks: CaipNetwork[]): ChainAdapter & { switchNetwork: ReturnType<typeof vi.fn> } {
  return { namespace, networks, isAddress: () => true, switchNetwork: vi.fn(async () => undefined) }
}

function setup(opts: { adapters?: ChainAdapter[]; mobile?: boolean; embedded?: boolean } = {}) {
  const events = new ModalEventBus()
  const account = new AccountController()
  const chains = new ChainRegistry()
  for (const adapter of opts.adapters ?? []) chains.register(adapter)
  chains.freeze()
  const persistence = new PorticoStorage(createMemoryAdapter())
  const network = new NetworkController(events, chains, account, persistence)
  network.initialize()
  const router = new RouterStack(events, account)
  const connectors = new ConnectorController()
  const options = { options: { isMobile: () => opts.mobile ?? false, embedded: opts.embedded ?? false, endpoints: DEFAULT_ENDPOINTS } }
  const modal = new ModalController(events, router, account, network, chains, connectors, options)
  const opened: ModalEvents['modal:open'][] = []
  const closed = vi.fn()
  const switched: ModalEvents['network:switched'][] = []
  events.on('modal:open', (e) => opened.push(e))
  events.on('modal:close', closed)
  events.on('network:switched', (e) => switched.push(e))
  const connect = (ns: ChainNamespace = 'eip155', address = '0x00000000000000000000000000000000000000a1') =>
    account.setAccounts(ns, [{ namespace: ns, address, type: 'eoa' }], '1')
  return { events, account, chains, network, router, modal, opened, closed, switched, connect, persistence, connectors }
}

const views = (router: RouterStack) => router.history.map((e) => e.view)

afterEach(() => {
  vi.useRealTimers()
})

describe('ModalController: SPEC §2 opening picks the view', () => {
  it('SPEC §2 a requested view wins (even when connected)', () => {
    const { modal, router, connect, opened } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    connect()
    modal.open({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    expect(router.history).toEqual([{ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } }])
    expect(modal.store.getSnapshot().open).toBe(true)
    expect(opened).toEqual([{ view: 'ConnectingExternal' }])
  })

  it('SPEC §2 a requested view wins over the no-adapter rule', () => {
    const { modal, router } = setup({ adapters: [], mobile: true })
    modal.open({ view: 'SwitchNetwork' })
    expect(views(router)).toEqual(['SwitchNetwork'])
  })

  it('SPEC §2 with no adapters and no connected address: AllWallets on mobile', () => {
    const { modal, router } = setup({ adapters: [], mobile: true })
    modal.open()
    expect(views(router)).toEqual(['AllWallets'])
  })

  it('SPEC §2 with no adapters and no connected address: the pairing connector\'s basic view (ConnectingWalletConnectBasic) on desktop', () => {
    const { modal, router, connectors } = setup({ adapters: [], mobile: false })
    connectors.register({
      id: 'walletConnect', name: 'WalletConnect', type: 'MULTI_CHAIN', chain: 'eip155',
      connect: async () => { throw new Error('not used') }, disconnect: async () => undefined,
      connectingView: ({ basic }) => (basic ? { view: 'ConnectingWalletConnectBasic' as 'Connect', params: undefined } : { view: 'Connect', params: undefined }),
    })
    modal.open()
    expect(views(router)).toEqual(['ConnectingWalletConnectBasic'])
  })

  it('SPEC §2 with no adapters but a connected address: Account', () => {
    const { modal, router, connect } = setup({ adapters: [], mobile: true })
    connect()
    modal.open()
    expect(views(router)).toEqual(['Account'])
  })

  it('SPEC §2 a connected address gives Account', () => {
    const { modal, router, connect } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    connect()
    modal.open()
    expect(views(router)).toEqual(['Account'])
  })

  it('SPEC §2 otherwise (adapters, not connected) Connect', () => {
    const { modal, router } = setup({ adapters: [fakeAdapter('eip155', [mainnet])], mobile: true })
    router.push('AllWallets')
    modal.open()
    expect(views(router)).toEqual(['Connect'])
    expect(modal.store.getSnapshot().open).toBe(true)
  })
})

describe('ModalController: SPEC §2/§4 closing', () => {
  it('SPEC §2 closing resets to Connect and clears loading (SPEC §4)', () => {
    const { modal, router, closed } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    modal.open()
    router.push('AllWallets')
    router.push('ConnectingExternal', { connectorId: 'x' })
    modal.setLoading(true)
    modal.close()
    expect(modal.store.getSnapshot()).toMatchObject({ open: false, loading: false })
    expect(views(router)).toEqual(['Connect'])
    expect(closed).toHaveBeenCalledTimes(1)
  })

  it('SPEC §2 closing resets to Connect even when connected', () => {
    const { modal, router, connect } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    connect()
    modal.open()
    expect(views(router)).toEqual(['Account'])
    modal.close()
    expect(views(router)).toEqual(['Connect'])
  })

  it('SPEC §2 going back with one entry left closes the modal', () => {
    const { modal, router, closed } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    modal.open()
    router.goBack()
    expect(modal.store.getSnapshot().open).toBe(false)
    expect(closed).toHaveBeenCalledTimes(1)
  })

  it('SPEC §2 in embedded mode closing shows Account if connected and the modal stays open', () => {
    const { modal, router, connect } = setup({ adapters: [fakeAdapter('eip155', [mainnet])], embedded: true })
    expect(modal.store.getSnapshot().open).toBe(true)
    connect()
    router.push('SwitchNetwork')
    modal.setLoading(true)
    modal.close()
    expect(views(router)).toEqual(['Account'])
    expect(modal.store.getSnapshot()).toMatchObject({ open: true, loading: false })
  })

  it('SPEC §2 in embedded mode closing shows Connect if not connected and the modal stays open', () => {
    const { modal, router } = setup({ adapters: [fakeAdapter('eip155', [mainnet])], embedded: true })
    router.push('AllWallets')
    modal.close()
    expect(views(router)).toEqual(['Connect'])
    expect(modal.store.getSnapshot().open).toBe(true)
  })
})

describe('ModalController: SPEC §9 shake', () => {
  it('SPEC §9 shake lasts 500 ms', () => {
    vi.useFakeTimers()
    const { modal } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    expect(SHAKE_MS).toBe(500)
    modal.shake()
    expect(modal.store.getSnapshot().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(modal.store.getSnapshot().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.store.getSnapshot().shake).toBe(false)
  })

  it('SPEC §9 a second shake restarts the 500 ms', () => {
    vi.useFakeTimers()
    const { modal } = setup({ adapters: [fakeAdapter('eip155', [mainnet])] })
    modal.shake()
    vi.advanceTimersByTime(300)
    modal.shake()
    vi.advanceTimersByTime(300)
    expect(modal.store.getSnapshot().shake).toBe(true)
    vi.advanceTimersByTime(200)
    expect(modal.store.getSnapshot().shake).toBe(false)
  })
})

describe('ModalController: SPEC §4 opening for another namespace', () => {
  it('SPEC §4 opening for a namespace other than the active chain switches the active namespace without confirmation (no wallet call)', () => {
    const evm = fakeAdapter('eip155', [mainnet])
    const sol = fakeAdapter('solana', [solanaMainnet])
    const { modal, network, switched, connect, router } = setup({ adapters: [evm, sol] })
    connect('eip155')
    expect(network.activeNamespace).toBe('eip155')
    modal.open({ namespace: 'solana' })
    expect(network.activeNamespace).toBe('solana')
    expect(network.activeNetwork?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
    expect(switched).toEqual([{ namespace: 'solana', caipNetworkId: solanaMainnet.caipNetworkId }])
    expect(evm.switchNetwork).not.toHaveBeenCalled()
    expect(sol.switchNetwork).not.toHaveBeenCalled()
    expect(modal.store.getSnapshot().open).toBe(true)
    // No confirmation view (SwitchActiveChain) is shown.
    expect(views(router)).not.toContain('SwitchActiveChain')
  })

  it('SPEC §4 opening for the active namespace changes nothing', () => {
    const evm = fakeAdapter('eip155', [mainnet])
    const sol = fakeAdapter('solana', [solanaMainnet])
    const { modal, network, switched } = setup({ adapters: [evm, sol] })
    modal.open({ namespace: 'eip155' })
    expect(network.activeNamespace).toBe('eip155')
    expect(switched).toEqual([])
  })
})

describe('ModalController.guardClose: a plugin keeps the dialog open (SPEC §4 SIWX required and sessionless)', () => {
  it('refuses close() and back-on-the-last-view while a guard answers false, shaking instead; disposing the guard lets it close', () => {
    vi.useFakeTimers()
    const { modal, router, closed } = setup()
    let allow = false
    const guard = modal.guardClose(() => allow)
    modal.open({ view: 'Account' })
    modal.close()
    router.goBack()
    expect(modal.store.getSnapshot()).toMatchObject({ open: true, shake: true })
    expect(closed).not.toHaveBeenCalled()
    allow = true
    modal.close()
    expect(modal.store.getSnapshot().open).toBe(false)
    expect(closed).toHaveBeenCalledTimes(1)
    allow = false
    guard.dispose()
    modal.open()
    modal.close()
    expect(modal.store.getSnapshot().open).toBe(false)
  })
})
