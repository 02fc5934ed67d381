/** The account-data plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { isIdentity, type AccountState, type ConnectorsState } from 'portico'
import {
  definePlugin,
  detectMobile,
  SDK_TYPE,
  SDK_VERSION,
  type ChainNamespace,
  type Disposable,
  type PluginContext,
  type RetryOptions,
} from 'portico/plugin'
import { coreMessages, message } from 'portico/react'
import { AnalyticsClient, BlockchainApiClient, RegistryClient, type ApiClientDeps } from './clients/index.ts'
import { AnalyticsController } from './analytics.ts'
import { BackendStatus } from './backend-status.ts'
import { IdentityController } from './identity.ts'
import { isTokenBalanceList, NetworkSupport, TokenBalanceController } from './token-balance.ts'
import { TransactionsController } from './transactions.ts'
import { WalletsController } from './wallets.ts'
import { AccountDataTokens } from './tokens.ts'



declare module 'portico' {
  /** The host's switches this plugin reads (docs/OPTIONS.md `features`). */
  interface ModalFeatures {
    /** SPEC §7 analytics (POST /e): nothing is sent unless true. */
    analytics?: boolean
    /** false leaves the Activity tab out. */
    history?: boolean
  }
}

export interface AccountDataOptions {
  /** Retry policy overrides for every client (tests inject fetch and sleep). */
  retry?: RetryOptions
  /** Overrides mobile detection (SPEC §5 mobile filters). @default the modal's `isMobile` */
  isMobile?: () => boolean
}

/**
 * Account data: the SPEC §7 registry, blockchain API and analytics clients; token balances, history, identity and
 * registry wallets; the Account tabs Tokens, NFTs and Activity and the AllWallets view. It calls the backend only
 * with the modal's `projectId`; without one it registers nothing.
 * @example createModal({ projectId, plugins: [eip155(), accountData()] })
 */
export function accountData(pluginOptions: AccountDataOptions = {}) {
  return definePlugin({
    id: 'account-data',
    kind: 'feature',
    portico: '1.x',
    // Provided when the modal has a projectId (without one the plugin registers nothing).
    provides: Object.values(AccountDataTokens),
    setup(ctx) {
      if (!ctx.state.options.getSnapshot().projectId) return
      provideServices(ctx, pluginOptions)
      ctx.registerAccountTab({ id: 'tokens', label: message(coreMessages, 'tokens'), order: 10, load: () => import('./views/TokensTab.tsx') })
      ctx.registerAccountTab({ id: 'nfts', label: message(coreMessages, 'nfts'), order: 20, load: () => import('./views/NftsTab.tsx') })
      if (ctx.state.options.getSnapshot().features?.history !== false) {
        ctx.registerAccountTab({ id: 'activity', label: message(coreMessages, 'activity'), order: 30, load: () => import('./views/ActivityTab.tsx') })
      }
      // Its own chunk: the windowed list and search load only when AllWallets is shown.
      const allWallets = ctx.registerView('AllWallets', () => import('./views/AllWallets.tsx'), { title: message(coreMessages, 'allWallets') })
      // An unreachable registry: the All Wallets entry goes away (for this page load) instead of a view that cannot load.
      const off = ctx.get(AccountDataTokens.Backend).onUnreachable('registry', () => {
        allWallets.dispose()
        // Connect re-renders on a connectors change and no longer finds the view.
        ctx.registerWallets('recommended', []).dispose()
      })
      ctx.track({ dispose: off })
    },
    async activate(ctx) {
      if (!ctx.has(AccountDataTokens.Wallets)) return
      // Both must hear the first 'connection:connected' (a stored session restores during `ready`).
      ctx.get(AccountDataTokens.Analytics)
      ctx.get(AccountDataTokens.Identity)
      warmUpWallets(ctx)
    },
  })
}

