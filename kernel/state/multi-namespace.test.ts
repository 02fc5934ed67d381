import { describe, expect, it, vi } from 'vitest'
import type { ChainNamespace } from '../caip/index.ts'
import { ModalEventBus } from '../events/bus.ts'
import { createMemoryAdapter, PorticoStorage, type StorageAdapter } from '../storage/index.ts'
import { AccountController } from './account.ts'
import { ChainRegistry } from './chains.ts'
import { ConnectionController } from './connection.ts'
import { ConnectorController } from './connectors.ts'
import { ModalController } from './modal.ts'
import { NetworkController } from './network.ts'
import { RouterStack } from '../router/router-stack.ts'
import type { CaipNetwork, Connector, ConnectorType } from './types.ts'

const evm: CaipNetwork = {
  id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const sol: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana',
  name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}
const EVM_ADDRESS = '0x00000000000000000000000000000000000000a1'
const SOL_ADDRESS = '11111111111111111111111111111112'

function fake(id: string, name: string, chain: ChainNamespace, opts: { type?: ConnectorType; reject?: boolean; chains?: ChainNamespace[] } = {}) {
  const network = chain === 'solana' ? sol : evm
  const address = chain === 'solana' ? SOL_ADDRESS : EVM_ADDRESS
  const result = () => ({ accounts: [{ namespace: chain, address, type: 'eoa' as const }], caipNetworkId: network.caipNetworkId })
  return {
    id, name, chain, type: opts.type ?? 'ANNOUNCED', chains: opts.chains,
    connect: vi.fn(async () => {
      if (opts.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return result()
    }),
    reconnect: vi.fn(async () => result()),
    disconnect: vi.fn(async () => undefined),
  } satisfies Connector
}

function setup(opts: { adapter?: StorageAdapter; namespaces?: ChainNamespace[] } = {}) {
  const events = new ModalEventBus()
  const adapter = opts.adapter ?? createMemoryAdapter()
  const persistence = new PorticoStorage(adapter)
  const account = new AccountController()
  const chains = new ChainRegistry()
  for (const ns of opts.namespaces ?? ['eip155', 'solana']) {
    chains.register({ namespace: ns, networks: [ns === 'solana' ? sol : evm], isAddress: () => true })
  }
  const connectors = new ConnectorController()
  const network = new NetworkController(events, chains, account, persistence)
  const connection = new ConnectionController(events, account, network, connectors, persistence)
  const router = new RouterStack(events, account)
  const modal = new ModalController(events, router, account, network, chains, connectors, { options: { isMobile: () => false } } as never)
  network.initialize()
  return { events, adapter, account, chains, connectors, network, connection, modal, router }
}

describe('SPEC §3 connections per namespace: one wallet in several namespaces', () => {
  it('connecting a wallet offering eip155 and solana connects both, each with its own account; the clicked namespace stays active', async () => {
    const { connectors, connection, account, network } = setup()
    const evmSide = fake('dev.portico.wallet', 'Portico Dev Wallet', 'eip155')
    const solSide = fake('wallet-standard:Portico Dev Wallet', 'Portico Dev Wallet', 'solana')
    connectors.register(evmSide)
    connectors.register(solSide)
    await connection.connectWallet('dev.portico.wallet')
    expect(account.get('eip155').address).toBe(EVM_ADDRESS)
    expect(account.get('solana').address).toBe(SOL_ADDRESS)
    expect(connection.store.getSnapshot().activeConnectorIds).toEqual({ eip155: 'dev.portico.wallet', solana: 'wallet-standard:Portico Dev Wallet' })
    expect(network.activeNamespace).toBe('eip155')
    expect(connection.connectorStatus('wallet-standard:Portico Dev Wallet', 'solana')).toBe('connected')
    expect(connection.connectorStatus('wallet-standard:Portico Dev Wallet', 'eip155')).toBe('disconnected')
  })

  it('a sibling the user declines leaves the first namespace connected and no error shown', async () => {
    const { connectors, connection, account } = setup()
    connectors.register(fake('a', 'Wallet', 'eip155'))
    connectors.register(fake('b', 'Wallet', 'solana', { reject: true }))
    await connection.connectWallet('a')
    expect(account.get('eip155').address).toBe(EVM_ADDRESS)
    expect(account.get('solana').address).toBeUndefined()
    expect(connection.store.getSnapshot().status).toBe('connected')
    expect(connection.store.getSnapshot().error).toBeUndefined()
  })

  it('wallets with other names, pairing and auth connectors are not siblings', () => {
    const { connectors } = setup()
    connectors.register(fake('a', 'Wallet', 'eip155'))
    connectors.register(fake('b', 'Other', 'solana'))
    connectors.register(fake('wc', 'Wallet', 'solana', { type: 'MULTI_CHAIN', chains: ['eip155', 'solana'] }))
    expect(connectors.siblings('a')).toEqual([])
    connectors.register(fake('c', ' wallet ', 'solana'))
    expect(connectors.siblings('a').map((c) => c.id)).toEqual(['c'])
  })

  it('the Connect list shows one row per wallet, led by the active namespace, listing its namespaces', () => {
    const { connectors } = setup()
    connectors.register(fake('evm', 'Portico Dev Wallet', 'eip155'))
    connectors.register(fake('sol', 'Portico Dev Wallet', 'solana'))
    const eipFirst = connectors.list([], undefined, { namespaces: ['eip155', 'solana'], activeNamespace: 'eip155' })
    expect(eipFirst.map((e) => [e.id, e.namespaces])).toEqual([['evm', ['eip155', 'solana']]])
    const solFirst = connectors.list([], undefined, { namespaces: ['eip155', 'solana'], activeNamespace: 'solana' })
    expect(solFirst.map((e) => [e.id, e.namespaces])).toEqual([['sol', ['solana', 'eip155']]])
  })

  it('SPEC §5 the connector list is filtered by the host namespaces', () => {
    const { connectors } = setup()
    connectors.register(fake('evm', 'Portico Dev Wallet', 'eip155'))
    connectors.register(fake('sol', 'Portico Dev Wallet', 'solana'))
    connectors.register(fake('phantom', 'Phantom', 'solana'))
    connectors.register(fake('wc', 'WalletConnect', 'eip155', { type: 'MULTI_CHAIN', chains: ['eip155', 'solana'] }))
    const solanaOnly = connectors.list([{ id: 'evm', name: 'Portico Dev Wallet' }], undefined, { namespaces: ['solana'] })
    expect(solanaOnly.map((e) => e.id)).toEqual(['wc', 'sol', 'phantom'])
    expect(solanaOnly.find((e) => e.id === 'sol')?.namespaces).toBeUndefined()
    const evmOnly = connectors.list([], undefined, { namespaces: ['eip155'] })
    expect(evmOnly.map((e) => e.id)).toEqual(['wc', 'evm'])
  })

  it('SPEC §2 SwitchActiveChain: switching the active namespace shows that namespace\'s account', async () => {
    const { connectors, connection, network, account } = setup()
    connectors.register(fake('a', 'W', 'eip155'))
    connectors.register(fake('b', 'W', 'solana'))
    await connection.connectWallet('a')
    network.setActiveNamespace('solana')
    expect(network.activeNamespace).toBe('solana')
    expect(connection.active()?.address).toBe(SOL_ADDRESS)
    expect(account.get(network.activeNamespace!).address).toBe(SOL_ADDRESS)
    expect(network.activeNetwork?.caipNetworkId).toBe(sol.caipNetworkId)
  })

  it('SPEC §4 opening for another namespace switches the active chain without confirmation', async () => {
    const { connectors, connection, network, modal, router } = setup()
    connectors.register(fake('a', 'W', 'eip155'))
    connectors.register(fake('b', 'W', 'solana'))
    await connection.connectWallet('a')
    modal.open({ namespace: 'solana' })
    expect(network.activeNamespace).toBe('solana')
    expect(router.current.view).toBe('Account')
    modal.open({ namespace: 'eip155' })
    expect(network.activeNamespace).toBe('eip155')
  })

  it('disconnecting one namespace keeps the other, which becomes active; disconnect() ends all', async () => {
    const { connectors, connection, network, account } = setup()
    const a = fake('a', 'W', 'eip155')
    const b = fake('b', 'W', 'solana')
    connectors.register(a)
    connectors.register(b)
    await connection.connectWallet('a')
    await connection.disconnect('eip155')
    expect(a.disconnect).toHaveBeenCalledTimes(1)
    expect(b.disconnect).not.toHaveBeenCalled()
    expect(account.get('eip155').address).toBeUndefined()
    expect(account.get('solana').address).toBe(SOL_ADDRESS)
    expect(network.activeNamespace).toBe('solana')
    expect(connection.store.getSnapshot().status).toBe('connected')
    await connection.disconnect()
    expect(account.isConnected()).toBe(false)
    expect(connection.store.getSnapshot().status).toBe('disconnected')
  })

  it('after a reload both namespaces reconnect and the namespace active before stays active', async () => {
    const adapter = createMemoryAdapter()
    const first = setup({ adapter })
    first.connectors.register(fake('a', 'W', 'eip155'))
    first.connectors.register(fake('b', 'W', 'solana'))
    await first.connection.connectWallet('a')
    first.network.setActiveNamespace('solana')

    const second = setup({ adapter })
    const a = fake('a', 'W', 'eip155')
    const b = fake('b', 'W', 'solana')
    second.connectors.register(a)
    second.connectors.register(b)
    expect(second.network.activeNamespace).toBe('solana')
    await second.connection.reconnectStored()
    expect(a.reconnect).toHaveBeenCalledTimes(1)
    expect(b.reconnect).toHaveBeenCalledTimes(1)
    expect(a.connect).not.toHaveBeenCalled()
    expect(second.account.get('eip155').address).toBe(EVM_ADDRESS)
    expect(second.account.get('solana').address).toBe(SOL_ADDRESS)
    expect(second.network.activeNamespace).toBe('solana')
  })
})
