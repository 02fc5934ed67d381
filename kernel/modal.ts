import { InstanceContainer } from './di/instance-container.ts'
import { ModalEventBus } from './events/bus.ts'
import { AccountExtensions } from './plugin/account-extensions.ts'
import { checkChainAdapter, checkChainDefinition, checkChainsRegistered } from './plugin/chain-checks.ts'
import { checkDependencies, checkUse } from './plugin/dependencies.ts'
import { checkNotLoaded } from './plugin/defer.ts'
import {
  DisposableStore,
  PLUGIN_CONTRACT_VERSION,
  satisfiesVersion,
  type ConnectionApi,
  type ConnectorEmitter,
  type Disposable,
  type EventBus,
  type ModalStateView,
  type PluginContext,
  type PluginDefinition,
  type Router,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  type Token,
} from './plugin/contract.ts'
import { connectionApi as makeConnectionApi, modalStateView, pluginCapabilities, sharedStorage, type KernelParts } from './plugin/capabilities.ts'
import { RpcRegistry, ViewRegistry } from './plugin/registries.ts'
import { chainProviderToken, type ChainProviders } from './providers.ts'
import type { ChainNamespace } from './caip/index.ts'
import { RouterStack } from './router/router-stack.ts'
import { balanceCache, claimStorageNamespace, createLocalStorageAdapter, pluginStoragePrefix, PorticoStorage, scope } from './storage/index.ts'
import { BalanceCacheToken, BalanceController } from './state/balance.ts'
import { AccountController } from './state/account.ts'
import { ChainRegistry } from './state/chains.ts'
import { closeOnConnect } from './state/close-on-connect.ts'
import { ConnectionController } from './state/connection.ts'
import { ConnectorController } from './state/connectors.ts'
import { ModalController, type OpenOptions } from './state/modal.ts'
import { NetworkController } from './state/network.ts'
import { OptionsController, type ModalOptions } from './state/options.ts'
import { SnackbarController } from './state/snackbar.ts'
import { ThemeController } from './state/theme.ts'
import { KernelTokens } from './tokens.ts'

/** One modal instance. */
export interface Modal {
  /** Resolves when every plugin is set up and activated and stored sessions are restored. */
  readonly ready: Promise<void>
  readonly events: EventBus
  readonly router: Router
  readonly views: ViewRegistry
  /** Read-only state: accounts, networks, connections, connectors (what plugins see). */
  readonly state: ModalStateView
  /** Connect, disconnect, switch network (what plugins and views use). */
  readonly connection: ConnectionApi
  /** Opens the modal (SPEC §2 picks the view). */
  open(options?: OpenOptions): void
  close(): void
  /** Calls an RPC method served by a plugin. */
  request<M extends RpcMethod>(method: M, params: RpcParams<M>): Promise<RpcResult<M>>
  /**
   * Resolves a kernel or plugin service. Before `ready`, a service a plugin declares in `provides` whose code has not
   * loaded yet (deferPlugin) throws ServiceNotLoadedError (await `ready` first; React's `useService` waits); a token
   * nothing declares throws "Nothing provides ...".
   */
  get<V>(token: Token<V>): V
  /** True when something provides the token (false for a deferred plugin's service until its code has loaded). */
  has(token: Token<unknown>): boolean
  /**
   * The provider of a namespace's active connection, for libraries such as viem and ethers: for eip155 an EIP-1193
   * provider, for solana the connected Wallet Standard wallet's features (each chain plugin documents its own).
   * Throws when no plugin of the modal provides one for the namespace.
   */
  getProvider<N extends keyof ChainProviders & ChainNamespace>(namespace: N): ChainProviders[N]
  /** Disposes everything the instance and its plugins registered. */
  destroy(): void
}

/**
 * Builds one modal on its own child container. Every plugin definition (id, `portico` range, dependencies, namespace)
 * is checked before any setup runs; setups run in order, registries freeze, then plugins activate and stored
 * sessions are restored.
 */
