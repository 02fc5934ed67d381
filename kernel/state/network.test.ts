import { describe, expect, it, vi } from 'vitest'
import type { ChainNamespace } from '../caip/index.ts'
import { ModalEventBus } from '../events/bus.ts'
import type { ModalEvents } from '../plugin/contract.ts'
import { createMemoryAdapter, PorticoStorage, StorageKeys } from '../storage/index.ts'
import { AccountController } from './account.ts'
import { ChainRegistry, type ChainAdapter } from './chains.ts'
import { NetworkController } from './network.ts'
import { ConnectionController } from './connection.ts'
import { ConnectorController } from './connectors.ts'
import type { CaipNetwork } from './types.ts'

function evmNetwork(id: number, name: string): CaipNetwork {
  return {
    id, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}
const mainnet = evmNetwork(1, 'Ethereum')
const arbitrum = evmNetwork(42161, 'Arbitrum One')
const avalanche = evmNetwork(43114, 'Avalanche')
const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana',
  name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}
const ADDRESS = '0x00000000000000000000000000000000000000a1'

function setup(opts: { stored?: string; activeConnector?: Partial<Record<ChainNamespace, string>> } = {}) {
  const events = new ModalEventBus()
  const adapter = createMemoryAdapter()
  const persistence = new PorticoStorage(adapter)
  if (opts.stored) persistence.setActiveNetwork(opts.stored)
  const account = new AccountController()
  const chains = new ChainRegistry()
  chains.register({ namespace: 'eip155', networks: [mainnet, arbitrum, avalanche], isAddress: () => true } satisfies ChainAdapter)
  chains.register({ namespace: 'solana', networks: [solana], isAddress: () => true } satisfies ChainAdapter)
  // The wallet side, faked: the connectors' switchNetwork.
  const evm = { switchNetwork: vi.fn(async (_n: CaipNetwork) => undefined) }
  const sol = { switchNetwork: vi.fn(async (_n: CaipNetwork) => undefined) }
  const connectors = new ConnectorController()
  const fake = (id: string, chain: ChainNamespace, wallet: typeof evm) => ({
    id, name: id, type: 'INJECTED' as const, chain, connect: async () => { throw new Error('not used') }, disconnect: async () => undefined,
    switchNetwork: (n: CaipNetwork) => wallet.switchNetwork(n),
  })
  connectors.register(fake('io.metamask', 'eip155', evm))
  connectors.register(fake('phantom', 'solana', sol))
  const network = new NetworkController(events, chains, account, persistence)
  const connection = new ConnectionController(events, account, network, connectors, persistence)
  connection.store.set({ activeConnectorIds: opts.activeConnector ?? {} })
  const switchNetwork = (n: CaipNetwork) => connection.switchNetwork(n)
  const switched: ModalEvents['network:switched'][] = []
  events.on('network:switched', (e) => switched.push(e))
  const connect = () => account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
  return { network, switchNetwork, evm, sol, account, persistence, adapter, switched, connect }
}

