import type { CaipNetwork } from 'portico/plugin'

/** A chain as hosts describe it (the shape of viem's `Chain`, so viem chains can be passed as they are). */
export interface EvmChainInput {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  contracts?: Record<string, { address: string } | undefined>
  testnet?: boolean
  imageUrl?: string
}

/** Turns a chain description into a SPEC §3 Network. */
export function toCaipNetwork(chain: EvmChainInput): CaipNetwork {
  const contracts: Record<string, { address: string }> = {}
  for (const [name, c] of Object.entries(chain.contracts ?? {})) if (c?.address) contracts[name] = { address: c.address }
  return {
    id: chain.id,
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    blockExplorers: chain.blockExplorers,
    contracts,
    testnet: chain.testnet,
    assets: { imageId: NETWORK_IMAGE_IDS[chain.id], imageUrl: chain.imageUrl },
  }
}

/** SPEC §9: network image ids are mapped by chain id (the registry's asset ids). */
export const NETWORK_IMAGE_IDS: Record<number, string> = {
  1: 'ba0ba0cd-17c6-4806-ad93-f9d174f17900',
  42161: '3bff954d-5cb0-47a0-9a23-d20192e74600',
  43114: '30c46e53-e989-45fb-4549-be3bd4eb3b00',
}

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** SPEC §1 built-in EVM chains: Ethereum (the default), Arbitrum One, Avalanche. */
export const BUILTIN_EVM_CHAINS: readonly EvmChainInput[] = [
  {
    id: 1,
    name: 'Ethereum',
    nativeCurrency: ETH,
    rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
    blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
    contracts: { multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11' } },
  },
  {
    id: 42161,
    name: 'Arbitrum One',
    nativeCurrency: ETH,
    rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
    blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
    contracts: { multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11' } },
  },
  {
    id: 43114,
    name: 'Avalanche',
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
    blockExplorers: { default: { name: 'SnowTrace', url: 'https://snowtrace.io' } },
    contracts: { multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11' } },
  },
]