export function createModal(options: ModalOptions = {}): Modal {
  const plugins = options.plugins ?? []
  checkPlugins(plugins)

  const container = new InstanceContainer()
  const disposables = new DisposableStore()
  // Each live modal on a store gets its own namespace (kernel/storage/namespace.ts; docs/DECISIONS.md).
  const claim = claimStorageNamespace(options.storage ?? createLocalStorageAdapter(), options.id)
  disposables.add({ dispose: () => claim.release() })
  const adapter = claim.adapter
  const events = new ModalEventBus((error, type) => {
    if (type !== 'error') events.emit('error', { source: type, error })
  })
  const storage = new PorticoStorage(adapter)
  const balances = balanceCache(storage, isNativeBalance)

  container.value(KernelTokens.Events, events)
  container.value(KernelTokens.Options, new OptionsController({ ...options, id: claim.namespace }))
  container.value(KernelTokens.StorageAdapter, adapter)
  container.value(KernelTokens.Storage, storage)
  container.value(KernelTokens.Persistence, storage)
  container.value(BalanceCacheToken, {
    get: (key, now) => balances.get(...splitKey(key), now),
    set: (key, value, now) => balances.set(...splitKey(key), value, now),
  })
  container.registerClass(KernelTokens.Views, ViewRegistry)
  container.registerClass(KernelTokens.Rpc, RpcRegistry)
  container.registerClass(KernelTokens.AccountExtensions, AccountExtensions)
  container.registerClass(KernelTokens.Chains, ChainRegistry)
  container.registerClass(KernelTokens.Account, AccountController)
  container.registerClass(KernelTokens.Connectors, ConnectorController)
  container.registerClass(KernelTokens.Router, RouterStack)
  container.registerClass(KernelTokens.Network, NetworkController)
  container.registerClass(KernelTokens.Connection, ConnectionController)
  container.registerClass(KernelTokens.Modal, ModalController)
  container.registerClass(KernelTokens.Balance, BalanceController)
  container.registerClass(KernelTokens.Snackbar, SnackbarController)
  container.value(KernelTokens.Theme, new ThemeController({ themeMode: options.themeMode, themeVariables: options.themeVariables }))

  const views = container.get(KernelTokens.Views)
  const rpc = container.get(KernelTokens.Rpc)
  const chains = container.get(KernelTokens.Chains)
  const account = container.get(KernelTokens.Account)
  const connectors = container.get(KernelTokens.Connectors)
  const network = container.get(KernelTokens.Network)
  const connection = container.get(KernelTokens.Connection)
  const modalController = container.get(KernelTokens.Modal)
  const router = container.get(KernelTokens.Router)
  const extensions = container.get(KernelTokens.AccountExtensions)

  // Balance and Snackbar are built on first use, as before capabilities existed (a balance controller listens for connections).
  const parts: KernelParts = {
    account, chains, connection, connectors, modal: modalController, network, rpc, storage,
    options: container.get(KernelTokens.Options),
    get balance() {
      return container.get(KernelTokens.Balance)
    },
    get snackbar() {
      return container.get(KernelTokens.Snackbar)
    },
  }
  const state: ModalStateView = modalStateView(parts)
  const connectionApi: ConnectionApi = makeConnectionApi(connection)
  // Contract 1.1: what a plugin may do, as functions over the controllers (plugin views get the same object).
  const capabilities = pluginCapabilities(parts)
  const shared = sharedStorage(storage)
  container.value(KernelTokens.Capabilities, capabilities)

  let settingUp = true
  // Which plugin provided each token: another plugin's service is reachable only when declared (dependencies.ts).
  const providers = new Map<Token<unknown>, string>()
  const contexts = plugins.map((plugin) => makeContext(plugin))

  function makeContext(plugin: PluginDefinition): PluginContext {
    const own = disposables.add(new DisposableStore())
    // The plugin's services live in a child container of the modal's, disposed with the plugin's registrations.
    const services = own.add(container.pluginScope())
    const use = (token: Token<unknown>) => checkUse(plugin, providers, token)
    const duringSetup = (what: string) => {
      if (!settingUp) throw new Error(`Plugin "${plugin.id}" cannot ${what} after setup`)
    }
    return {
      id: plugin.id,
      events,
      router,
      storage: scope(adapter, pluginStoragePrefix(plugin.id)),
      sharedStorage: shared,
      state,
      connection: connectionApi,
      ...capabilities,
      modal: { ...capabilities.modal, guardClose: (allow) => own.add(capabilities.modal.guardClose(allow)) },
      registerChain: (chainAdapter) => {
        if (plugin.kind !== 'chain' || chainAdapter.namespace !== plugin.namespace) {
          throw new Error(`Plugin "${plugin.id}" declares namespace "${plugin.namespace ?? 'none'}" but registers a chain for "${chainAdapter.namespace}"`)
        }
        checkChainAdapter(plugin, chainAdapter)
        return own.add(chains.register(chainAdapter))
      },
      registerConnector: (create) => {
        let live = true
        let id: string | undefined
        const emitter: ConnectorEmitter = { emit: (type, payload) => live && id !== undefined && connection.bind(id).emit(type, payload) }
        const connector = create(emitter)
        id = connector.id
        if (plugin.kind === 'chain' && connector.chain !== plugin.namespace) {
          connector.dispose?.()
          throw new Error(`Plugin "${plugin.id}" declares namespace "${plugin.namespace}" but registers a connector for "${connector.chain}"`)
        }
        const registration = connectors.register(connector)
        const handle = own.add({ dispose: () => { live = false; registration.dispose() } })
        return { connector, dispose: () => handle.dispose() }
      },
      registerWallets: (group, wallets, options) => own.add(connectors.addWallets(group, wallets, options?.total)),
      registerWalletOpener: (open) => own.add(connectors.addWalletOpener(open)),
      setProfile: (ns, profile) => {
        if (!account.get(ns).address) return
        account.patch(ns, { profileName: profile.name, profileImage: profile.image })
      },
      registerView: (id, load, meta) => own.add(views.register(id, load, meta)),
      registerAccountTab: (tab) => {
        duringSetup('register account tabs')
        return own.add(extensions.addTab(tab))
      },
      registerAccountAction: (action) => {
        duringSetup('register account actions')
        return own.add(extensions.addAction(action))
      },
      registerConnectSection: (section) => {
        duringSetup('register connect sections')
        return own.add(extensions.addSection(section))
      },
      registerRpc: (method, handler) => own.add(rpc.register(method, handler)),
      provide: (token, factory) => {
        duringSetup('provide services')
        providers.set(token, plugin.id)
        return services.provide(token, (get) => factory((t) => (use(t), get(t))))
      },
      get: (token) => (use(token), container.get(token)),
      has: (token) => (use(token), container.has(token)),
      track: (d: Disposable) => own.add(d),
    }
  }

  // A wallet on a network the app did not request: show UnsupportedChain (SPEC §2 view).
  let wasUnsupported = false
  disposables.add({
    dispose: network.store.subscribe(() => {
      const unsupported = network.store.getSnapshot().unsupportedChainId !== undefined && account.isConnected()
      if (unsupported && !wasUnsupported) modalController.open({ view: 'UnsupportedChain' })
      wasUnsupported = unsupported
    }),
  })

  if (options.closeOnConnect !== false && !options.embedded) disposables.add(closeOnConnect({ events, router, modal: modalController, connection }))

  // Setups run in order; a deferred plugin's awaits its import. Its services exist from then (checkNotLoaded).
  const setUp = (async () => {
    for (const [i, plugin] of plugins.entries()) await plugin.setup(contexts[i]!)
  })()
  const ready = (async () => {
    await setUp
    checkChainsRegistered(plugins, (ns) => chains.adapter(ns) !== undefined)
    settingUp = false
    views.freeze()
    rpc.freeze()
    chains.freeze()
    network.initialize(options.defaultNetwork)
    await Promise.all(plugins.map((plugin, i) => plugin.activate?.(contexts[i]!)))
    await connection.reconnectStored()
  })()
  ready.catch((error: unknown) => {
    settingUp = false
    // A restore that never ran must not leave the connection 'reconnecting' (ConnectionController's first state).
    if (connection.store.getSnapshot().status === 'reconnecting') connection.store.set({ status: 'disconnected' })
    events.emit('error', { source: 'createModal', error })
  })

  return {
    ready,
    events,
    router,
    views,
    state,
    connection: connectionApi,
    open: (o) => modalController.open(o),
    close: () => modalController.close(),
    request: (method, params) => rpc.request(method, params),
    getProvider(namespace) {
      const token = chainProviderToken(namespace)
      if (!container.has(token)) throw new Error(`No plugin of this modal provides a provider for namespace "${namespace}"`)
      return container.get(token) as never
    },
    get: (token) => {
      if (settingUp && !container.has(token)) checkNotLoaded(plugins, token, setUp)
      return container.get(token)
    },
    has: (token) => container.has(token),
    destroy() {
      try {
        disposables.dispose()
      } finally {
        container.dispose()
        events.clear()
      }
    },
  }
}

