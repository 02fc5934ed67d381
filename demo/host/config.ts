/** What the demo host learns about the local stack (served as /stack-config.js by the demo server). */
export interface StackConfig {
  projectId: string
  chains: Array<{ chainId: number; name: string; rpcUrl: string }>
  apiUrl?: string
  relayUrl?: string
  walletUrl?: string
  /** The registry id of the demo wallet, so the host's custom entry and the registry listing are one row. */
  demoWalletId?: string
  /** The local chains of the other namespaces (stack/local-chains.ts), when the stack runs them. */
  solana?: { rpcUrl: string; wsUrl: string; caipNetworkId: string; tokens?: Record<string, { name: string; symbol: string }> }
  bitcoin?: { url: string; caipNetworkId: string }
  cosmos?: { rpcUrl: string; chainId: string; caipNetworkId: string }
  /** The local chopsticks chain (stack/polkadot). */
  polkadot?: { wsUrl: string; caipNetworkId: string }
  /** The secure site of the embedded wallet (stack/secure-site): email and social login. */
  secureSiteUrl?: string
}

declare global {
  interface Window {
    __PORTICO_STACK__?: StackConfig
  }
}

/** The stack config, or a default pointing at the demo's fixed ports. */
export function stackConfig(): StackConfig {
  return (
    window.__PORTICO_STACK__ ?? {
      projectId: 'portico-demo',
      chains: [
        { chainId: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:8545' },
        { chainId: 31338, name: 'Portico Local 2', rpcUrl: 'http://127.0.0.1:8546' },
      ],
    }
  )
}
