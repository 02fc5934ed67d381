import { createToken, type ModalStateView, type WalletListing } from 'portico/plugin'
import type { WalletConnectConnector } from './connector.ts'

// The plugin's token and wallet lookup, shared by its entry and its lazily loaded views. They live outside index.ts
// so a view chunk does not import the host's entry chunk (which makes rolldown split shared modules out of it).

/** Resolves the plugin's connector (views and hosts use it; e.g. to read the pairing state). */
export const WalletConnectTokens = {
  Connector: createToken<WalletConnectConnector>('walletconnect.connector'),
} as const

/** The wallet listing with this id among the Connect list's featured, custom and recommended wallets. */
export function findWallet(from: { state: Pick<ModalStateView, 'connectors'> }, walletId: string): WalletListing | undefined {
  const { wallets } = from.state.connectors.getSnapshot()
  return [...wallets.custom, ...wallets.featured, ...wallets.recommended].find((w) => w.id === walletId)
}