function provideServices(ctx: PluginContext, pluginOptions: AccountDataOptions): void {
  const options = () => ctx.state.options.getSnapshot()
  const events = ctx.events
  const sdk = () => ({ projectId: options().projectId ?? '', st: SDK_TYPE, sv: SDK_VERSION })
  const backend = new BackendStatus(ctx.snackbar)
  ctx.provide(AccountDataTokens.Backend, () => backend)
  const deps = (endpoint: 'registry' | 'blockchainApi' | 'analytics'): ApiClientDeps => ({
    baseUrl: () => options().endpoints[endpoint],
    sdk,
    retry: pluginOptions.retry,
    status: { reached: () => backend.reached(endpoint), unreachable: () => backend.unreachable(endpoint) },
  })
  const accounts = { get: (ns: ChainNamespace): AccountState => ctx.state.accounts.getSnapshot().byNamespace[ns] ?? DISCONNECTED }
  const network = {
    get activeNamespace() {
      return ctx.state.network.getSnapshot().activeNamespace
    },
    networkOf: (ns: ChainNamespace) => ctx.state.network.getSnapshot().byNamespace[ns]?.caipNetwork,
  }
  const connectors = {
    get: (id: string) => ctx.state.connector(id),
    all: () => ctx.state.connectors.getSnapshot().connectors,
  }
  ctx.provide(AccountDataTokens.Registry, () => new RegistryClient(deps('registry')))
  ctx.provide(AccountDataTokens.BlockchainApi, () => new BlockchainApiClient(deps('blockchainApi')))
  ctx.provide(AccountDataTokens.AnalyticsClient, (get) => new AnalyticsClient({
    ...deps('analytics'),
    enabled: () => options().features?.analytics === true,
    registry: get(AccountDataTokens.Registry),
  }))
  ctx.provide(AccountDataTokens.Analytics, (get) => new AnalyticsController({ events, client: get(AccountDataTokens.AnalyticsClient), connectors }))
  ctx.provide(AccountDataTokens.NetworkSupport, (get) => new NetworkSupport(get(AccountDataTokens.BlockchainApi)))
  const tokenCache = ctx.sharedStorage.cache('balance', isTokenBalanceList)
  ctx.provide(AccountDataTokens.TokenBalance, (get) => new TokenBalanceController({
    account: accounts,
    network,
    connectors,
    activeConnectorId: (ns) => ctx.state.connection.getSnapshot().activeConnectorIds[ns],
    api: get(AccountDataTokens.BlockchainApi),
    support: get(AccountDataTokens.NetworkSupport),
    snackbar: ctx.snackbar,
    alert: (message, error) => backend.alert('blockchainApi', message, error),
    cache: { get: (key, now) => tokenCache.get(key, now), set: (key, value, now) => tokenCache.set(key, value, now) },
    chainTokens: (ns, address, caipNetwork) => ctx.state.chain(ns)?.getTokenBalances?.(address, caipNetwork),
    events,
  }))
  ctx.provide(AccountDataTokens.Transactions, (get) => new TransactionsController({
    account: accounts, network, api: get(AccountDataTokens.BlockchainApi), snackbar: ctx.snackbar, events,
    alert: (message, error) => backend.alert('blockchainApi', message, error),
  }))
  const identities = ctx.sharedStorage.cache('identity', isIdentity)
  ctx.provide(AccountDataTokens.Identity, (get) => new IdentityController({
    events, account: accounts, setProfile: (ns, profile) => ctx.setProfile(ns, profile), api: get(AccountDataTokens.BlockchainApi),
    cache: { get: (a, now) => identities.get(a, now), set: (a, v, now) => identities.set(a, v, now) },
  }))
  let shown: Disposable[] = []
  const setWallets = (wallets: Partial<ConnectorsState['wallets']>, totals: Partial<Record<keyof ConnectorsState['wallets'], number>> = {}) => {
    const next: Disposable[] = []
    for (const group of ['featured', 'custom', 'recommended'] as const) {
      const list = wallets[group]
      if (list) next.push(ctx.registerWallets(group, list, { total: totals[group] }))
    }
    shown.forEach((d) => d.dispose())
    shown = next
  }
  ctx.provide(AccountDataTokens.Wallets, (get) => new WalletsController({
    registry: get(AccountDataTokens.Registry),
    connectors: { all: connectors.all, setWallets },
    options,
    namespaces: () => {
      const requested = options().namespaces
      return requested?.length ? requested : [...new Set(ctx.state.networks().map((n) => n.chainNamespace))]
    },
    isMobile: pluginOptions.isMobile ?? options().isMobile ?? detectMobile,
  }))
}

/**
 * The Connect view's featured and recommended wallets are asked for once the page is idle, so opening the modal does
 * no registry work (open-to-first-view is a benchmark); opening before then asks at once.
 */
function warmUpWallets(ctx: PluginContext): void {
  const wallets = () => void ctx.get(AccountDataTokens.Wallets).initialize()
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number; cancelIdleCallback?: (h: number) => void })
  let disposed = false
  const warmUp = () => {
    if (!disposed) wallets()
  }
  const timer = idle.requestIdleCallback ? undefined : setTimeout(warmUp, 1_000)
  const handle = idle.requestIdleCallback?.(warmUp)
  ctx.track({
    dispose: () => {
      disposed = true
      clearTimeout(timer)
      if (handle !== undefined) idle.cancelIdleCallback?.(handle)
    },
  })
  const showsWallets = (view: string) => view === 'Connect' || view === 'AllWallets'
  ctx.track(ctx.events.on('modal:open', ({ view }) => showsWallets(view) && wallets()))
  ctx.track(ctx.events.on('router:change', ({ view }) => showsWallets(view) && wallets()))
}

const DISCONNECTED: AccountState = Object.freeze({ allAccounts: [], currentTab: 0, status: 'disconnected', balanceLoading: false }) as AccountState
