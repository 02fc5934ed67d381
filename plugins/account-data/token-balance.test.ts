import { describe, expect, it, vi } from 'vitest'
import { ErrorText } from 'portico'
import { CacheTtl, StorageKeys, TtlCache } from 'portico'
import { ADDRESS, arbitrum, kernelState, mainnet, token } from './account-data.fixtures.ts'
import { isTokenBalanceList, NetworkSupport, parseWalletAssets, TokenBalanceController } from './token-balance.ts'
import type { Connector } from 'portico'
import type { TokenBalance } from './clients/index.ts'

function setup(opts: { supported?: string[]; wallet?: Partial<Connector> } = {}) {
  const state = kernelState()
  const clock = { t: 10_000_000 }
  let reply: () => Promise<{ balances: TokenBalance[] }> = async () => ({
    balances: [token('ETH', 18, '1.5'), token('USDC', 6, '1000'), token('ZERO', 0, '7')],
  })
  const api = {
    balance: vi.fn((_a: string, _o?: object) => reply()),
    supportedChains: vi.fn(async () => ({ http: opts.supported ?? ['eip155:1', 'eip155:42161'], ws: [] })),
  }
  const cache = new TtlCache(state.storage, StorageKeys.BALANCE_CACHE, CacheTtl.PORTFOLIO, isTokenBalanceList)
  if (opts.wallet) {
    state.connectors.register({ id: 'w', name: 'W', type: 'ANNOUNCED', chain: 'eip155', connect: vi.fn(), disconnect: vi.fn(), ...opts.wallet } as Connector)
  }
  const controller = new TokenBalanceController({
    account: state.account,
    network: state.network,
    connectors: state.connectors,
    activeConnectorId: () => (opts.wallet ? 'w' : undefined),
    api,
    support: new NetworkSupport(api),
    snackbar: state.snackbar,
    cache: { get: (k, now) => cache.get(k, now), set: (k, v, now) => cache.set(k, v, now) },
    events: state.events,
    now: () => clock.t,
  })
  return { ...state, controller, api, clock, fail: () => (reply = async () => Promise.reject(new TypeError('fetch failed'))), heal: () => (reply = async () => ({ balances: [token('DAI', 18, '2')] })) }
}

const symbols = (list: readonly TokenBalance[]) => list.map((t) => t.symbol)

