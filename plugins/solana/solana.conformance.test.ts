// @vitest-environment happy-dom
import { getWallets } from '@wallet-standard/app'
import { afterAll, beforeAll } from 'vitest'
import { installSolanaDevWallet, type InstalledSolanaDevWallet } from 'portico/testing'
import { describeChainPluginConformance } from 'portico/testing/conformance'
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