describe('NetworkController', () => {
  it('SPEC §1 initialize picks the default network when nothing is stored, else the first network', () => {
    const a = setup()
    a.network.initialize('eip155:42161')
    expect(a.network.activeNetwork).toBe(arbitrum)
    const b = setup()
    b.network.initialize()
    expect(b.network.activeNetwork).toBe(mainnet)
    expect(b.network.requested('eip155')).toEqual([mainnet, arbitrum, avalanche])
    expect(b.network.networkOf('solana')).toBe(solana)
  })

  it('SPEC §3 the stored active network is restored by initialize (over the default)', () => {
    const { network } = setup({ stored: solana.caipNetworkId })
    network.initialize('eip155:42161')
    expect(network.activeNamespace).toBe('solana')
    expect(network.activeNetwork).toBe(solana)
  })

  it('SPEC §3 a stored network that no chain plugin serves is ignored', () => {
    const { network } = setup({ stored: 'eip155:999' })
    network.initialize('eip155:43114')
    expect(network.activeNetwork).toBe(avalanche)
  })

  it('SPEC §4 switching while connected asks the active connector (one place: ConnectionController.switchNetwork)', async () => {
    const { switchNetwork, network, evm, connect, switched, adapter, account } = setup({ activeConnector: { eip155: 'io.metamask' } })
    network.initialize()
    connect()
    await switchNetwork(arbitrum)
    expect(evm.switchNetwork).toHaveBeenCalledTimes(1)
    expect(evm.switchNetwork).toHaveBeenCalledWith(arbitrum)
    expect(network.activeNetwork).toBe(arbitrum)
    expect(switched).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:42161' }])
    expect(JSON.parse(adapter.getItem(StorageKeys.ACTIVE_NETWORK)!)).toBe('eip155:42161')
    expect(account.get('eip155').caipAddress).toBe(`eip155:42161:${ADDRESS}`)
  })

  it('SPEC §4 switching while disconnected only selects the network (no wallet call)', async () => {
    const { switchNetwork, network, evm, sol, switched, adapter } = setup({ activeConnector: {} })
    network.initialize()
    await switchNetwork(avalanche)
    expect(evm.switchNetwork).not.toHaveBeenCalled()
    expect(sol.switchNetwork).not.toHaveBeenCalled()
    expect(network.activeNetwork).toBe(avalanche)
    expect(switched).toEqual([{ namespace: 'eip155', caipNetworkId: 'eip155:43114' }])
    expect(JSON.parse(adapter.getItem(StorageKeys.ACTIVE_NETWORK)!)).toBe('eip155:43114')
  })

  it('SPEC §4 a stale connector id without a connected address does not call the wallet', async () => {
    const { switchNetwork, network, evm } = setup({ activeConnector: { eip155: 'io.metamask' } })
    network.initialize()
    await switchNetwork(arbitrum)
    expect(evm.switchNetwork).not.toHaveBeenCalled()
    expect(network.activeNetwork).toBe(arbitrum)
  })

  it('SPEC §4 a failed wallet switch leaves the network unchanged', async () => {
    const { switchNetwork, network, evm, connect, switched, adapter } = setup({ activeConnector: { eip155: 'io.metamask' } })
    network.initialize()
    connect()
    const before = adapter.getItem(StorageKeys.ACTIVE_NETWORK)
    evm.switchNetwork.mockRejectedValueOnce(Object.assign(new Error('User rejected the request.'), { code: 4001 }))
    await expect(switchNetwork(arbitrum)).rejects.toThrow('User rejected')
    expect(network.activeNetwork).toBe(mainnet)
    expect(switched).toEqual([])
    expect(adapter.getItem(StorageKeys.ACTIVE_NETWORK)).toBe(before)
  })

  it('SPEC §4 switching to a network of another namespace makes that namespace active', async () => {
    const { switchNetwork, network, sol } = setup()
    network.initialize()
    await switchNetwork(solana)
    expect(sol.switchNetwork).not.toHaveBeenCalled()
    expect(network.activeNamespace).toBe('solana')
  })

  it('SPEC §4 setActiveNamespace switches without asking the wallet', () => {
    const { network, evm, sol, switched, connect } = setup({ activeConnector: { eip155: 'io.metamask' } })
    network.initialize()
    connect()
    network.setActiveNamespace('solana')
    expect(network.activeNetwork).toBe(solana)
    expect(evm.switchNetwork).not.toHaveBeenCalled()
    expect(sol.switchNetwork).not.toHaveBeenCalled()
    expect(switched).toEqual([{ namespace: 'solana', caipNetworkId: solana.caipNetworkId }])
  })

  it('SPEC §2 a wallet on an unknown chain marks UnsupportedChain; a known one clears it', () => {
    const { network } = setup()
    network.initialize()
    network.setWalletNetwork('eip155', 'eip155:999')
    expect(network.store.getSnapshot().unsupportedChainId).toBe('eip155:999')
    network.setWalletNetwork('eip155', 'eip155:1')
    expect(network.store.getSnapshot().unsupportedChainId).toBeUndefined()
    expect(network.activeNetwork).toBe(mainnet)
  })
})