describe('TokenBalanceController', () => {
  it('SPEC §5 drops tokens with 0 decimals and asks the balance API with chainId and currency usd', async () => {
    const { controller, api, account } = setup()
    expect(symbols(await controller.fetch())).toEqual(['ETH', 'USDC'])
    expect(symbols(controller.store.getSnapshot().tokens)).toEqual(['ETH', 'USDC'])
    expect(api.balance).toHaveBeenCalledWith(ADDRESS, { chainId: 'eip155:1', currency: 'usd', forceUpdate: undefined })
    expect(controller.store.getSnapshot().loading).toBe(false)
  })

  it('SPEC §4 network support is checked first: an unsupported network gives an empty list and the alert, no balance call', async () => {
    const { controller, api, snackbar, account } = setup({ supported: ['eip155:42161'] })
    expect(await controller.fetch()).toEqual([])
    expect(api.balance).not.toHaveBeenCalled()
    expect(controller.store.getSnapshot().tokens).toEqual([])
    expect(snackbar.errors).toEqual([ErrorText.TOKEN_BALANCE_UNAVAILABLE])
  })

  it('SPEC §4 supported chains are asked once per modal', async () => {
    const { controller, api, network, clock } = setup()
    await controller.fetch()
    network.setActiveNetwork(arbitrum)
    await controller.fetch()
    clock.t += CacheTtl.PORTFOLIO
    await controller.fetch({ force: true })
    expect(api.supportedChains).toHaveBeenCalledTimes(1)
    expect(api.balance).toHaveBeenCalledTimes(3)
  })

  it('SPEC §7/§9 caches per network and address for 30 s', async () => {
    const { controller, api, clock, network, account } = setup()
    await controller.fetch()
    clock.t += CacheTtl.PORTFOLIO - 1
    await controller.fetch()
    expect(api.balance).toHaveBeenCalledTimes(1)
    network.setActiveNetwork(arbitrum)
    await controller.fetch()
    expect(api.balance).toHaveBeenCalledTimes(2)
    expect(api.balance.mock.calls[1]![1]).toMatchObject({ chainId: 'eip155:42161' })
    account.setAccounts('eip155', [{ namespace: 'eip155', address: '0x00000000000000000000000000000000000000b2', type: 'eoa' }], '42161')
    await controller.fetch()
    expect(api.balance).toHaveBeenCalledTimes(3)
    network.setActiveNetwork(mainnet)
    account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
    clock.t += 1
    await controller.fetch()
    expect(api.balance).toHaveBeenCalledTimes(4)
  })

  it('SPEC §4/§5/§8 a failure records the retry time, shows "Token Balance Unavailable" and refuses a refetch within 30 s', async () => {
    const { controller, api, clock, snackbar, fail, heal, account } = setup()
    fail()
    expect(await controller.fetch()).toEqual([])
    expect(controller.store.getSnapshot()).toMatchObject({ loading: false, lastRetry: clock.t, error: ErrorText.TOKEN_BALANCE_UNAVAILABLE })
    expect(snackbar.errors).toEqual(['Token Balance Unavailable'])
    heal()
    // SPEC §9: 30 s, by value (a wrong BALANCE_RETRY_GAP_MS must fail here).
    clock.t += 30_000 - 1
    await controller.fetch({ force: true })
    expect(api.balance).toHaveBeenCalledTimes(1)
    clock.t += 1
    expect(symbols(await controller.fetch())).toEqual(['DAI'])
    expect(api.balance).toHaveBeenCalledTimes(2)
    expect(controller.store.getSnapshot()).toMatchObject({ loading: false, lastRetry: undefined, error: undefined })
    expect(symbols(controller.store.getSnapshot().tokens)).toEqual(['DAI'])
  })

  it('the 30 s refusal after a failure holds for that network and address only: another network loads at once', async () => {
    const { controller, api, clock, fail, heal, network } = setup()
    fail()
    expect(await controller.fetch()).toEqual([])
    heal()
    network.setActiveNetwork(arbitrum)
    clock.t += 1
    expect(symbols(await controller.fetch())).toEqual(['DAI'])
    expect(api.balance).toHaveBeenCalledTimes(2)
    expect(api.balance.mock.calls[1]![1]).toMatchObject({ chainId: 'eip155:42161' })
    expect(controller.store.getSnapshot()).toMatchObject({ lastRetry: undefined, error: undefined })
  })

  it('concurrent fetches share one request', async () => {
    const { controller, api } = setup()
    await Promise.all([controller.fetch(), controller.fetch(), controller.fetch()])
    expect(api.balance).toHaveBeenCalledTimes(1)
  })

  it('SPEC §7 wallet_getCapabilities then wallet_getAssets filtered to the chain when the wallet offers asset discovery', async () => {
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'wallet_getCapabilities') return { '0x1': { assetDiscovery: { supported: true } } }
      if (method === 'wallet_getAssets') {
        return {
          '0x1': [
            { address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', balance: '0xde0b6b3a7640000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000 } },
            { address: '0x00000000000000000000000000000000000000c0', balance: '0x3b9aca00', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1 } },
            { address: '0x00000000000000000000000000000000000000c1', balance: '0x7', type: 'ERC20', metadata: { name: 'Zero', symbol: 'ZERO', decimals: 0, price: 0 } },
          ],
        }
      }
      throw new Error(`unexpected ${method}`)
    })
    const { controller, api } = setup({ wallet: { request } as never })
    const tokens = await controller.fetch()
    expect(api.balance).not.toHaveBeenCalled()
    expect(tokens).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', address: undefined, value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: undefined },
      { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0x00000000000000000000000000000000000000c0', value: 1000, price: 1, quantity: { decimals: '6', numeric: '1000' }, iconUrl: undefined },
    ])
    expect(request.mock.calls.map(([a]) => a)).toEqual([
      { namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'wallet_getCapabilities', params: [ADDRESS, ['0x1']] },
      { namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'wallet_getAssets', params: [{ account: ADDRESS, chainFilter: ['0x1'] }] },
    ])
  })

  it('SPEC §7 a wallet without asset discovery (or without wallet_getCapabilities) falls back to the balance API, asked once', async () => {
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'wallet_getCapabilities') return { '0x1': {} }
      throw new Error('nope')
    })
    const { controller, api, clock } = setup({ wallet: { request } as never })
    expect(symbols(await controller.fetch())).toEqual(['ETH', 'USDC'])
    clock.t += CacheTtl.PORTFOLIO
    await controller.fetch()
    expect(api.balance).toHaveBeenCalledTimes(2)
    expect(request).toHaveBeenCalledTimes(1)

    const unsupported = vi.fn(async () => Promise.reject(Object.assign(new Error('Method not supported'), { code: 4200 })))
    const second = setup({ wallet: { request: unsupported } as never })
    expect(symbols(await second.controller.fetch())).toEqual(['ETH', 'USDC'])
    expect(second.api.balance).toHaveBeenCalledTimes(1)
  })

  it('an answer for a network left meanwhile does not overwrite the shown list', async () => {
    const { controller, network, account } = setup()
    const job = controller.fetch()
    network.setActiveNetwork(arbitrum)
    await job
    expect(controller.store.getSnapshot().tokens).toEqual([])
  })

  it('parseWalletAssets skips unreadable entries and other chains', () => {
    expect(parseWalletAssets({ '0x1': [{ balance: 'zz', metadata: { symbol: 'X', decimals: 1 } }, null, { balance: '0x1' }], '0x2': [] }, mainnet)).toEqual([])
    expect(() => parseWalletAssets('nope', mainnet)).toThrow('wallet_getAssets')
  })
})
