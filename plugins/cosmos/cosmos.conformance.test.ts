import { afterAll, beforeAll } from 'vitest'
import { describeChainPluginConformance } from 'portico/testing/conformance'
import { installCosmosDevWallet } from 'portico/testing'
import { startCosmosLedger, type CosmosLedger } from '../../stack/cosmos/index.ts'
import { cosmos } from './index.ts'

// [7] The kit against the plugin with the Keplr-style dev wallet on a window of its own and the local ledger.
let ledger: CosmosLedger
beforeAll(async () => {
  ledger = await startCosmosLedger()
})
afterAll(() => ledger?.stop())

const plugin = () => {
  const win = new EventTarget() as EventTarget & Window
  installCosmosDevWallet(win, { chains: [{ chainId: 'portico-local-1', rpcUrl: ledger.rpcUrl }], autoApprove: true, storage: null })
  return cosmos({
    networks: [{ chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: ledger.rpcUrl, denom: 'ustake', symbol: 'STAKE', gasPrice: '0.0025ustake' }],
    wallets: [{ id: 'keplr', name: 'Keplr', global: 'keplr' }],
    window: win,
  })
}

describeChainPluginConformance('cosmos', {
  create: plugin,
  connectableWallet: async () => 'cosmos:keplr',
})
