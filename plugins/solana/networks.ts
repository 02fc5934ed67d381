import type { CaipNetwork } from 'portico/plugin'
import { clusterReference } from './cluster.ts'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const EXPLORER = { name: 'Solana Explorer', url: 'https://explorer.solana.com' } as const

/** SPEC §1 built-in Solana mainnet (CAIP-30: the first 32 characters of the genesis hash). */
export const SOLANA_MAINNET: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: EXPLORER },
  assets: { imageId: 'a1b58899-f671-4276-6a5e-56ca5bd59700' },
}

/** SPEC §1 built-in Solana devnet. */
export const SOLANA_DEVNET: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: EXPLORER },
  testnet: true,
  assets: { imageId: 'a1b58899-f671-4276-6a5e-56ca5bd59700' },
}

/** SPEC §1 built-in Solana networks, mainnet first. */
export const BUILTIN_SOLANA_NETWORKS: readonly CaipNetwork[] = [SOLANA_MAINNET, SOLANA_DEVNET]

/** A cluster the host runs (e.g. the local stack/solana) or any other Solana RPC endpoint. */
export interface SolanaClusterInput {
  /** CAIP-2 id, `solana:` + the first 32 characters of the genesis hash. */
  caipNetworkId: string
  rpcUrl: string
  /** PubSub endpoint; web3.js uses the RPC port + 1 when absent. */
  wsUrl?: string
  /** @default 'Solana Local' */
  name?: string
  /** @default true */
  testnet?: boolean
  explorerUrl?: string
}

/** Turns a host cluster into a SPEC §3 Network; a malformed CAIP-2 id throws. */
export function toSolanaNetwork(cluster: SolanaClusterInput): CaipNetwork {
  return {
    id: clusterReference(cluster.caipNetworkId),
    caipNetworkId: cluster.caipNetworkId as CaipNetwork['caipNetworkId'],
    chainNamespace: 'solana',
    name: cluster.name ?? 'Solana Local',
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [cluster.rpcUrl] } },
    blockExplorers: cluster.explorerUrl ? { default: { name: 'Explorer', url: cluster.explorerUrl } } : undefined,
    testnet: cluster.testnet ?? true,
  }
}
