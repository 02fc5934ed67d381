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

/**
 * The read-only state plugins, hosts and tests see: the controllers' stores typed read-only (`ReadonlyStore`, no
 * `set`), never the controllers. The stores themselves, not wrappers: the open path's size budget counts every byte.
 */
export function modalStateView(k: KernelParts): ModalStateView {
  return {
    accounts: k.account.store,
    network: k.network.store,
    connection: k.connection.store,
    connectors: k.connectors.store,
    modal: k.modal.store,
    snackbar: k.snackbar.store,
    options: optionsView(k.options),
    networks: (ns) => k.chains.networks(ns),
    namespaces: () => k.chains.namespaces(),
    chain: (ns) => k.chains.adapter(ns),
    connector: (id) => k.connectors.get(id),
  }
}

/**
 * An object of functions that call the named methods of `target()` at call time (so a controller built on first use
 * stays so, and a test's spy on the controller sees the call): one helper instead of a wrapper per method, since the
 * open path's size budget counts every byte.
 */
function forward<T, K extends keyof T>(target: () => T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, (...args: unknown[]) => (target()[name] as (...a: unknown[]) => unknown)(...args)])) as Pick<T, K>
}

/** Connect, disconnect, switch: what plugins, views and hosts call. */
export function connectionApi(connection: ConnectionController): ConnectionApi {
  return forward(() => connection, ['connect', 'disconnect', 'switchConnection', 'switchNetwork', 'active', 'clearError'])
}

/** Contract 1.1 capabilities: functions over the controllers, so no plugin holds a controller. */
export function pluginCapabilities(k: KernelParts): PluginCapabilities {
  return {
    modal: forward(() => k.modal, ['open', 'close', 'shake', 'guardClose']),
    snackbar: forward(() => k.snackbar, ['showSuccess', 'showError', 'showLoading', 'hide']),
    network: {
      ...forward(() => k.network, ['setActiveNamespace']),
      setSmartAccountEnabledNetworks: (ns, chainIds) => {
        const { byNamespace } = k.network.store.getSnapshot()
        const entry = byNamespace[ns]
        if (entry) k.network.store.set({ byNamespace: { ...byNamespace, [ns]: { ...entry, smartAccountEnabledNetworks: [...chainIds] } } })
      },
    },
    balance: forward(() => k.balance, ['refresh']),
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
    cache: (name, validate) => new TtlCache(storage, CACHES[name][0], CACHES[name][1], validate),
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
        view = frozenCopy(rest) as ModalOptionsView
      }
      return view
    },
    subscribe: (listener) => options.store.subscribe(listener),
  }
}

/** A frozen copy of plain objects and arrays (functions such as `isMobile` kept), leaving the host's objects alone. */
function frozenCopy(value: unknown): unknown {
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy))
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.freeze(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frozenCopy(v)])))
}
