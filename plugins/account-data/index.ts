export * from './clients/index.ts'
export { AnalyticsController, type AnalyticsControllerDeps } from './analytics.ts'
export { BackendStatus, BackendUnreachableError, type BackendName } from './backend-status.ts'
export { IdentityController, type IdentityCache, type IdentityControllerDeps } from './identity.ts'
export {
  TokenBalanceController,
  NetworkSupport,
  BALANCE_RETRY_GAP_MS,
  isTokenBalanceList,
  parseWalletAssets,
  supportsAssetDiscovery,
  tokenBalanceCacheKey,
  type TokenBalanceCache,
  type TokenBalanceControllerDeps,
  type TokenBalanceState,
} from './token-balance.ts'
export {
  TransactionsController,
  groupTransactionsByMonth,
  isSpamTransaction,
  keepShownTransactions,
  ownedNfts,
  signForOperation,
  type OwnedNft,
  type TransactionMonth,
  type TransactionsControllerDeps,
  type TransactionsState,
} from './transactions.ts'
export {
  WalletsController,
  WalletPaging,
  MOBILE_LINK_EXCEPTIONS,
  filterMobileWallets,
  filterUniversalProviderWallets,
  filterWalletsByNamespaces,
  type WalletsControllerDeps,
  type WalletsState,
} from './wallets.ts'
export { AccountDataTokens } from './tokens.ts'
export type { AccountDataOptions } from './plugin.ts'

import { deferPlugin } from 'portico/plugin'
import { AccountDataTokens } from './tokens.ts'
import type { AccountDataOptions } from './plugin.ts'

/**
 * The account data feature plugin (balances, history, identity, registry wallets, analytics). Its registration,
 * controllers, API clients and views load outside the host's first chunk, so composing it costs a host's initial
 * load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), accountData()] })
 */
export function accountData(pluginOptions: AccountDataOptions = {}) {
  return deferPlugin(
    // Provided when the modal has a projectId (without one the plugin registers nothing).
    { id: 'account-data', kind: 'feature', portico: '1.x', provides: Object.values(AccountDataTokens) },
    () => import('./plugin.ts').then((m) => m.accountData(pluginOptions)),
  )
}
