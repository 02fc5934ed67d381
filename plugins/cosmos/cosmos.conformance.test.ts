import { afterAll, beforeAll } from 'vitest'
import { describeChainPluginBehaviour, describeChainPluginConformance } from 'portico/testing/conformance'
import { createDevWalletDriver, installCosmosDevWallet } from 'portico/testing'
import { startCosmosLedger, type CosmosLedger } from '../../stack/cosmos/index.ts'
import { cosmos } from './index.ts'

// [7] The kit against the plugin with the Keplr-style dev wallet on a window of its own and the local ledger.
let ledger: CosmosLedger
beforeAll(async () => {
  ledger = await startCosmosLedger()
})
afterAll(() => ledger?.stop())

const withWindow = (win: Window) =>
  cosmos({
    networks: [{ chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: ledger.rpcUrl, denom: 'ustake', symbol: 'STAKE', gasPrice: '0.0025ustake' }],
    wallets: [{ id: 'keplr', name: 'Keplr', global: 'keplr' }],
    window: win,
  })
const plugin = () => {
  const win = new EventTarget() as EventTarget & Window
  installCosmosDevWallet(win, { chains: [{ chainId: 'portico-local-1', rpcUrl: ledger.rpcUrl }], autoApprove: true, storage: null })
  return withWindow(win)
}

describeChainPluginConformance('cosmos', {
  create: plugin,
  connectableWallet: async () => 'cosmos:keplr',
})

// Issue 24 item 2: the behaviours, with a dev wallet whose accounts come from a seed (unfunded: the ledger mints the
// balance the test sets).
describeChainPluginBehaviour('cosmos', {
  create: () => {
    const win = new EventTarget() as EventTarget & Window
    const driver = createDevWalletDriver('cosmos', {
      connectorId: 'cosmos:keplr',
      wallets: { seed: 'cosmos behaviour', window: win, chains: { cosmos: [{ chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: ledger.rpcUrl }] } },
      setBalance(address, amount) {
        const current = ledger.ledger.balance(address, 'ustake')
        if (amount < current) throw new Error(`cannot lower ${address}'s balance by minting`)
        ledger.ledger.mint(address, amount - current, 'ustake')
      },
    })
    driver.wallets.install(win)
    return { plugin: withWindow(win), driver }
  },
})
