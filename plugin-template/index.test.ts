import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, KernelTokens } from '../kernel/index.ts'
import { describeChainPluginConformance } from '../tests/conformance/chain-plugin.ts'
import { exampleChain, type ExampleWallet } from './index.ts'

// [6]
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
    await modal.get(KernelTokens.Connection).connect('example-cosmos:Example Keplr', 'cosmos')
    const signature: string = await modal.request('cosmos:signArbitrary', { message: 'hi' })
    expect(signature).toBe('signed:cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu:hi')
    modal.destroy()
  })
})
