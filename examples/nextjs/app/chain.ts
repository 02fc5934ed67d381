import type { EvmChainInput } from 'portico/plugins/eip155'

/**
 * The example's chain: a local anvil by default; NEXT_PUBLIC_PORTICO_RPC_URL and NEXT_PUBLIC_PORTICO_CHAIN_ID (read at
 * build time) point it elsewhere. Any viem chain object fits here as well.
 */
export const chain: EvmChainInput = {
  id: Number(process.env.NEXT_PUBLIC_PORTICO_CHAIN_ID ?? 31337),
  name: process.env.NEXT_PUBLIC_PORTICO_CHAIN_NAME ?? 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [process.env.NEXT_PUBLIC_PORTICO_RPC_URL ?? 'http://127.0.0.1:8545'] } },
  testnet: true,
}
