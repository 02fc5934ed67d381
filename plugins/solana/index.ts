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

import { deferPlugin } from 'portico/plugin'
import { SendTokens } from 'portico/plugins/send'
import { clusterReference } from './cluster.ts'
import type { SolanaOptions } from './plugin.ts'

/**
 * The solana chain plugin. Its code (discovery, connectors, RPC methods) loads in its own chunk and @solana/web3.js
 * on first use, so composing it costs a host's initial load only this definition.
 * @example createModal({ plugins: [eip155(), solana({ cluster: { rpcUrl: 'http://127.0.0.1:8899', caipNetworkId } })] })
 */
export function solana(options: SolanaOptions = {}) {
  // Bad options throw here, before any modal exists, as they did before the code was split.
  if (options.cluster) clusterReference(options.cluster.caipNetworkId)
  if (!options.cluster && options.builtinNetworks === false && !options.networks?.length) {
    throw new Error('solana(): no networks (builtinNetworks is false and no cluster or networks were given)')
  }
  return deferPlugin(
    { id: 'solana', kind: 'chain', namespace: 'solana', portico: '1.x', optional: [SendTokens.Senders] },
    () => import('./plugin.ts').then((m) => m.solana(options)),
  )
}
