import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { definePlugin, type PluginContext } from 'portico/plugin'
import { describeChainPluginBehaviour, describeChainPluginConformance } from 'portico/testing/conformance'
import { createFakeExampleWallet } from './fake-wallet.ts'
import { exampleChain } from './index.ts'

// [7] The structure checks, then the behaviours against the fake wallet through its driver.
let fake = createFakeExampleWallet()
describeChainPluginConformance('example', {
  create: () => {
    fake = createFakeExampleWallet()
    return exampleChain({ wallet: fake.wallet, balanceOf: fake.balanceOf })
  },
  connectableWallet: async () => {
    fake.driver.approveNext()
    return fake.driver.connectorId
  },
})

describeChainPluginBehaviour('example', {
  create: () => {
    const fake = createFakeExampleWallet()
    return { plugin: exampleChain({ wallet: fake.wallet, balanceOf: fake.balanceOf }), driver: fake.driver }
  },
})

const ADDRESS = `ex1${'1'.repeat(38)}`

describe('example RPC', () => {
  it('signs through the connected wallet, typed by the RpcSchema it declares', async () => {
    const fake = createFakeExampleWallet()
    const modal = createModal({ plugins: [exampleChain({ wallet: fake.wallet })], storage: createMemoryAdapter() })
    await modal.ready
    fake.driver.approveNext()
    const { accounts } = await modal.connection.connect(fake.driver.connectorId, 'example')
    expect(accounts[0]?.address).toBe(ADDRESS)
    fake.driver.approveNext()
    const signature: string = await modal.request('example:signMessage', { message: 'hi' })
    expect(signature).toBe(`signed:${ADDRESS}:hi`)
    modal.destroy()
  })
})

describe('reading state without KernelTokens', () => {
  it('reads modal.state as a host does and acts as a plugin through a probe', async () => {
    const fake = createFakeExampleWallet()
    fake.driver.setBalance(ADDRESS, 10_000_000n)
    let probe!: PluginContext
    const modal = createModal({
      storage: createMemoryAdapter(),
      plugins: [exampleChain({ wallet: fake.wallet, balanceOf: fake.balanceOf }), definePlugin({ id: 'probe', kind: 'feature', portico: '1.x', setup: (ctx) => void (probe = ctx) })],
    })
    await modal.ready
    fake.driver.approveNext()
    await modal.connection.connect(fake.driver.connectorId, 'example')
    await probe.balance.refresh('example', { force: true })
    expect(modal.state.accounts.getSnapshot().byNamespace.example?.balance).toBe('10')
    expect(modal.state.modal.getSnapshot().open).toBe(false)
    expect(modal.state.snackbar.getSnapshot().message).toBe('')
    modal.destroy()
  })
})
