import { definePlugin, type WalletListing } from '../../kernel/index.ts'
import { sampleIcon } from '../../storybook/fixtures.ts'

const listing = (id: string, name: string, color: string): WalletListing => ({ id, name, rdns: null, image_url: sampleIcon(color, name.slice(0, 1)) })

/**
 * A wallet registry behind the Connect list, as the account-data plugin serves it: featured and recommended
 * wallets after the installed one, and All Wallets with how many wallets the registry holds (`total`).
 */
export function storyRegistry(total = 437) {
  return definePlugin({
    id: 'story-registry',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      ctx.registerView('AllWallets', async () => ({ default: () => null }))
      ctx.registerWallets('featured', [listing('featured-1', 'Beacon Wallet', '#2563eb')], { total: 1 })
      ctx.registerWallets('recommended', [listing('rec-1', 'Lantern', '#d97706'), listing('rec-2', 'Meridian Wallet', '#7c3aed')], { total: total - 1 })
    },
  })
}
