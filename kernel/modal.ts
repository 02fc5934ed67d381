import { InstanceContainer } from './di/instance-container.ts'
import { ModalEventBus } from './events/bus.ts'
import {
  DisposableStore,
  type Disposable,
  type EventBus,
  type PluginContext,
  type PluginDefinition,
  type Router,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  type Token,
} from './plugin/contract.ts'
import { RpcRegistry, ViewRegistry } from './plugin/registries.ts'
import { RouterStack } from './router/router-stack.ts'
import { balanceCache, createLocalStorageAdapter, pluginStoragePrefix, PorticoStorage, scope, type StorageAdapter } from './storage/index.ts'
import { BalanceController } from './state/balance.ts'
import { AccountController } from './state/account.ts'
import { ChainRegistry } from './state/chains.ts'
import { ConnectionController } from './state/connection.ts'
import { ConnectorController } from './state/connectors.ts'
import { ModalController, type OpenOptions } from './state/modal.ts'
import { NetworkController } from './state/network.ts'
import { detectMobile, OptionsController, type ModalOptions } from './state/options.ts'
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
  /** Opens the modal (SPEC §2 picks the view). */
  open(options?: OpenOptions): void
  close(): void
  /** Calls an RPC method served by a plugin. */
  request<M extends RpcMethod>(method: M, params: RpcParams<M>): Promise<RpcResult<M>>
  /** Resolves a kernel or plugin service. */
  get<V>(token: Token<V>): V
  /** True when something provides the token (account-data services exist only with a projectId, after `ready`). */
  has(token: Token<unknown>): boolean
  /** Disposes everything the instance and its plugins registered. */
  destroy(): void
}

/**
 * Builds one modal on its own child container. Plugin `requires` and duplicate ids are checked before any setup
 * runs; setups run in order, registries freeze, then plugins activate and stored sessions are restored.
 */
export function createModal(options: ModalOptions = {}): Modal {
  const plugins = options.plugins ?? []
  checkPlugins(plugins)

  const container = new InstanceContainer()
  const disposables = new DisposableStore()
  const adapter: StorageAdapter = options.storage ?? createLocalStorageAdapter()
  const events = new ModalEventBus((error, type) => {
    if (type !== 'error') events.emit('error', { source: type, error })
  })
  const views = new ViewRegistry()
  const rpc = new RpcRegistry()
  const chains = new ChainRegistry()
  const account = new AccountController()
  const connectors = new ConnectorController()
  const storage = new PorticoStorage(adapter)
  const persistence = storage
  const optionsController = new OptionsController(options)
  let modalController: ModalController | undefined
  const router = new RouterStack({ events, isConnected: () => account.isConnected(), close: () => modalController?.close() })
  let connection: ConnectionController | undefined
  const network = new NetworkController({
    events, chains, account, persistence, activeConnectorId: (ns) => connection?.activeConnectorId(ns),
  })
  connection = new ConnectionController({ events, account, network: () => network, connectors, persistence })
  modalController = new ModalController({
    events, router, account, network, chains, embedded: Boolean(options.embedded), isMobile: options.isMobile ?? detectMobile,
  })

  container.value(KernelTokens.Events, events)
  container.value(KernelTokens.Router, router)
  container.value(KernelTokens.Account, account)
  container.value(KernelTokens.Chains, chains)
  container.value(KernelTokens.Connectors, connectors)
  container.value(KernelTokens.Persistence, persistence)
  container.value(KernelTokens.Options, optionsController)
  container.value(KernelTokens.Network, network)
  container.value(KernelTokens.Connection, connection)
  container.value(KernelTokens.Modal, modalController)
  const balances = balanceCache(storage, isNativeBalance)
  container.provide(KernelTokens.Balance, () => new BalanceController({
    events, account, network, chains,
    cache: { get: (key, now) => balances.get(...splitKey(key), now), set: (key, value, now) => balances.set(...splitKey(key), value, now) },
  }))
  container.provide(KernelTokens.Snackbar, () => new SnackbarController())
  container.provide(KernelTokens.Theme, () => new ThemeController({ themeMode: options.themeMode, themeVariables: options.themeVariables }))
  /**
   * The SPEC §7 clients and account-data controllers load as their own chunk during `ready` (never on the open
   * path), and only when a projectId lets them call the backend.
   */
  async function loadAccountData(): Promise<void> {
    if (!options.projectId) return
    const { provideAccountData } = await import('./state/account-data.ts')
    if (disposables.isDisposed) return
    disposables.add(provideAccountData(container, {
      events, options: optionsController, storage, chains, connection: () => connection!, isMobile: options.isMobile ?? detectMobile,
    }))
  }

  let settingUp = true
  const contexts = plugins.map((plugin) => makeContext(plugin))

  function makeContext(plugin: PluginDefinition): PluginContext {
    const own = disposables.add(new DisposableStore())
    return {
      id: plugin.id,
      events,
      router,
      storage: scope(adapter, pluginStoragePrefix(plugin.id)),
      registerView: (id, load, meta) => own.add(views.register(id, load, meta)),
      registerRpc: (method, handler) => own.add(rpc.register(method, handler)),
      provide: (token, factory) => {
        if (!settingUp) throw new Error(`Plugin "${plugin.id}" cannot provide services after setup`)
        return own.add(container.provide(token, factory))
      },
      get: (token) => container.get(token),
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

  const ready = (async () => {
    for (const [i, plugin] of plugins.entries()) await plugin.setup(contexts[i]!)
    settingUp = false
    views.freeze()
    rpc.freeze()
    chains.freeze()
    network.initialize(options.defaultNetwork)
    await Promise.all([loadAccountData(), ...plugins.map((plugin, i) => plugin.activate?.(contexts[i]!))])
    await connection.reconnectStored()
  })()
  ready.catch((error: unknown) => events.emit('error', { source: 'createModal', error }))

  return {
    ready,
    events,
    router,
    views,
    open: (o) => modalController.open(o),
    close: () => modalController.close(),
    request: (method, params) => rpc.request(method, params),
    get: (token) => container.get(token),
    has: (token) => container.has(token),
    destroy() {
      try {
        disposables.dispose()
      } finally {
        modalController.dispose()
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

/** `requires` and duplicate ids, checked before any plugin code runs. */
function checkPlugins(plugins: readonly PluginDefinition[]): void {
  const ids = new Set<string>()
  for (const plugin of plugins) {
    if (ids.has(plugin.id)) throw new Error(`Duplicate plugin id "${plugin.id}"`)
    ids.add(plugin.id)
  }
  for (const plugin of plugins) {
    for (const required of plugin.requires ?? []) {
      if (!ids.has(required)) {
        throw new Error(`Plugin "${plugin.id}" requires plugin "${required}", which is not in the plugins list`)
      }
    }
  }
}
