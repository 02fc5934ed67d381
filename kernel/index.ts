/**
 * portico: the framework-free kernel. No React, no plugin import. A plugin author needs only the contract
 * (kernel/plugin/contract.ts, re-exported first below); the rest serves views, hosts and tests.
 * @example const modal = createModal({ plugins: [eip155({ networks })], projectId })
 */

export * from './plugin/contract.ts'
export { ViewRegistry, RpcRegistry } from './plugin/registries.ts'
export { AccountExtensions } from './plugin/account-extensions.ts'
export { createModal, type Modal } from './modal.ts'
export type { ServiceNotLoadedError } from './plugin/defer.ts'
export { chainProviderToken, type ChainProviders } from './providers.ts'
export { importPeer, MissingPeerError, requirePeer } from './plugin/peers.ts'
export { KernelTokens } from './tokens.ts'
export { ModalEventBus } from './events/bus.ts'
export { RouterStack } from './router/router-stack.ts'
export { Store } from './state/store.ts'
export * from './state/types.ts'
export { AccountController, emptyAccountState } from './state/account.ts'
export { BalanceController, BalanceCacheToken, type BalanceCache } from './state/balance.ts'
export { ChainRegistry } from './state/chains.ts'
export { ConnectionController, DISCONNECT_WAIT_MS, RECONNECT_ANNOUNCE_WAIT_MS, type ConnectionState } from './state/connection.ts'
export {
  ConnectorController,
  CONNECTOR_GROUPS,
  orderConnectList,
  allWalletsTotal,
  groupOfConnector,
  type ConnectListEntry,
  type ConnectorGroup,
  type ConnectorsState,
} from './state/connectors.ts'
export { connectMethodOrder, DEFAULT_CONNECT_METHOD_ORDER, INJECTED_CONNECT_METHOD_ORDER, type ConnectMethod } from './state/connect-methods.ts'
export { ModalController, SHAKE_MS, type ModalState, type OpenOptions } from './state/modal.ts'
export { NetworkController, type NetworkState, type NamespaceNetworkState } from './state/network.ts'
export {
  OptionsController,
  DEFAULT_ENDPOINTS,
  SDK_TYPE,
  SDK_VERSION,
  detectMobile,
  type Endpoints,
  type ModalOptions,
  type ResolvedOptions,
} from './state/options.ts'
export type { ConnectionPersistence, RecentWallet } from './state/persistence.ts'
export { SnackbarController, SNACKBAR_REPLACE_DELAY_MS, type SnackbarState } from './state/snackbar.ts'
export { ThemeController, isThemeMode, type ThemeMode, type ThemeState, type ThemeVariables } from './state/theme.ts'
export * from './caip/index.ts'
export * from './errors/index.ts'
export * from './format/index.ts'
export * from './net/index.ts'
export * from './storage/index.ts'
