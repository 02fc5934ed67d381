import { definePlugin, type ConnectResult } from '../../kernel/index.ts'
import { sampleIcon } from '../../storybook/fixtures.ts'

/** The address of the second eip155 wallet (dev account 2), another than the story chain's wallets show. */
export const secondWalletAddress = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/**
 * A second eip155 wallet for stories and view tests, "Portico Dev Wallet 2" with its own account: with the story
 * chain's connected wallet, two wallets in one namespace. `connected` connects it when the modal starts.
 */
export function storySecondWallet(opts: { connected?: boolean } = {}) {
  const result: ConnectResult = { accounts: [{ namespace: 'eip155', address: secondWalletAddress, type: 'eoa' }], caipNetworkId: 'eip155:31337' }
  return definePlugin({
    id: 'story-second-wallet',
    kind: 'connector',
    portico: '1.x',
    setup(ctx) {
      ctx.registerConnector(() => ({
        id: 'dev.portico.wallet2',
        name: 'Portico Dev Wallet 2',
        type: 'ANNOUNCED',
        chain: 'eip155',
        imageUrl: sampleIcon('#7c3aed', '2'),
        info: { rdns: 'dev.portico.wallet2' },
        connect: () => Promise.resolve(result),
        reconnect: () => Promise.resolve(result),
        disconnect: () => Promise.resolve(),
        switchNetwork: () => Promise.resolve(),
      }))
    },
    async activate(ctx) {
      if (opts.connected) await ctx.connection.connect('dev.portico.wallet2')
    },
  })
}
