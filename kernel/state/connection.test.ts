import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CaipNetworkId, ChainNamespace } from '../caip/index.ts'
import { ErrorText } from '../errors/index.ts'
import { ModalEventBus } from '../events/bus.ts'
import type { ModalEvents } from '../plugin/contract.ts'
import { createMemoryAdapter, PorticoStorage, StorageKeys } from '../storage/index.ts'
import { AccountController } from './account.ts'
import { ChainRegistry } from './chains.ts'
import { ConnectionController, DISCONNECT_WAIT_MS } from './connection.ts'
import { ConnectorController } from './connectors.ts'
import { NetworkController } from './network.ts'
import type { AccountEntry, CaipNetwork, Connector, ConnectResult } from './types.ts'

function evmNetwork(id: number, name: string): CaipNetwork {
  return {
    id, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}
const mainnet = evmNetwork(1, 'Ethereum')
const arbitrum = evmNetwork(42161, 'Arbitrum One')
const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana',
  name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}

const ADDRESS_A = '0x00000000000000000000000000000000000000a1'
const ADDRESS_B = '0x00000000000000000000000000000000000000b2'

const accountsOf = (address: string, namespace: ChainNamespace = 'eip155'): AccountEntry[] => [{ namespace, address, type: 'eoa' }]

/** The wallet side, faked: a connector whose answers the test controls. */
function fakeConnector(id: string, opts: { chain?: ChainNamespace; address?: string; caipNetworkId?: CaipNetworkId } = {}) {
  const result = (): ConnectResult => ({
    accounts: accountsOf(opts.address ?? ADDRESS_A, opts.chain ?? 'eip155'),
    caipNetworkId: opts.caipNetworkId ?? 'eip155:1',
  })
  return {
    id, name: `${id} name`, type: 'INJECTED', chain: opts.chain ?? 'eip155', imageUrl: `https://img/${id}.png`,
    connect: vi.fn(async () => result()),
    reconnect: vi.fn(async () => result() as ConnectResult | undefined),
    disconnect: vi.fn(async () => undefined),
  } satisfies Connector
}

/** The controllers over a fresh storage, or over `adapter` (a second modal on the same storage: a reload). */
function setup(adapter = createMemoryAdapter()) {
  const events = new ModalEventBus()
  const persistence = new PorticoStorage(adapter)
  const account = new AccountController()
  const chains = new ChainRegistry()
  chains.register({ namespace: 'eip155', networks: [mainnet, arbitrum], isAddress: () => true })
  chains.register({ namespace: 'solana', networks: [solana], isAddress: () => true })
  const connectors = new ConnectorController()
  const network = new NetworkController(events, chains, account, persistence)
  const connection = new ConnectionController(events, account, network, connectors, persistence)
  network.initialize()
  const connected: ModalEvents['connection:connected'][] = []
  const disconnected: ModalEvents['connection:disconnected'][] = []
  events.on('connection:connected', (e) => connected.push(e))
  events.on('connection:disconnected', (e) => disconnected.push(e))
  const raw = (key: string): unknown => {
    const v = adapter.getItem(key)
    return v === null ? null : JSON.parse(v)
  }
  return { events, adapter, persistence, account, chains, connectors, network, connection, connected, disconnected, raw }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ConnectionController: SPEC §4 connector status', () => {
  it('SPEC §4 a connector is connected if it is the active connector of its namespace, active if among the stored connections, otherwise disconnected', async () => {
    const { connection, connectors } = setup()
    connectors.register(fakeConnector('io.metamask'))
    connectors.register(fakeConnector('io.rabby', { address: ADDRESS_B }))
    connectors.register(fakeConnector('never'))
    expect(connection.connectorStatus('io.metamask', 'eip155')).toBe('disconnected')

    await connection.connect('io.metamask')
    expect(connection.connectorStatus('io.metamask', 'eip155')).toBe('connected')
    expect(connection.connectorStatus('io.metamask', 'solana')).toBe('disconnected')

    await connection.connect('io.rabby')
    expect(connection.connectorStatus('io.rabby', 'eip155')).toBe('connected')
    expect(connection.connectorStatus('io.metamask', 'eip155')).toBe('active')
    expect(connection.connectorStatus('never', 'eip155')).toBe('disconnected')
  })
})

