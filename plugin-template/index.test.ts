import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { describeChainPluginConformance } from 'portico/testing/conformance'
import { exampleChain, type ExampleWallet } from './index.ts'

// [7]
const wallet: ExampleWallet = {
  name: 'Example Keplr',
  enable: async () => ({ address: 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu' }),
  signArbitrary: async (_chain, address, message) => `signed:${address}:${message}`,
}

describeChainPluginConformance('plugin-template', {
  create: () => exampleChain({ wallet }),
  connectableWallet: async () => 'example-cosmos:Example Keplr',
})

describe('plugin-template RPC', () => {
  it('signs through the connected wallet, typed by the RpcSchema it declares', async () => {
    const modal = createModal({ plugins: [exampleChain({ wallet })], storage: createMemoryAdapter() })
    await modal.ready
    modal.open()
    const connectorId = 'example-cosmos:Example Keplr'
    const { accounts } = await modal.connection.connect(connectorId, 'cosmos')
    expect(accounts[0]?.address).toBe('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')
    const signature: string = await modal.request('cosmos:signArbitrary', { message: 'hi' })
    expect(signature).toBe('signed:cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu:hi')
    modal.destroy()
  })

  it('reports the wallet switching accounts to the modal', async () => {
    let notify: ((addresses: string[]) => void) | undefined
    const listening: ExampleWallet = { ...wallet, onAccountsChanged: (fn) => ((notify = fn), () => (notify = undefined)) }
    const modal = createModal({ plugins: [exampleChain({ wallet: listening })], storage: createMemoryAdapter() })
    await modal.ready
    await modal.connection.connect('example-cosmos:Example Keplr', 'cosmos')
    notify?.(['cosmos1zg69v7yszg69v7yszg69v7yszg69v7ys8xdv96'])
    expect(modal.state.accounts.getSnapshot().byNamespace.cosmos?.address).toBe('cosmos1zg69v7yszg69v7yszg69v7yszg69v7ys8xdv96')
    modal.destroy()
    expect(notify).toBeUndefined()
  })
})
