import { describeChainPluginConformance } from 'portico/testing/conformance'
import { createPolkadotDevWallet } from 'portico/testing'
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
