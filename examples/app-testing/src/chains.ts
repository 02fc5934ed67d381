import type { EvmChainInput } from 'portico/plugins/eip155'

/** A chain as the app configures it. */
export type AppChain = { id: number; name: string; rpcUrl: string }

/**
 * The app's chains: from VITE_APP_CHAINS (JSON, set by the browser test to the dev chains it starts), otherwise two
 * local anvil chains on their default ports.
 */
export const appChains: AppChain[] = import.meta.env.VITE_APP_CHAINS
  ? (JSON.parse(import.meta.env.VITE_APP_CHAINS) as AppChain[])
  : [
      { id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:8545' },
      { id: 31338, name: 'Portico Local 2', rpcUrl: 'http://127.0.0.1:8546' },
    ]

export function toEvmChain(chain: AppChain): EvmChainInput {
  return {
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  }
}