describe('ConnectionController: connect', () => {
  it('SPEC §4 connect resolves when an active address appears and emits connection:connected', async () => {
    const { connection, connectors, account, connected } = setup()
    connectors.register(fakeConnector('io.metamask'))
    const result = await connection.connect('io.metamask')
    expect(result.accounts[0]!.address).toBe(ADDRESS_A)
    expect(account.get('eip155').address).toBe(ADDRESS_A)
    expect(account.get('eip155').caipAddress).toBe(`eip155:1:${ADDRESS_A}`)
    expect(connection.store.getSnapshot().status).toBe('connected')
    expect(connected).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask', address: ADDRESS_A }])
  })

  it('SPEC §3 connect stores the connector id per namespace, connected namespaces, wallet id and name', async () => {
    const { connection, connectors, raw, persistence } = setup()
    connectors.register(fakeConnector('io.metamask'))
    connectors.register(fakeConnector('phantom', { chain: 'solana', address: 'So11111111111111111111111111111111111111112', caipNetworkId: solana.caipNetworkId }))
    await connection.connect('io.metamask')
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({ eip155: ['io.metamask'] })
    expect(raw(StorageKeys.CONNECTED_NAMESPACES)).toEqual(['eip155'])
    expect(raw(StorageKeys.WALLET_ID)).toBe('io.metamask')
    expect(raw(StorageKeys.WALLET_NAME)).toBe('io.metamask name')
    await connection.connect('phantom')
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({ eip155: ['io.metamask'], solana: ['phantom'] })
    expect(persistence.connectedNamespaces().sort()).toEqual(['eip155', 'solana'])
    expect(raw(StorageKeys.WALLET_ID)).toBe('phantom')
  })

  it('SPEC §3 connect stores the active network the wallet is on', async () => {
    const { connection, connectors, raw, network } = setup()
    connectors.register(fakeConnector('io.metamask', { caipNetworkId: 'eip155:42161' }))
    await connection.connect('io.metamask')
    expect(network.activeNetwork?.caipNetworkId).toBe('eip155:42161')
    expect(raw(StorageKeys.ACTIVE_NETWORK)).toBe('eip155:42161')
  })

  it('SPEC §3/§9 connect keeps at most 2 recent wallets, newest first, with a timestamp', async () => {
    const { connection, connectors, raw } = setup()
    for (const id of ['w1', 'w2', 'w3']) connectors.register(fakeConnector(id))
    await connection.connect('w1')
    await connection.connect('w2')
    await connection.connect('w3')
    const recent = raw(StorageKeys.RECENT_WALLETS) as Array<{ id: string; name: string; timestamp: number }>
    expect(recent.map((r) => r.id)).toEqual(['w3', 'w2'])
    expect(recent[0]).toMatchObject({ name: 'w3 name', timestamp: expect.any(Number) })
  })

  it('SPEC §4 connect rejects with "Modal closed" when the modal closes first (modal:close)', async () => {
    const { connection, connectors, events, account, raw } = setup()
    const mm = fakeConnector('io.metamask')
    let answer!: (r: ConnectResult) => void
    mm.connect.mockImplementation(() => new Promise<ConnectResult>((resolve) => (answer = resolve)))
    connectors.register(mm)
    const pending = connection.connect('io.metamask')
    expect(connection.store.getSnapshot().status).toBe('connecting')
    events.emit('modal:close', {})
    await expect(pending).rejects.toThrow(ErrorText.MODAL_CLOSED)
    await expect(pending).rejects.toThrow('Modal closed')
    expect(connection.store.getSnapshot().status).toBe('disconnected')
    // A wallet answering after the close connects nothing.
    answer({ accounts: accountsOf(ADDRESS_A), caipNetworkId: 'eip155:1' })
    await Promise.resolve()
    expect(account.isConnected()).toBe(false)
    expect(raw(StorageKeys.CONNECTIONS)).toBeNull()
  })

  it('SPEC §4 a connect started after a close is not affected by that earlier close', async () => {
    const { connection, connectors, events } = setup()
    connectors.register(fakeConnector('io.metamask'))
    events.emit('modal:close', {})
    await expect(connection.connect('io.metamask')).resolves.toMatchObject({ caipNetworkId: 'eip155:1' })
  })

  it('a rejected connect records the error with the wallet code and falls back to disconnected', async () => {
    const { connection, connectors } = setup()
    const mm = fakeConnector('io.metamask')
    mm.connect.mockRejectedValue(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    connectors.register(mm)
    await expect(connection.connect('io.metamask')).rejects.toThrow('User rejected')
    expect(connection.store.getSnapshot()).toMatchObject({
      status: 'disconnected', error: { connectorId: 'io.metamask', message: 'User rejected the request.', code: 4001 },
    })
  })

  it('an earlier attempt failing while a later one runs (StrictMode mounts a view twice) leaves status and error to the later one', async () => {
    const { connection, connectors } = setup()
    const wc = fakeConnector('walletConnect')
    let cancelFirst!: (e: Error) => void
    let approveSecond!: (r: ConnectResult) => void
    wc.connect
      .mockImplementationOnce(() => new Promise<ConnectResult>((_, reject) => (cancelFirst = reject)))
      .mockImplementationOnce(() => new Promise<ConnectResult>((resolve) => (approveSecond = resolve)))
    connectors.register(wc)
    const first = connection.connect('walletConnect')
    const second = connection.connect('walletConnect')
    cancelFirst(new Error('Pairing cancelled'))
    await expect(first).rejects.toThrow('Pairing cancelled')
    expect(connection.store.getSnapshot().status).toBe('connecting')
    expect(connection.store.getSnapshot().error).toBeUndefined()
    approveSecond({ accounts: accountsOf(ADDRESS_A), caipNetworkId: 'eip155:1' })
    await expect(second).resolves.toMatchObject({ caipNetworkId: 'eip155:1' })
    expect(connection.store.getSnapshot()).toMatchObject({ status: 'connected', error: undefined })
  })
})

describe('ConnectionController: SPEC §3/§4 reconnect after reload', () => {
  it('SPEC §4 reconnectStored restores the stored connection without prompting (reconnect, not connect)', async () => {
    const { connection, connectors, persistence, account, connected } = setup()
    persistence.setConnectorIds('eip155', ['io.metamask'])
    persistence.setConnectedNamespaces(['eip155'])
    const mm = fakeConnector('io.metamask')
    connectors.register(mm)
    await connection.reconnectStored()
    expect(mm.reconnect).toHaveBeenCalledTimes(1)
    expect(mm.reconnect).toHaveBeenCalledWith({ namespace: 'eip155', caipNetwork: mainnet })
    expect(mm.connect).not.toHaveBeenCalled()
    expect(account.get('eip155').address).toBe(ADDRESS_A)
    expect(connection.connectorStatus('io.metamask', 'eip155')).toBe('connected')
    expect(connection.store.getSnapshot().status).toBe('connected')
    expect(connected).toHaveLength(1)
  })

  it('SPEC §4 reconnectStored waits for a stored connector that announces itself later', async () => {
    const { connection, connectors, persistence, account } = setup()
    persistence.setConnectorIds('eip155', ['io.metamask'])
    persistence.setConnectedNamespaces(['eip155'])
    const mm = fakeConnector('io.metamask')
    const done = connection.reconnectStored()
    connectors.register(mm)
    await done
    expect(mm.reconnect).toHaveBeenCalledTimes(1)
    expect(account.isConnected('eip155')).toBe(true)
  })

  it('SPEC §3 reconnectStored skips connector ids in the disconnected list', async () => {
    const { connection, connectors, persistence, account } = setup()
    persistence.setConnectorIds('eip155', ['io.metamask'])
    persistence.setConnectedNamespaces(['eip155'])
    persistence.setDisconnectedConnectorIds(['io.metamask'])
    const mm = fakeConnector('io.metamask')
    connectors.register(mm)
    await connection.reconnectStored()
    expect(mm.reconnect).not.toHaveBeenCalled()
    expect(mm.connect).not.toHaveBeenCalled()
    expect(account.isConnected()).toBe(false)
    expect(connection.store.getSnapshot().status).toBe('disconnected')
  })

  it('SPEC §3 a stored connection whose access is gone is forgotten', async () => {
    const { connection, connectors, persistence, raw } = setup()
    persistence.setConnectorIds('eip155', ['io.metamask'])
    persistence.setConnectedNamespaces(['eip155'])
    persistence.setWallet({ id: 'io.metamask', name: 'MetaMask' })
    const mm = fakeConnector('io.metamask')
    mm.reconnect.mockResolvedValue(undefined)
    connectors.register(mm)
    await connection.reconnectStored()
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({})
    expect(raw(StorageKeys.CONNECTED_NAMESPACES)).toEqual([])
    expect(raw(StorageKeys.WALLET_ID)).toBeNull()
  })
})

describe('ConnectionController: SPEC §4 disconnect', () => {
  it('SPEC §4 disconnect proceeds after at most 3 s when the connector hangs, and adds the id to the disconnected list', async () => {
    vi.useFakeTimers()
    const { connection, connectors, account, persistence, disconnected, raw } = setup()
    const mm = fakeConnector('io.metamask')
    mm.disconnect.mockImplementation(() => new Promise<undefined>(() => undefined))
    connectors.register(mm)
    await connection.connect('io.metamask')
    let done = false
    void connection.disconnect().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(DISCONNECT_WAIT_MS - 1)
    expect(done).toBe(false)
    expect(account.isConnected()).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(DISCONNECT_WAIT_MS).toBe(3_000)
    expect(done).toBe(true)
    expect(mm.disconnect).toHaveBeenCalledTimes(1)
    expect(account.isConnected()).toBe(false)
    expect(persistence.disconnectedConnectorIds()).toEqual(['io.metamask'])
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({})
    expect(raw(StorageKeys.CONNECTED_NAMESPACES)).toEqual([])
    expect(disconnected).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask' }])
    expect(connection.connectorStatus('io.metamask', 'eip155')).toBe('disconnected')
  })

  it('SPEC §4 disconnect of an answering wallet does not wait', async () => {
    vi.useFakeTimers()
    const { connection, connectors, account } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    let done = false
    void connection.disconnect('eip155').then(() => (done = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
    expect(account.isConnected()).toBe(false)
  })

  it('SPEC §3 connecting again removes the id from the disconnected list', async () => {
    const { connection, connectors, persistence } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    await connection.disconnect()
    expect(persistence.disconnectedConnectorIds()).toEqual(['io.metamask'])
    await connection.connect('io.metamask')
    expect(persistence.disconnectedConnectorIds()).toEqual([])
  })
})

describe('ConnectionController: wallet events', () => {
  it('SPEC §4 wallet accountsChanged([]) cleans storage and emits connection:disconnected', async () => {
    const { connection, connectors, account, raw, disconnected } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    connection.handleAccountsChanged('io.metamask', 'eip155', [])
    await Promise.resolve()
    expect(account.isConnected()).toBe(false)
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({})
    expect(raw(StorageKeys.CONNECTED_NAMESPACES)).toEqual([])
    expect(raw(StorageKeys.WALLET_ID)).toBeNull()
    expect(raw(StorageKeys.WALLET_NAME)).toBeNull()
    expect(disconnected).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask' }])
    expect(connection.store.getSnapshot().status).toBe('disconnected')
  })

  it('SPEC §4 pairing session delete (wallet disconnect) cleans storage and emits connection:disconnected', async () => {
    const { connection, connectors, account, raw, disconnected } = setup()
    connectors.register(fakeConnector('walletConnect'))
    await connection.connect('walletConnect')
    await connection.handleDisconnected('walletConnect', 'eip155')
    expect(account.isConnected()).toBe(false)
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({})
    expect(raw(StorageKeys.CONNECTED_NAMESPACES)).toEqual([])
    expect(raw(StorageKeys.WALLET_ID)).toBeNull()
    expect(disconnected).toEqual([{ namespace: 'eip155', connectorId: 'walletConnect' }])
  })

  it('wallet accountsChanged with accounts updates the active address', async () => {
    const { connection, connectors, account } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    connection.handleAccountsChanged('io.metamask', 'eip155', accountsOf(ADDRESS_B))
    expect(account.get('eip155').address).toBe(ADDRESS_B)
    expect(account.get('eip155').caipAddress).toBe(`eip155:1:${ADDRESS_B}`)
  })

  it('events from a connector that is not the active one are ignored', async () => {
    const { connection, connectors, account, disconnected, network } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    connection.handleAccountsChanged('io.rabby', 'eip155', [])
    connection.handleChainChanged('io.rabby', 'eip155', 'eip155:999')
    await connection.handleDisconnected('io.rabby', 'eip155')
    expect(account.isConnected()).toBe(true)
    expect(disconnected).toEqual([])
    expect(network.store.getSnapshot().unsupportedChainId).toBeUndefined()
  })

  it('SPEC §2 wallet chainChanged to an unknown chain sets unsupportedChainId (UnsupportedChain)', async () => {
    const { connection, connectors, network } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    connection.handleChainChanged('io.metamask', 'eip155', 'eip155:999')
    expect(network.store.getSnapshot().unsupportedChainId).toBe('eip155:999')
    expect(network.activeNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('wallet chainChanged to a known chain makes it active and clears unsupportedChainId', async () => {
    const { connection, connectors, network, account } = setup()
    connectors.register(fakeConnector('io.metamask'))
    await connection.connect('io.metamask')
    connection.handleChainChanged('io.metamask', 'eip155', 'eip155:999')
    connection.handleChainChanged('io.metamask', 'eip155', 'eip155:42161')
    expect(network.store.getSnapshot().unsupportedChainId).toBeUndefined()
    expect(network.activeNetwork?.caipNetworkId).toBe('eip155:42161')
    expect(account.get('eip155').caipAddress).toBe(`eip155:42161:${ADDRESS_A}`)
  })
})

describe('ConnectionController: several wallets in one namespace (SPEC §3 connections kept per namespace)', () => {
  async function twoWallets() {
    const s = setup()
    const mm = fakeConnector('io.metamask')
    const rabby = fakeConnector('io.rabby', { address: ADDRESS_B, caipNetworkId: 'eip155:42161' })
    s.connectors.register(mm)
    s.connectors.register(rabby)
    await s.connection.connect('io.metamask')
    await s.connection.connect('io.rabby')
    return { ...s, mm, rabby }
  }

  it('a second wallet joins the list and becomes active; the first stays connected and stored', async () => {
    const { connection, account, network, mm, raw } = await twoWallets()
    const { connections, activeConnectorIds } = connection.store.getSnapshot()
    expect(connections.eip155!.map((c) => c.connectorId)).toEqual(['io.rabby', 'io.metamask'])
    expect(activeConnectorIds.eip155).toBe('io.rabby')
    expect(account.get('eip155').address).toBe(ADDRESS_B)
    expect(network.networkOf('eip155')?.caipNetworkId).toBe('eip155:42161')
    expect(mm.disconnect).not.toHaveBeenCalled()
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({ eip155: ['io.rabby', 'io.metamask'] })
  })

  it('switching makes another connection active without asking its wallet; account, network and storage follow', async () => {
    const { connection, account, network, events, mm, raw, connected } = await twoWallets()
    account.patch('eip155', { profileName: 'rabby.eth', balance: '5', balanceSymbol: 'ETH' })
    const switched: ModalEvents['connection:switched'][] = []
    events.on('connection:switched', (e) => switched.push(e))
    // Listeners (the EIP-1193 provider's accountsChanged) see one address follow the other, never a disconnect.
    const seen: (string | undefined)[] = []
    const stop = account.store.subscribe(() => seen.push(account.get('eip155').address))
    connection.switchConnection('io.metamask', 'eip155')
    stop()
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((a) => a === ADDRESS_A)).toBe(true)
    expect(mm.connect).toHaveBeenCalledTimes(1)
    expect(mm.reconnect).not.toHaveBeenCalled()
    expect(connection.activeConnectorId('eip155')).toBe('io.metamask')
    expect(connection.connectorStatus('io.rabby', 'eip155')).toBe('active')
    expect(account.get('eip155')).toMatchObject({ address: ADDRESS_A, caipAddress: `eip155:1:${ADDRESS_A}`, connectedWalletInfo: { name: 'io.metamask name' } })
    // Nothing of the other wallet's account stays (its name and balance).
    expect(account.get('eip155').profileName).toBeUndefined()
    expect(account.get('eip155').balance).toBeUndefined()
    expect(network.networkOf('eip155')?.caipNetworkId).toBe('eip155:1')
    expect(switched).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask', address: ADDRESS_A }])
    expect(connected).toHaveLength(2)
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({ eip155: ['io.metamask', 'io.rabby'] })
    // Switching to the active one changes nothing.
    connection.switchConnection('io.metamask', 'eip155')
    expect(switched).toHaveLength(1)
  })

  it('switching to a wallet that is not connected in the namespace throws and changes nothing', async () => {
    const { connection, connectors } = await twoWallets()
    connectors.register(fakeConnector('never'))
    expect(() => connection.switchConnection('never', 'eip155')).toThrow('Connector never is not connected')
    expect(() => connection.switchConnection('io.metamask', 'solana')).toThrow('Connector io.metamask is not connected')
    expect(connection.activeConnectorId('eip155')).toBe('io.rabby')
  })

  it('an inactive wallet reporting new accounts or a chain updates its entry; switching to it uses them', async () => {
    const { connection, account, network } = await twoWallets()
    const ADDRESS_C = '0x00000000000000000000000000000000000000c3'
    connection.bind('io.metamask').emit('change', { namespace: 'eip155', accounts: accountsOf(ADDRESS_C), caipNetworkId: 'eip155:42161' })
    expect(account.get('eip155').address).toBe(ADDRESS_B)
    expect(connection.store.getSnapshot().connections.eip155!.find((c) => c.connectorId === 'io.metamask')!.accounts[0]!.address).toBe(ADDRESS_C)
    connection.switchConnection('io.metamask', 'eip155')
    expect(account.get('eip155').caipAddress).toBe(`eip155:42161:${ADDRESS_C}`)
    expect(network.networkOf('eip155')?.caipNetworkId).toBe('eip155:42161')
  })

  it('disconnecting an inactive wallet removes only it; the active one stays', async () => {
    const { connection, account, mm, rabby, disconnected, raw } = await twoWallets()
    await connection.disconnect('eip155', 'io.metamask')
    expect(mm.disconnect).toHaveBeenCalledTimes(1)
    expect(rabby.disconnect).not.toHaveBeenCalled()
    expect(connection.store.getSnapshot().connections.eip155!.map((c) => c.connectorId)).toEqual(['io.rabby'])
    expect(account.get('eip155').address).toBe(ADDRESS_B)
    expect(disconnected).toEqual([{ namespace: 'eip155', connectorId: 'io.metamask' }])
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({ eip155: ['io.rabby'] })
    expect(raw(StorageKeys.DISCONNECTED_CONNECTOR_IDS)).toEqual(['io.metamask'])
  })

  it('disconnecting the active wallet makes the next one active; the last one leaves the namespace disconnected', async () => {
    const { connection, account, events, raw } = await twoWallets()
    const switched: string[] = []
    events.on('connection:switched', (e) => switched.push(e.connectorId))
    await connection.disconnect('eip155', 'io.rabby')
    expect(connection.activeConnectorId('eip155')).toBe('io.metamask')
    expect(account.get('eip155').address).toBe(ADDRESS_A)
    expect(switched).toEqual(['io.metamask'])
    expect(connection.store.getSnapshot().status).toBe('connected')
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({ eip155: ['io.metamask'] })

    await connection.disconnect('eip155', 'io.metamask')
    expect(connection.activeConnectorId('eip155')).toBeUndefined()
    expect(account.isConnected('eip155')).toBe(false)
    expect(connection.store.getSnapshot()).toMatchObject({ status: 'disconnected', connections: { eip155: [] } })
    expect(raw(StorageKeys.CONNECTIONS)).toEqual({})
    expect(raw(StorageKeys.CONNECTED_NAMESPACES)).toEqual([])
    expect(raw(StorageKeys.WALLET_ID)).toBeNull()
  })

  it('disconnecting the namespace disconnects every wallet in it without making another active on the way', async () => {
    const { connection, events, mm, rabby } = await twoWallets()
    const switched: string[] = []
    events.on('connection:switched', (e) => switched.push(e.connectorId))
    await connection.disconnect('eip155')
    expect(mm.disconnect).toHaveBeenCalledTimes(1)
    expect(rabby.disconnect).toHaveBeenCalledTimes(1)
    expect(switched).toEqual([])
    expect(connection.store.getSnapshot().status).toBe('disconnected')
  })

  it('a wallet that ends its own inactive session is dropped; an active one hands over to the next', async () => {
    const { connection, account } = await twoWallets()
    connection.bind('io.metamask').emit('change', { namespace: 'eip155', accounts: [] })
    expect(connection.store.getSnapshot().connections.eip155!.map((c) => c.connectorId)).toEqual(['io.rabby'])
    expect(account.get('eip155').address).toBe(ADDRESS_B)
    await connection.connect('io.metamask')
    connection.bind('io.metamask').emit('disconnect', {})
    expect(connection.activeConnectorId('eip155')).toBe('io.rabby')
    expect(account.get('eip155').address).toBe(ADDRESS_B)
  })

  it('SPEC §3 reload restores every stored wallet without prompting; the one active before is active again', async () => {
    const first = await twoWallets()
    first.connection.switchConnection('io.metamask', 'eip155')
    const { connection, connectors, account, persistence, connected } = setup(first.adapter)
    const mm = fakeConnector('io.metamask')
    const rabby = fakeConnector('io.rabby', { address: ADDRESS_B, caipNetworkId: 'eip155:42161' })
    connectors.register(mm)
    connectors.register(rabby)
    await connection.reconnectStored()
    expect(mm.reconnect).toHaveBeenCalledTimes(1)
    expect(rabby.reconnect).toHaveBeenCalledTimes(1)
    expect(mm.connect).not.toHaveBeenCalled()
    expect(rabby.connect).not.toHaveBeenCalled()
    expect(connection.activeConnectorId('eip155')).toBe('io.metamask')
    expect(account.get('eip155').address).toBe(ADDRESS_A)
    expect(connection.connectorStatus('io.rabby', 'eip155')).toBe('active')
    expect(connected.map((e) => e.connectorId).sort()).toEqual(['io.metamask', 'io.rabby'])
    expect(persistence.connectorIds()).toEqual({ eip155: ['io.metamask', 'io.rabby'] })
    // The restored inactive wallet switches without a prompt too.
    connection.switchConnection('io.rabby', 'eip155')
    expect(account.get('eip155').address).toBe(ADDRESS_B)
  })

  it('SPEC §3 reload: a wallet whose access is gone is forgotten, the others are restored', async () => {
    const first = await twoWallets()
    const { connection, connectors, account, persistence } = setup(first.adapter)
    const mm = fakeConnector('io.metamask')
    const rabby = fakeConnector('io.rabby', { address: ADDRESS_B })
    rabby.reconnect.mockRejectedValue(new Error('gone'))
    connectors.register(mm)
    connectors.register(rabby)
    await connection.reconnectStored()
    expect(connection.activeConnectorId('eip155')).toBe('io.metamask')
    expect(account.get('eip155').address).toBe(ADDRESS_A)
    expect(persistence.connectorIds()).toEqual({ eip155: ['io.metamask'] })
  })

  it('SPEC §3 reload: a malformed entry in the stored list is refused, the valid ids are restored', async () => {
    const s = setup()
    s.adapter.setItem(StorageKeys.CONNECTIONS, JSON.stringify({ eip155: ['io.rabby', 42, { id: 'x' }, 'io.metamask'], N: ['x'] }))
    s.adapter.setItem(StorageKeys.CONNECTED_NAMESPACES, JSON.stringify(['eip155']))
    const { connection, connectors } = setup(s.adapter)
    const mm = fakeConnector('io.metamask')
    const rabby = fakeConnector('io.rabby', { address: ADDRESS_B })
    connectors.register(mm)
    connectors.register(rabby)
    await connection.reconnectStored()
    expect(connection.activeConnectorId('eip155')).toBe('io.rabby')
    expect(connection.store.getSnapshot().connections.eip155!.map((c) => c.connectorId)).toEqual(['io.rabby', 'io.metamask'])
  })
})

