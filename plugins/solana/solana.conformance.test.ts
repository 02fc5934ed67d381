// @vitest-environment happy-dom
import { getWallets } from '@wallet-standard/app'
import { afterAll, beforeAll } from 'vitest'
import { createDevWalletDriver, installSolanaDevWallet, type InstalledSolanaDevWallet } from 'portico/testing'
import { describeChainPluginBehaviour, describeChainPluginConformance } from 'portico/testing/conformance'
import { nodeJsonRpc } from '../../stack/chain/rpc.ts'
import { startSolanaCluster, type SolanaCluster } from '../../stack/solana/index.ts'
import { solana } from './index.ts'

let cluster: SolanaCluster
let installed: InstalledSolanaDevWallet

beforeAll(async () => {
  cluster = await startSolanaCluster({ slotMs: 0 })
  // Wallet Standard's registry is page-global: create it (and its window listener) before any leak tracking.
  getWallets()
  installed = installSolanaDevWallet(window, { autoApprove: true, storage: null, rpcUrls: { 'solana:localnet': cluster.rpcUrl } })
})

afterAll(async () => {
  installed?.dispose()
  await cluster?.stop()
})

describeChainPluginConformance('solana', {
  create: () => solana({ cluster: { rpcUrl: cluster.rpcUrl, wsUrl: cluster.wsUrl, caipNetworkId: cluster.caipNetworkId } }),
  connectableWallet: async () => 'wallet-standard:Portico Dev Wallet',
})

// Issue 24 item 2: the behaviours, with a dev wallet of its own per check (unfunded accounts from a seed, so the
// balance the test sets by airdrop is the whole balance).
let behaviourWallet: { dispose(): void } | undefined
afterAll(() => behaviourWallet?.dispose())
describeChainPluginBehaviour('solana', {
  create: () => {
    behaviourWallet?.dispose()
    const driver = createDevWalletDriver('solana', {
      connectorId: 'wallet-standard:Behaviour Wallet',
      wallets: { seed: 'solana behaviour', name: 'Behaviour Wallet', chains: { solana: { 'solana:localnet': cluster.rpcUrl } } },
      async setBalance(address, amount) {
        const current = BigInt((await nodeJsonRpc(cluster.rpcUrl, 'getBalance', [address]) as { value: number }).value)
        if (amount < current) throw new Error(`cannot lower ${address}'s balance by airdrop`)
        if (amount > current) await nodeJsonRpc(cluster.rpcUrl, 'requestAirdrop', [address, Number(amount - current)])
      },
    })
    behaviourWallet = driver.wallets.install(window)
    return { plugin: solana({ cluster: { rpcUrl: cluster.rpcUrl, wsUrl: cluster.wsUrl, caipNetworkId: cluster.caipNetworkId } }), driver }
  },
})