function isNativeBalance(v: unknown): v is { balance: string; symbol: string } {
  return typeof v === 'object' && v !== null && typeof (v as { balance?: unknown }).balance === 'string' && typeof (v as { symbol?: unknown }).symbol === 'string'
}

/** '<caipNetworkId>:<address>' back into its parts (the network id itself holds one colon). */
function splitKey(key: string): [`${string}:${string}`, string] {
  const i = key.lastIndexOf(':')
  return [key.slice(0, i) as `${string}:${string}`, key.slice(i + 1)]
}

/** Ids, kernel versions, namespaces and declared dependencies, checked before any plugin code runs. */
function checkPlugins(plugins: readonly PluginDefinition[]): void {
  const ids = new Set<string>()
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Duplicate plugin id "${plugin.id}"`)
    ids.add(plugin.id)
  }
  for (const plugin of plugins) {
    if (typeof plugin.portico !== 'string' || !satisfiesVersion(PLUGIN_CONTRACT_VERSION, plugin.portico)) {
      throw new Error(
        `Plugin "${plugin.id}" declares portico: ${JSON.stringify(plugin.portico)}, which does not match plugin contract ${PLUGIN_CONTRACT_VERSION}. ` +
          `The range names the plugin contract version (PLUGIN_CONTRACT_VERSION), not the npm package version: declare '1.x'.`,
      )
    }
    checkChainDefinition(plugin)
  }
  checkDependencies(plugins)
}
