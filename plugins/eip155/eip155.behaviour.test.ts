/**
 * Issue 24 item 2: the eip155 plugin passes the behaviour suite with the dev wallet of portico/testing (announced by
 * EIP-6963 on a window of its own) and a real anvil for balances.
 */
import { afterAll, beforeAll } from 'vitest'
import { createDevWalletDriver } from 'portico/testing'
import { describeChainPluginBehaviour } from 'portico/testing/conformance'
import { DEV_MNEMONIC } from '../../stack/chain/index.ts'
import { freePort, spawnAnvil, type AnvilProcess } from '../../stack/chain/anvil.ts'
import { nodeJsonRpc } from '../../stack/chain/rpc.ts'
import { eip155 } from './index.ts'

let anvil: AnvilProcess
beforeAll(async () => {
  anvil = await spawnAnvil({ chainId: 31337, port: await freePort(), mnemonic: DEV_MNEMONIC, accounts: 2 })
})
afterAll(() => anvil?.stop())

describeChainPluginBehaviour('eip155', {
  create: () => {
    const win = new EventTarget() as EventTarget & Window
    const driver = createDevWalletDriver('eip155', {
      connectorId: 'dev.portico.wallet',
      setBalance: (address, amount) => nodeJsonRpc(anvil.rpcUrl, 'anvil_setBalance', [address, `0x${amount.toString(16)}`]).then(() => undefined),
      wallets: { chains: { eip155: [{ chainId: 31337, name: 'Portico Local', rpcUrl: anvil.rpcUrl }] } },
    })
    driver.wallets.install(win)
    const network = { id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    return { plugin: eip155({ networks: [network], builtinNetworks: false, legacyInjected: false, window: win }), driver }
  },
})
