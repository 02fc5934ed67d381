import { createServiceToken } from 'portico/plugin'
import type { AnalyticsClient, BlockchainApiClient, RegistryClient } from './clients/index.ts'
import type { AnalyticsController } from './analytics.ts'
import type { BackendStatus } from './backend-status.ts'
import type { IdentityController } from './identity.ts'
import type { NetworkSupport, TokenBalanceController } from './token-balance.ts'
import type { TransactionsController } from './transactions.ts'
import type { WalletsController } from './wallets.ts'

/**
 * The services of the account-data plugin, for its views, other plugins and hosts. Side-effect free: a plugin that
 * declares one (`optional: [AccountDataTokens.TokenBalance]`) imports this object without account data's code.
 */
export const AccountDataTokens = {
  /** SPEC §7 wallet registry client. */
  Registry: createServiceToken<RegistryClient>('account-data', 'registry'),
  /** SPEC §7 blockchain API client. */
  BlockchainApi: createServiceToken<BlockchainApiClient>('account-data', 'blockchainApi'),
  /** SPEC §7 analytics client (POST /e). */
  AnalyticsClient: createServiceToken<AnalyticsClient>('account-data', 'analyticsClient'),
  /** SPEC §7 analytics events wired to the modal's events. */
  Analytics: createServiceToken<AnalyticsController>('account-data', 'analytics'),
  /** SPEC §4 network support of the blockchain API. */
  NetworkSupport: createServiceToken<NetworkSupport>('account-data', 'networkSupport'),
  /** SPEC §4 token balances of the active account. */
  TokenBalance: createServiceToken<TokenBalanceController>('account-data', 'tokenBalance'),
  /** SPEC §4 transaction history of the active account. */
  Transactions: createServiceToken<TransactionsController>('account-data', 'transactions'),
  /** SPEC §3 profile name and image. */
  Identity: createServiceToken<IdentityController>('account-data', 'identity'),
  /** Which backends cannot be reached right now (account data degrades quietly). */
  Backend: createServiceToken<BackendStatus>('account-data', 'backend'),
  /** Registry wallets of Connect and AllWallets. */
  Wallets: createServiceToken<WalletsController>('account-data', 'wallets'),
} as const
