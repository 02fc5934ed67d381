import type { ChainNamespace } from '../caip/index.ts'
import type { AccountController } from '../state/account.ts'
import type { BalanceController } from '../state/balance.ts'
import type { ChainRegistry } from '../state/chains.ts'
import type { ConnectionController } from '../state/connection.ts'
import type { ConnectorController } from '../state/connectors.ts'
import type { ModalController } from '../state/modal.ts'
import type { NetworkController } from '../state/network.ts'
import type { OptionsController, ResolvedOptions } from '../state/options.ts'
import type { SnackbarController } from '../state/snackbar.ts'
import type { Store } from '../state/store.ts'
import { CacheTtl, StorageKeys, TtlCache, type PorticoStorage } from '../storage/index.ts'
import type {
  ConnectionApi,
  ModalOptionsView,
  ModalStateView,
  PluginCapabilities,
  ReadonlyStore,
  SharedStorage,
} from './contract.ts'
import type { RpcRegistry } from './registries.ts'

/** The kernel's controllers the capabilities are built on (they stay with the kernel and the React bindings). */
export interface KernelParts {
  account: AccountController
  balance: BalanceController
  chains: ChainRegistry
  connection: ConnectionController
  connectors: ConnectorController
  modal: ModalController
  network: NetworkController
  options: OptionsController
  rpc: RpcRegistry
  snackbar: SnackbarController
  storage: PorticoStorage
}

/** The read-only state plugins, hosts and tests see: the controllers' stores typed read-only, never the controllers. */
export function modalStateView(k: KernelParts): ModalStateView {
  return {
    accounts: readOnly(() => k.account.store),
    network: readOnly(() => k.network.store),
    connection: readOnly(() => k.connection.store),
    connectors: readOnly(() => k.connectors.store),
    modal: readOnly(() => k.modal.store),
    snackbar: readOnly(() => k.snackbar.store),
    options: optionsView(k.options),
    networks: (ns) => k.chains.networks(ns),
    namespaces: () => k.chains.namespaces(),
    chain: (ns) => k.chains.adapter(ns),
    connector: (id) => k.connectors.get(id),
  }
}

/** Connect, disconnect, switch: what plugins, views and hosts call. */
export function connectionApi(connection: ConnectionController): ConnectionApi {
  return {
    connect: (id, ns) => connection.connect(id, ns),
    disconnect: (ns) => connection.disconnect(ns),
    switchNetwork: (n) => connection.switchNetwork(n),
    active: (ns) => connection.active(ns),
    clearError: () => connection.clearError(),
  }
}

/** Contract 1.1 capabilities: functions over the controllers, so no plugin holds a controller. */
export function pluginCapabilities(k: KernelParts): PluginCapabilities {
  return {
    modal: {
      open: (options) => k.modal.open(options),
      close: () => k.modal.close(),
      shake: () => k.modal.shake(),
      guardClose: (allow) => k.modal.guardClose(allow),
    },
    snackbar: {
      showSuccess: (text) => k.snackbar.showSuccess(text),
      showError: (text) => k.snackbar.showError(text),
      showLoading: (text) => k.snackbar.showLoading(text),
      hide: () => k.snackbar.hide(),
    },
    network: {
      setActiveNamespace: (ns) => k.network.setActiveNamespace(ns),
      setSmartAccountEnabledNetworks: (ns, chainIds) => {
        const { byNamespace } = k.network.store.getSnapshot()
        const entry = byNamespace[ns]
        if (entry) k.network.store.set({ byNamespace: { ...byNamespace, [ns]: { ...entry, smartAccountEnabledNetworks: [...chainIds] } } })
      },
    },
    balance: { refresh: (ns, options) => k.balance.refresh(ns, options) },
    request: (method, params) => k.rpc.request(method, params),
  }
}

const CACHES = {
  balance: [StorageKeys.BALANCE_CACHE, CacheTtl.BALANCE],
  identity: [StorageKeys.IDENTITY_CACHE, CacheTtl.IDENTITY],
  ens: [StorageKeys.ENS_CACHE, CacheTtl.ENS],
} as const

/** The SPEC §3 keys plugins share, over the modal's (namespaced) storage; the raw adapter is not reachable. */
export function sharedStorage(storage: PorticoStorage): SharedStorage {
  const adapter = storage.adapter
  return {
    siwxToken: {
      get: () => adapter.getItem(StorageKeys.SIWX_TOKEN),
      set: (text) => adapter.setItem(StorageKeys.SIWX_TOKEN, text),
      remove: () => adapter.removeItem(StorageKeys.SIWX_TOKEN),
    },
    preferredAccountType: (ns: ChainNamespace) => storage.preferredAccountTypes()[ns],
    setPreferredAccountType: (ns, type) => storage.setPreferredAccountType(ns, type),
    cache: (name, validate) => {
      const [key, ttl] = CACHES[name]
      const cache = new TtlCache(storage, key, ttl, validate)
      return {
        get: (k, now) => cache.get(k, now),
        set: (k, value, now) => cache.set(k, value, now),
        delete: (k) => cache.delete(k),
      }
    },
  }
}

/**
 * A controller's store without `set` (its server snapshot kept for hydration). The controller is reached on first
 * read, so a view of state builds nothing early (the snackbar and balance controllers are built on first use).
 */
function readOnly<S extends object>(store: () => Store<S>): ReadonlyStore<S> & { getServerSnapshot(): S } {
  return {
    getSnapshot: () => store().getSnapshot(),
    getServerSnapshot: () => store().getServerSnapshot(),
    subscribe: (listener) => store().subscribe(listener),
  }
}

/** The options without the plugin list and the storage adapter, frozen; one snapshot per options change. */
function optionsView(options: OptionsController): ReadonlyStore<ModalOptionsView> {
  let source: ResolvedOptions | undefined
  let view: ModalOptionsView | undefined
  return {
    getSnapshot() {
      const current = options.options
      if (current !== source || !view) {
        const { plugins: _plugins, storage: _storage, ...rest } = current
        source = current
        view = deepFreeze(structuredCloneLike(rest)) as ModalOptionsView
      }
      return view
    },
    subscribe: (listener) => options.store.subscribe(listener),
  }
}

/** A copy of plain objects and arrays (functions such as `isMobile` kept as they are), so freezing leaves the host's object alone. */
function structuredCloneLike(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneLike)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneLike(v)]))
  }
  return value
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}
