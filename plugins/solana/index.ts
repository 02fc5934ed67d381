/**
 * portico/plugins/solana: so far the solana namespace and its SPEC §5 address check, which the kernel consults through
 * the chain adapter. The chain plugin itself (Wallet Standard discovery, connect, balances, signing) comes with the
 * Solana issue.
 */
export { isSolanaAddress } from './address.ts'

declare module 'portico' {
  interface ChainNamespaces {
    /** Solana clusters (CAIP-30). */
    solana: true
  }
}
