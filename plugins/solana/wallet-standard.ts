import type { Wallet, WalletAccount } from '@wallet-standard/base'

/**
 * The Wallet Standard features this plugin uses, typed here (the feature packages are not dependencies). Names and
 * shapes follow @wallet-standard/features and @solana/wallet-standard-features.
 */
export interface StandardConnectFeature {
  'standard:connect': { version: string; connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
}
export interface StandardDisconnectFeature {
  'standard:disconnect': { version: string; disconnect(): Promise<void> }
}
export interface StandardEventsChange {
  accounts?: readonly WalletAccount[]
  chains?: readonly string[]
  features?: Record<string, unknown>
}
export interface StandardEventsFeature {
  'standard:events': { version: string; on(event: 'change', listener: (properties: StandardEventsChange) => void): () => void }
}
export interface SolanaSignMessageFeature {
  'solana:signMessage': {
    version: string
    signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}
export interface SolanaSignTransactionFeature {
  'solana:signTransaction': {
    version: string
    supportedTransactionVersions?: readonly (number | 'legacy')[]
    signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]): Promise<readonly { signedTransaction: Uint8Array }[]>
  }
}
export interface SolanaSignAndSendTransactionFeature {
  'solana:signAndSendTransaction': {
    version: string
    supportedTransactionVersions?: readonly (number | 'legacy')[]
    signAndSendTransaction(
      ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: SolanaSendOptions }[]
    ): Promise<readonly { signature: Uint8Array }[]>
  }
}
export interface SolanaSendOptions {
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  minContextSlot?: number
  mode?: 'serial' | 'parallel'
  commitment?: 'processed' | 'confirmed' | 'finalized'
  skipPreflight?: boolean
  maxRetries?: number
}

export type SolanaWalletFeatures = StandardConnectFeature &
  Partial<StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature>

/** A Wallet Standard wallet that can connect Solana accounts. */
export type SolanaStandardWallet = Wallet & { readonly features: SolanaWalletFeatures }

/** The Wallet Standard chain ids of Solana (the wallet side names clusters, not genesis hashes). */
export const SOLANA_STANDARD_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const

/** True when the wallet offers standard:connect and a Solana chain (a `solana:` chain or a `solana:` feature). */
export function isSolanaWallet(wallet: Wallet): wallet is SolanaStandardWallet {
  const features = wallet.features as Record<string, unknown>
  if (!features || typeof (features['standard:connect'] as { connect?: unknown } | undefined)?.connect !== 'function') return false
  const chains = Array.isArray(wallet.chains) ? wallet.chains : []
  return chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) || Object.keys(features).some((f) => f.startsWith('solana:'))
}

/** Maps a CAIP-2 network to the Wallet Standard chain a wallet understands. */
export function standardChainOf(caipNetworkId: string | undefined, known: { mainnet: string; devnet: string }): string {
  if (caipNetworkId === known.mainnet) return 'solana:mainnet'
  if (caipNetworkId === known.devnet) return 'solana:devnet'
  return 'solana:localnet'
}
