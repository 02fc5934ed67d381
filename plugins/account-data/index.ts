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

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { accountData } from './definition.ts'
