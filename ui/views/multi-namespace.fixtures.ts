import { definePlugin, type CaipNetwork, type ConnectResult } from '../../kernel/index.ts'
import { sampleIcon } from '../../storybook/fixtures.ts'

/** A base58 Solana address for stories and tests (offline). */
export const sampleSolanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

export const storySolanaNetwork: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}

/**
 * A solana namespace for stories and view tests: one network, a fixed balance, and the Solana side of "Portico Dev
 * Wallet" (same name as the story chain's EVM connector, so the two are one multi-namespace wallet).
 */
export function storySolanaChain(behaviour: 'approve' | 'pending' = 'approve', opts: { connected?: boolean } = {}) {
  return definePlugin({
    id: 'story-solana',
    kind: 'chain',
    portico: '1.x',
    namespace: 'solana',
    setup(ctx) {
      ctx.registerChain({
        namespace: 'solana',
        networks: [storySolanaNetwork],
        isAddress: (a) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a),
        getBalance: async () => ({ balance: '12.5', symbol: 'SOL' }),
      })
      const result: ConnectResult = {
        accounts: [{ namespace: 'solana', address: sampleSolanaAddress, type: 'eoa', publicKey: sampleSolanaAddress }],
        caipNetworkId: storySolanaNetwork.caipNetworkId,
      }
      ctx.registerConnector(() => ({
        id: 'wallet-standard:Portico Dev Wallet',
        name: 'Portico Dev Wallet',
        type: 'ANNOUNCED',
        chain: 'solana',
        imageUrl: sampleIcon('#e2761b', 'P'),
        connect: () => (behaviour === 'approve' ? Promise.resolve(result) : new Promise<ConnectResult>(() => undefined)),
        reconnect: () => Promise.resolve(undefined),
        disconnect: () => Promise.resolve(),
      }))
    },
    async activate(ctx) {
      if (opts.connected) await ctx.connection.connect('wallet-standard:Portico Dev Wallet', 'solana')
    },
  })
}
