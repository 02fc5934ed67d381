import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountDataTokens } from './tokens.ts'
import { accountData } from './index.ts'
import { startApiServer, type ApiServer } from '../../stack/api/index.ts'
import { tempDataDir } from '../../stack/api/api-test-client.ts'
import { createModal } from 'portico'
import { definePlugin } from 'portico'
import { createMemoryAdapter } from 'portico'
import { englishText } from 'portico'
import { recordRegistrations } from '../../tests/probe-plugin.ts'
import { ADDRESS, arbitrum, mainnet } from './account-data.fixtures.ts'
import type { Connector } from 'portico'

let api: ApiServer
const data = tempDataDir('account-data-wiring')
beforeAll(async () => {
  api = await startApiServer({ dataDir: data.dir, chains: [] })
})
afterAll(async () => {
  await api?.stop()
  data.remove()
})

const connector: Connector = {
  id: 'test-wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.portico.wallet' },
  connect: async () => ({ accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
  disconnect: async () => undefined,
}
const chain = definePlugin({
  id: 'test-chain', kind: 'chain', portico: '1.x', namespace: 'eip155',
  setup(ctx) {
    ctx.registerChain({ namespace: 'eip155', networks: [mainnet, arbitrum], isAddress: () => true })
    ctx.registerConnector(() => connector)
  },
})

async function events(projectId: string, event: string): Promise<Array<{ props: { properties: Record<string, unknown> } }>> {
  const res = await fetch(`${api.url}/e?event=${event}`, { headers: { authorization: `Bearer ${api.adminToken}` } })
  return ((await res.json()) as { data: Array<{ projectId: string; props: { properties: Record<string, unknown> } }> }).data.filter((e) => e.projectId === projectId)
}

function modalFor(projectId: string, analytics: boolean) {
  const endpoints = { registry: api.url, blockchainApi: api.url, analytics: api.url }
  return createModal({ projectId, storage: createMemoryAdapter(), plugins: [chain, accountData()], endpoints, features: { analytics }, isMobile: () => false })
}

describe('the account-data plugin needs a projectId', () => {
  it('SPEC §7: without a projectId no backend client exists (no call can be made); with one they are provided', async () => {
    const bare = createModal({ storage: createMemoryAdapter(), plugins: [accountData()] })
    await bare.ready
    expect(bare.has(AccountDataTokens.Registry)).toBe(false)
    expect(bare.has(AccountDataTokens.TokenBalance)).toBe(false)
    expect(bare.views.has('AllWallets')).toBe(false)
    const observed = recordRegistrations(accountData())
    const withId = createModal({ storage: createMemoryAdapter(), plugins: [observed.plugin], projectId: 'p', endpoints: { registry: 'http://127.0.0.1:9', blockchainApi: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9' } })
    await withId.ready
    expect(withId.has(AccountDataTokens.Registry)).toBe(true)
    expect(withId.views.has('AllWallets')).toBe(true)
    expect(observed.registered.tabs.map((t) => englishText(t.label))).toEqual(['Tokens', 'NFTs', 'Activity'])
    bare.destroy()
    withId.destroy()
  })

  it("the host's features.history: false leaves the Activity tab out (docs/OPTIONS.md)", async () => {
    const observed = recordRegistrations(accountData())
    const modal = createModal({ storage: createMemoryAdapter(), plugins: [observed.plugin], projectId: 'p', features: { history: false }, endpoints: { registry: 'http://127.0.0.1:9', blockchainApi: 'http://127.0.0.1:9', analytics: 'http://127.0.0.1:9' } })
    await modal.ready
    expect(observed.registered.tabs.map((t) => englishText(t.label))).toEqual(['Tokens', 'NFTs'])
    modal.destroy()
  })
})

describe('createModal provides the SPEC §7 clients and the account-data controllers', () => {
  it('SPEC §7 CONNECT_SUCCESS and SWITCH_NETWORK reach POST /e when analytics is on; identity and wallets use the endpoints', async () => {
    const modal = modalFor('wiring-on', true)
    await modal.ready
    await modal.connection.connect('test-wallet')
    await modal.connection.switchNetwork(arbitrum)
    await expect.poll(() => events('wiring-on', 'CONNECT_SUCCESS')).toHaveLength(1)
    expect((await events('wiring-on', 'CONNECT_SUCCESS'))[0]!.props.properties).toMatchObject({ name: 'Test Wallet', method: 'browser' })
    await expect.poll(() => events('wiring-on', 'SWITCH_NETWORK')).toHaveLength(1)
    expect((await events('wiring-on', 'SWITCH_NETWORK'))[0]!.props.properties).toEqual({ network: 'eip155:42161' })

    // Identity was asked on connect (unknown address: no name); the registry answers the wallets.
    expect(await modal.get(AccountDataTokens.Identity).fetch('eip155')).toEqual({ name: null, avatar: null })
    modal.open({ view: 'AllWallets' })
    const wallets = modal.get(AccountDataTokens.Wallets)
    await wallets.fetchNextPage()
    expect(wallets.store.getSnapshot()).toMatchObject({ page: 1, count: 302 })
    expect(wallets.list()[0]).toMatchObject({ name: 'Portico Dev Wallet', installed: true })
    modal.destroy()
  })

  it('SPEC §7 nothing is sent to /e when the host leaves analytics off', async () => {
    const modal = modalFor('wiring-off', false)
    await modal.ready
    await modal.connection.connect('test-wallet')
    await modal.get(AccountDataTokens.Analytics).track('SEND_INITIATED', { token: 'USDC' })
    expect(await events('wiring-off', 'CONNECT_SUCCESS')).toEqual([])
    expect(await events('wiring-off', 'SEND_INITIATED')).toEqual([])
    modal.destroy()
  })

  it('destroy disposes the controllers with the modal', async () => {
    const modal = modalFor('wiring-destroy', true)
    await modal.ready
    const transactions = modal.get(AccountDataTokens.Transactions)
    let disposed = false
    const dispose = transactions.dispose.bind(transactions)
    transactions.dispose = () => {
      disposed = true
      dispose()
    }
    modal.destroy()
    expect(disposed).toBe(true)
    expect(() => modal.get(AccountDataTokens.Wallets)).toThrow('destroyed')
  })
})
