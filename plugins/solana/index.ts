/**
 * portico/plugins/solana: the solana chain plugin. Wallet Standard discovery (`@wallet-standard/app`), the SPEC §1
 * built-in Solana mainnet and devnet plus a host-given cluster, connect / silent reconnect / disconnect, SOL and SPL
 * balances over @solana/web3.js (loaded on first use), message and transaction signing, the Solana RPC methods in
 * the typed RpcSchema, and the SPEC §5 Solana address check.
 * @example createModal({ plugins: [solana({ cluster: { rpcUrl, caipNetworkId } })] })
 */
export { isSolanaAddress } from './address.ts'
export type { SolanaModalProvider } from './modal-provider.ts'
export { SOLANA_MOBILE_REDIRECTS, solanaMobileRedirect } from './mobile-redirect.ts'
export { BUILTIN_SOLANA_NETWORKS, SOLANA_DEVNET, SOLANA_MAINNET, toSolanaNetwork, type SolanaClusterInput } from './networks.ts'
export { WalletStandardConnector, walletStandardConnectorId, firstSignature } from './connector.ts'
export { isSolanaWallet, SOLANA_STANDARD_CHAINS, type SolanaStandardWallet, type SolanaSendOptions } from './wallet-standard.ts'
export { solanaSender, solanaTransferTransaction, type SolanaSender, type SolanaSenderDeps, type SolanaSendRequest } from './send.ts'
export { splTokenBalances, TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, type SplTokenBalance, type SplTokenInfo } from './rpc.ts'
export type { SolanaRequest, SolanaOptions } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { solana } from './definition.ts'
