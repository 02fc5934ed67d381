import { definePlugin, type Connector, type ConnectResult } from '../../kernel/index.ts'

/** The account the view tests' wallet connects (anvil's account 1). */
export const DEV_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export const devNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
} as const

/**
 * An eip155 chain for view tests: one network with a fixed balance (1234.56789 ETH) and an installed "Dev Wallet"
 * that approves with DEV_ADDRESS, or refuses with `refuse`.
 */
export function devChain(opts: { refuse?: Error } = {}) {
  const wallet: Connector = {
    id: 'dev',
    name: 'Dev Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    connect: (): Promise<ConnectResult> =>
      opts.refuse
        ? Promise.reject(opts.refuse)
        : Promise.resolve({ accounts: [{ namespace: 'eip155', address: DEV_ADDRESS, type: 'eoa' }], caipNetworkId: devNetwork.caipNetworkId }),
    reconnect: async () => undefined,
    disconnect: async () => undefined,
    switchNetwork: async () => undefined,
  }
  return definePlugin({
    id: 'dev-chain',
    kind: 'chain',
    portico: '1.x',
    namespace: 'eip155',
    setup(ctx) {
      ctx.registerChain({ namespace: 'eip155', networks: [devNetwork], isAddress: () => true, getBalance: async () => ({ balance: '1234.56789', symbol: 'ETH' }) })
      ctx.registerConnector(() => wallet)
    },
  })
}
