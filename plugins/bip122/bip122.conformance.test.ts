import { afterAll, beforeAll } from 'vitest'
import { describeChainPluginBehaviour, describeChainPluginConformance } from 'portico/testing/conformance'
import { createBitcoinDevWallet, createDevWalletDriver } from 'portico/testing'
import { startBitcoinRegtest, type BitcoinRegtest } from '../../stack/bitcoin/index.ts'
import { Faucet } from '../../stack/bitcoin/faucet.ts'
import { addressScript } from '../../stack/bitcoin/script-info.ts'
import { bip122, bitcoinRegtest, fromSatsConnect, fromWalletStandard } from './index.ts'

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

// Issue 24 item 2: the behaviours, on the regtest ledger behind Esplora, with a dev wallet whose accounts come from a
// seed (unfunded: the faucet pays the balance the test sets).
let regtest: BitcoinRegtest
beforeAll(async () => {
  regtest = await startBitcoinRegtest()
})
afterAll(() => regtest?.stop())

describeChainPluginBehaviour('bip122', {
  create: () => {
    const driver = createDevWalletDriver('bip122', {
      connectorId: 'bip122:ws:Portico Dev Wallet',
      wallets: { seed: 'bip122 behaviour', chains: { bip122: { network: 'regtest', esploraUrl: regtest.url } } },
      setBalance(address, amount) {
        const script = addressScript(address)!
        const current = regtest.ledger.utxosOfScript(script).reduce((sum, u) => sum + u.value, 0n)
        if (amount < current) throw new Error(`cannot lower ${address}'s balance with the faucet`)
        if (amount > current) new Faucet(regtest.ledger).pay([{ script, sats: Number(amount - current) }])
      },
    })
    const wallet = fromWalletStandard(driver.wallets.bip122!.standardWallet)
    return { plugin: bip122({ networks: [bitcoinRegtest(regtest.url)], builtinNetworks: false, wallets: [wallet] }), driver }
  },
})
