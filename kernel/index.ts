/**
 * portico: the framework-free kernel. No React, no plugin import.
 * @example const modal = createModal({ plugins: [eip155({ networks })], projectId })
 */

export * from './plugin/contract.ts'
export { ViewRegistry, RpcRegistry } from './plugin/registries.ts'
export { createModal, type Modal } from './modal.ts'
export { KernelTokens } from './tokens.ts'
export { ModalEventBus } from './events/bus.ts'
export { RouterStack, type RouterStackDeps } from './router/router-stack.ts'
export { Store } from './state/store.ts'
export * from './state/types.ts'
export { AccountController, emptyAccountState } from './state/account.ts'
export { BalanceController, type BalanceCache } from './state/balance.ts'
export { ChainRegistry, type ChainAdapter } from './state/chains.ts'
export { ConnectionController, DISCONNECT_WAIT_MS, type ConnectionState } from './state/connection.ts'
export {
  ConnectorController,
  CONNECTOR_GROUPS,
  orderConnectList,
  groupOfConnector,
  type ConnectListEntry,
  type ConnectorGroup,
  type ConnectorsState,
} from './state/connectors.ts'
export { connectMethodOrder, DEFAULT_CONNECT_METHOD_ORDER, INJECTED_CONNECT_METHOD_ORDER, type ConnectMethod } from './state/connect-methods.ts'
export { ModalController, SHAKE_MS, type ModalState, type OpenOptions } from './state/modal.ts'
export { NetworkController, type NetworkState, type NamespaceNetworkState } from './state/network.ts'
export {
  OptionsController,
  DEFAULT_ENDPOINTS,
  SDK_TYPE,
  SDK_VERSION,
  SOCIAL_PROVIDERS,
  detectMobile,
  type Endpoints,
  type ModalOptions,
  type ResolvedOptions,
  type SocialProvider,
} from './state/options.ts'
export type { ConnectionPersistence, RecentWallet } from './state/persistence.ts'
export { SnackbarController, SNACKBAR_REPLACE_DELAY_MS, type SnackbarState, type SnackbarVariant } from './state/snackbar.ts'
export { ThemeController, isThemeMode, type ThemeMode, type ThemeState, type ThemeVariables } from './state/theme.ts'
export * from './caip/index.ts'
export * from './errors/index.ts'
export * from './format/index.ts'
export * from './net/index.ts'
export * from './net/clients/index.ts'
export { AnalyticsController, type AnalyticsControllerDeps } from './state/analytics.ts'
export { IdentityController, type IdentityCache, type IdentityControllerDeps } from './state/identity.ts'
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
} from './state/token-balance.ts'
export {
  TransactionsController,
  groupTransactionsByMonth,
  isSpamTransaction,
  keepShownTransactions,
  ownedNfts,
  type OwnedNft,
  type TransactionMonth,
  type TransactionsControllerDeps,
  type TransactionsState,
} from './state/transactions.ts'
export {
  WalletsController,
  WalletPaging,
  MOBILE_LINK_EXCEPTIONS,
  filterMobileWallets,
  filterUniversalProviderWallets,
  filterWalletsByNamespaces,
  type WalletsControllerDeps,
  type WalletsState,
} from './state/wallets.ts'
export * from './storage/index.ts'
