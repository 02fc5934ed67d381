export { ApiReplyError, JsonApi, type ApiClientDeps, type Query, type Shape } from './http.ts'
export { RegistryClient, parseWalletPage, type GetWalletsParams, type WalletPage, type RemoteConfig } from './registry.ts'
export {
  BlockchainApiClient,
  parseHistoryPage,
  parseTokenBalance,
  type FungiblePrice,
  type HistoryPage,
  type SupportedChains,
  type Transaction,
  type TransactionTransfer,
} from './blockchain-api.ts'
/** SPEC §3 Token balance: the kernel's one definition, re-exported for the account data's users. */
export type { TokenBalance } from 'portico'
export {
  AnalyticsClient,
  AnalyticsEvent,
  ERROR_REPORT_LIMIT,
  randomUuid,
  type AnalyticsClientDeps,
  type AnalyticsEventName,
  type AnalyticsProps,
} from './analytics.ts'
