import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => vi.useRealTimers())
import { ModalEventBus } from '../events/bus.ts'
import type { ModalEvents } from '../plugin/contract.ts'
import { balanceCache, createMemoryAdapter, PorticoStorage } from '../storage/index.ts'
import { AccountController } from './account.ts'
import { BalanceController, type BalanceCache } from './balance.ts'
import { ChainRegistry, type ChainAdapter } from './chains.ts'
import { NetworkController } from './network.ts'
import type { CaipNetwork } from './types.ts'

function evmNetwork(id: number, name: string): CaipNetwork {
  return {
    id, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}
const mainnet = evmNetwork(1, 'Ethereum')
const arbitrum = evmNetwork(42161, 'Arbitrum One')
const ADDRESS = '0x00000000000000000000000000000000000000a1'

function isNative(v: unknown): v is { balance: string; symbol: string } {
  return typeof v === 'object' && v !== null && typeof (v as { balance?: unknown }).balance === 'string'
}

/** The kernel's wiring of the storage balance cache (30 s TTL) over a memory adapter. */
function realCache(): BalanceCache {
  const cache = balanceCache(new PorticoStorage(createMemoryAdapter()), isNative)
  const split = (key: string): [`${string}:${string}`, string] => {
    const i = key.lastIndexOf(':')
    return [key.slice(0, i) as `${string}:${string}`, key.slice(i + 1)]
  }
  return { get: (key, now) => cache.get(...split(key), now), set: (key, value, now) => cache.set(...split(key), value, now) }
}

function setup(cache: BalanceCache = realCache()) {
  const events = new ModalEventBus()
  const account = new AccountController()
  const chains = new ChainRegistry()
  let balance = '1.5'
  // The wallet side, faked: the chain plugin's balance read.
  const evm = {
    namespace: 'eip155', networks: [mainnet, arbitrum], isAddress: () => true,
    getBalance: vi.fn(async (_address: string, _network: CaipNetwork) => ({ balance, symbol: 'ETH' })),
  } satisfies ChainAdapter
  chains.register(evm)
  const persistence = new PorticoStorage(createMemoryAdapter())
  const network = new NetworkController(events, chains, account, persistence)
  network.initialize()
  // The controller reads Date.now(); the fake clock moves it.
  const clock = {
    get t() {
      return Date.now()
    },
    set t(v: number) {
      vi.setSystemTime(v)
    },
  }
  const errors: ModalEvents['error'][] = []
  events.on('error', (e) => errors.push(e))
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 })
  const controller = new BalanceController(events, account, network, chains, cache)
  account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
  return { controller, evm, account, network, clock, events, errors, setBalance: (b: string) => (balance = b) }
}

describe('BalanceController', () => {
  it('SPEC §9 serves the native balance from the cache within 30 s and refetches after', async () => {
    const { controller, evm, account, clock, setBalance } = setup()
    await controller.refresh('eip155')
    expect(evm.getBalance).toHaveBeenCalledTimes(1)
    expect(evm.getBalance).toHaveBeenCalledWith(ADDRESS, mainnet)
    expect(account.get('eip155')).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH', balanceLoading: false })

    setBalance('2.0')
    clock.t += 29_999
    await controller.refresh('eip155')
    expect(evm.getBalance).toHaveBeenCalledTimes(1)
    expect(account.get('eip155').balance).toBe('1.5')

    clock.t += 1 // 30 s after the fetch: expired
    await controller.refresh('eip155')
    expect(evm.getBalance).toHaveBeenCalledTimes(2)
    expect(account.get('eip155').balance).toBe('2.0')
  })

  it('SPEC §7 balances are cached per network and address', async () => {
    const { controller, evm, network } = setup()
    await controller.refresh('eip155')
    network.setActiveNetwork(arbitrum) // disconnected from any wallet: switching only selects, emits network:switched
    await vi.waitFor(() => expect(evm.getBalance).toHaveBeenCalledTimes(2))
    expect(evm.getBalance).toHaveBeenLastCalledWith(ADDRESS, arbitrum)
    network.setActiveNetwork(mainnet)
    await controller.refresh('eip155')
    expect(evm.getBalance).toHaveBeenCalledTimes(2) // mainnet still cached
  })

  it('SPEC §9 force bypasses the cache', async () => {
    const { controller, evm } = setup()
    await controller.refresh('eip155')
    await controller.refresh('eip155', { force: true })
    expect(evm.getBalance).toHaveBeenCalledTimes(2)
  })

  it('SPEC §9 a fake cache sees reads and writes stamped with the injected clock', async () => {
    const store = new Map<string, { value: { balance: string; symbol: string }; at: number }>()
    const cache: BalanceCache = {
      get: vi.fn((key: string, now: number) => {
        const e = store.get(key)
        return e && now - e.at < 30_000 ? e.value : undefined
      }),
      set: vi.fn((key: string, value: { balance: string; symbol: string }, now: number) => void store.set(key, { value, at: now })),
    }
    const { controller, evm, clock } = setup(cache)
    await controller.refresh('eip155')
    expect(cache.set).toHaveBeenCalledWith(`eip155:1:${ADDRESS}`, { balance: '1.5', symbol: 'ETH' }, clock.t)
    clock.t += 10_000
    await controller.refresh('eip155')
    expect(cache.get).toHaveBeenLastCalledWith(`eip155:1:${ADDRESS}`, clock.t)
    expect(evm.getBalance).toHaveBeenCalledTimes(1)
  })

  it('concurrent refreshes share one request', async () => {
    const { controller, evm } = setup()
    await Promise.all([controller.refresh('eip155'), controller.refresh('eip155')])
    expect(evm.getBalance).toHaveBeenCalledTimes(1)
  })

  it('a failed balance read clears loading and reports an error event', async () => {
    const { controller, evm, account, errors } = setup()
    evm.getBalance.mockRejectedValueOnce(new Error('rpc down'))
    await controller.refresh('eip155')
    expect(account.get('eip155').balanceLoading).toBe(false)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.source).toBe('balance')
  })

  it('fetches on connection:connected and stops listening after dispose', async () => {
    const { controller, evm, events } = setup()
    events.emit('connection:connected', { namespace: 'eip155', connectorId: 'x', address: ADDRESS })
    await vi.waitFor(() => expect(evm.getBalance).toHaveBeenCalledTimes(1))
    controller.dispose()
    events.emit('network:switched', { namespace: 'eip155', caipNetworkId: 'eip155:42161' })
    await Promise.resolve()
    expect(evm.getBalance).toHaveBeenCalledTimes(1)
  })

  it('fetches again when another wallet of the namespace becomes active (connection:switched)', async () => {
    const { evm, events } = setup()
    events.emit('connection:switched', { namespace: 'eip155', connectorId: 'y', address: ADDRESS })
    await vi.waitFor(() => expect(evm.getBalance).toHaveBeenCalledTimes(1))
  })
})
