import { afterAll, beforeAll, describe } from 'vitest'
import { describeChainPluginBehaviour, describeChainPluginConformance } from 'portico/testing/conformance'
import { createDevWalletDriver, createPolkadotDevWallet } from 'portico/testing'
import { nodeJsonRpc } from '../../stack/chain/rpc.ts'
import { startPolkadotChain, type PolkadotChain } from '../../stack/polkadot/index.ts'
import { polkadot } from './index.ts'

// The dev wallet from portico/testing stands in for an extension; ss58Prefix is given, so no chain is contacted.
describeChainPluginConformance('polkadot', {
  create: () =>
    polkadot({
      chain: { wsUrl: 'ws://127.0.0.1:1', caipNetworkId: 'polkadot:45454545454545454545454545454545', name: 'Local', ss58Prefix: 2 },
      injectedWeb3: () => ({ 'portico-dev-wallet': createPolkadotDevWallet({ autoApprove: true }) }),
    }),
  connectableWallet: async () => 'polkadot:portico-dev-wallet',
})

// Issue 24 item 2: the behaviours against the local chain (chopsticks), whose storage the test sets for balances. It
// starts after the checks above, whose leak tracking would otherwise see the start-up's HTTP keep-alive timers.
describe('polkadot on the local chain', () => {
  let chain: PolkadotChain
  beforeAll(async () => {
    chain = await startPolkadotChain()
  }, 240_000)
  afterAll(() => chain?.stop())

  describeChainPluginBehaviour('polkadot', {
    create: () => {
      const driver = createDevWalletDriver('polkadot', {
        connectorId: 'polkadot:portico-dev-wallet',
        // The wallet reports addresses with the chain's SS58 prefix, as the plugin shows them.
        wallets: { chains: { polkadot: { ss58Format: 2 } } },
        async setBalance(address, amount) {
          await nodeJsonRpc(chain.httpUrl, 'dev_setStorage', [{ System: { Account: [[[address], { providers: 1, data: { free: amount.toString() } }]] } }])
        },
      })
      const wallet = driver.wallets.polkadot!
      return {
        plugin: polkadot({
          chain: { wsUrl: chain.wsUrl, caipNetworkId: chain.caipNetworkId, name: 'Portico Polkadot', symbol: 'ROC', decimals: 12, ss58Prefix: 2 },
          injectedWeb3: () => ({ 'portico-dev-wallet': wallet }),
        }),
        driver,
      }
    },
    timeoutMs: 30_000,
  })
})
