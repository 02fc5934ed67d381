import { describeChainPluginConformance } from 'portico/testing/conformance'
import { createBitcoinDevWallet } from 'portico/testing'
import { bip122, fromSatsConnect, fromWalletStandard } from './index.ts'

// [7] The built-in networks (mainnet and testnet, SPEC §1) with the dev wallet on testnet, through each interface.
describeChainPluginConformance('bip122 (Wallet Standard)', {
  create: () => bip122({ wallets: [fromWalletStandard(createBitcoinDevWallet({ network: 'testnet', autoApprove: true }).standardWallet)] }),
  connectableWallet: async () => 'bip122:ws:Portico Dev Wallet',
})

describeChainPluginConformance('bip122 (sats-connect)', {
  create: () =>
    bip122({
      wallets: [fromSatsConnect({ id: 'dev', name: 'Portico Dev Wallet', provider: createBitcoinDevWallet({ network: 'testnet', autoApprove: true }).satsConnectProvider })],
    }),
  connectableWallet: async () => 'bip122:sats:dev',
})
