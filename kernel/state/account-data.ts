import type { ChainNamespace } from '../caip/index.ts'
import type { InstanceContainer } from '../di/instance-container.ts'
import { AnalyticsClient, BlockchainApiClient, RegistryClient, type ApiClientDeps } from '../net/clients/index.ts'
import type { RetryOptions } from '../net/retry.ts'
import type { Disposable, EventBus } from '../plugin/contract.ts'
import { CacheTtl, identityCache, StorageKeys, TtlCache, type PorticoStorage } from '../storage/index.ts'
import { KernelTokens } from '../tokens.ts'
import { AnalyticsController } from './analytics.ts'
import type { ChainRegistry } from './chains.ts'
import type { ConnectionController } from './connection.ts'
import { IdentityController } from './identity.ts'
import { SDK_TYPE, SDK_VERSION, type OptionsController } from './options.ts'
import { isTokenBalanceList, NetworkSupport, TokenBalanceController } from './token-balance.ts'
import { TransactionsController } from './transactions.ts'
import { WalletsController } from './wallets.ts'

export interface AccountDataWiring {
  events: EventBus
  options: OptionsController
  storage: PorticoStorage
  chains: ChainRegistry
  connection: () => ConnectionController
  isMobile: () => boolean
  /** Retry policy overrides for every client (tests inject fetch and sleep). */
  retry?: RetryOptions
}

/**
 * Provides the SPEC §7 clients and the account-data controllers (token balances, history, identity, registry
 * wallets, analytics) on a modal's container. Identity and analytics listen to the bus from the start; the wallets
 * are asked for when Connect or AllWallets is first shown.
 */
export function provideAccountData(container: InstanceContainer, w: AccountDataWiring): Disposable {
  const sdk = () => ({ projectId: w.options.options.projectId ?? '', st: SDK_TYPE, sv: SDK_VERSION })
  const deps = (endpoint: 'registry' | 'blockchainApi' | 'analytics'): ApiClientDeps => ({
    baseUrl: () => w.options.options.endpoints[endpoint],
    sdk,
    retry: w.retry,
  })
  container.provide(KernelTokens.Registry, () => new RegistryClient(deps('registry')))
  container.provide(KernelTokens.BlockchainApi, () => new BlockchainApiClient(deps('blockchainApi')))
  container.provide(KernelTokens.AnalyticsClient, (get) => new AnalyticsClient({
    ...deps('analytics'),
    enabled: () => w.options.options.features?.analytics === true,
    registry: get(KernelTokens.Registry),
  }))
  container.provide(KernelTokens.Analytics, (get) => new AnalyticsController({
    events: w.events, client: get(KernelTokens.AnalyticsClient), connectors: get(KernelTokens.Connectors),
  }))
  container.provide(KernelTokens.NetworkSupport, (get) => new NetworkSupport(get(KernelTokens.BlockchainApi)))
  const tokenCache = new TtlCache(w.storage, StorageKeys.BALANCE_CACHE, CacheTtl.PORTFOLIO, isTokenBalanceList)
  container.provide(KernelTokens.TokenBalance, (get) => new TokenBalanceController({
    account: get(KernelTokens.Account),
    network: get(KernelTokens.Network),
    connectors: get(KernelTokens.Connectors),
    activeConnectorId: (ns) => w.connection().activeConnectorId(ns),
    api: get(KernelTokens.BlockchainApi),
    support: get(KernelTokens.NetworkSupport),
    snackbar: get(KernelTokens.Snackbar),
    cache: { get: (key, now) => tokenCache.get(key, now), set: (key, value, now) => tokenCache.set(key, value, now) },
    events: w.events,
  }))
  container.provide(KernelTokens.Transactions, (get) => new TransactionsController({
    account: get(KernelTokens.Account), network: get(KernelTokens.Network), api: get(KernelTokens.BlockchainApi),
    snackbar: get(KernelTokens.Snackbar), events: w.events,
  }))
  const identities = identityCache(w.storage)
  container.provide(KernelTokens.Identity, (get) => new IdentityController({
    events: w.events, account: get(KernelTokens.Account), api: get(KernelTokens.BlockchainApi),
    cache: { get: (a, now) => identities.get(a, now), set: (a, v, now) => identities.set(a, v, now) },
  }))
  container.provide(KernelTokens.Wallets, (get) => new WalletsController({
    registry: get(KernelTokens.Registry),
    connectors: get(KernelTokens.Connectors),
    options: () => w.options.options,
    namespaces: () => (w.options.options.namespaces?.length ? w.options.options.namespaces : w.chains.namespaces()) as ChainNamespace[],
    isMobile: w.isMobile,
  }))

  // Both must hear the first 'connection:connected' (a stored session restores during `ready`).
  container.get(KernelTokens.Analytics)
  container.get(KernelTokens.Identity)
  // The Connect view's featured and recommended wallets are asked for once the page is idle, so opening the modal
  // does no registry work (open-to-first-view is a benchmark); opening before then asks at once.
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback
  let disposed = false
  const warmUp = () => {
    if (!disposed) void container.get(KernelTokens.Wallets).initialize()
  }
  const warmUpTimer = idle ? undefined : setTimeout(warmUp, 1_000)
  if (idle) idle(warmUp)
  const showsWallets = (view: string) => view === 'Connect' || view === 'AllWallets'
  const subscriptions = [
    w.events.on('modal:open', ({ view }) => {
      if (showsWallets(view)) void container.get(KernelTokens.Wallets).initialize()
    }),
    w.events.on('router:change', ({ view }) => {
      if (showsWallets(view)) void container.get(KernelTokens.Wallets).initialize()
    }),
  ]
  return {
    dispose: () => {
      disposed = true
      clearTimeout(warmUpTimer)
      subscriptions.forEach((s) => s.dispose())
    },
  }
}
