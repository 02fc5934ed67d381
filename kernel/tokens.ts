import { createToken, type EventBus, type Router } from './plugin/contract.ts'
import type { AccountController } from './state/account.ts'
import type { BalanceController } from './state/balance.ts'
import type { ChainRegistry } from './state/chains.ts'
import type { ConnectionController } from './state/connection.ts'
import type { ConnectorController } from './state/connectors.ts'
import type { ModalController } from './state/modal.ts'
import type { NetworkController } from './state/network.ts'
import type { ConnectionPersistence } from './state/persistence.ts'
import type { SnackbarController } from './state/snackbar.ts'
import type { ThemeController } from './state/theme.ts'
import type { OptionsController } from './state/options.ts'
import type { AnalyticsClient, BlockchainApiClient, RegistryClient } from './net/clients/index.ts'
import type { AnalyticsController } from './state/analytics.ts'
import type { IdentityController } from './state/identity.ts'
import type { NetworkSupport, TokenBalanceController } from './state/token-balance.ts'
import type { TransactionsController } from './state/transactions.ts'
import type { WalletsController } from './state/wallets.ts'

/** Tokens of the kernel's services, for `ctx.get` in plugins and `useService` in React. */
export const KernelTokens = {
  Events: createToken<EventBus>('kernel.events'),
  Router: createToken<Router>('kernel.router'),
  Modal: createToken<ModalController>('kernel.modal'),
  Account: createToken<AccountController>('kernel.account'),
  Network: createToken<NetworkController>('kernel.network'),
  Connection: createToken<ConnectionController>('kernel.connection'),
  Connectors: createToken<ConnectorController>('kernel.connectors'),
  Chains: createToken<ChainRegistry>('kernel.chains'),
  Snackbar: createToken<SnackbarController>('kernel.snackbar'),
  Theme: createToken<ThemeController>('kernel.theme'),
  Options: createToken<OptionsController>('kernel.options'),
  Persistence: createToken<ConnectionPersistence>('kernel.persistence'),
  Balance: createToken<BalanceController>('kernel.balance'),
  /** SPEC §7 wallet registry client. */
  Registry: createToken<RegistryClient>('kernel.registry'),
  /** SPEC §7 blockchain API client. */
  BlockchainApi: createToken<BlockchainApiClient>('kernel.blockchainApi'),
  /** SPEC §7 analytics client (POST /e). */
  AnalyticsClient: createToken<AnalyticsClient>('kernel.analyticsClient'),
  /** SPEC §7 analytics events wired to the kernel's events. */
  Analytics: createToken<AnalyticsController>('kernel.analytics'),
  /** SPEC §4 network support of the blockchain API. */
  NetworkSupport: createToken<NetworkSupport>('kernel.networkSupport'),
  /** SPEC §4 token balances of the active account. */
  TokenBalance: createToken<TokenBalanceController>('kernel.tokenBalance'),
  /** SPEC §4 transaction history of the active account. */
  Transactions: createToken<TransactionsController>('kernel.transactions'),
  /** SPEC §3 profile name and image. */
  Identity: createToken<IdentityController>('kernel.identity'),
  /** Registry wallets of Connect and AllWallets. */
  Wallets: createToken<WalletsController>('kernel.wallets'),
} as const
