import { createToken } from 'portico/plugin'
import type { AnalyticsClient, BlockchainApiClient, RegistryClient } from './clients/index.ts'
import type { AnalyticsController } from './analytics.ts'
import type { BackendStatus } from './backend-status.ts'
import type { IdentityController } from './identity.ts'
import type { NetworkSupport, TokenBalanceController } from './token-balance.ts'
import type { TransactionsController } from './transactions.ts'
import type { WalletsController } from './wallets.ts'

/** The services of the account-data plugin, for its views, other plugins (`requires: ['account-data']`) and hosts. */
export const AccountDataTokens = {
  /** SPEC §7 wallet registry client. */
  Registry: createToken<RegistryClient>('account-data.registry'),
  /** SPEC §7 blockchain API client. */
  BlockchainApi: createToken<BlockchainApiClient>('account-data.blockchainApi'),
  /** SPEC §7 analytics client (POST /e). */
  AnalyticsClient: createToken<AnalyticsClient>('account-data.analyticsClient'),
  /** SPEC §7 analytics events wired to the modal's events. */
  Analytics: createToken<AnalyticsController>('account-data.analytics'),
  /** SPEC §4 network support of the blockchain API. */
  NetworkSupport: createToken<NetworkSupport>('account-data.networkSupport'),
  /** SPEC §4 token balances of the active account. */
  TokenBalance: createToken<TokenBalanceController>('account-data.tokenBalance'),
  /** SPEC §4 transaction history of the active account. */
  Transactions: createToken<TransactionsController>('account-data.transactions'),
  /** SPEC §3 profile name and image. */
  Identity: createToken<IdentityController>('account-data.identity'),
  /** Which backends cannot be reached right now (account data degrades quietly). */
  Backend: createToken<BackendStatus>('account-data.backend'),
  /** Registry wallets of Connect and AllWallets. */
  Wallets: createToken<WalletsController>('account-data.wallets'),
} as const
