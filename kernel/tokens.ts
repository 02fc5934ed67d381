import { createToken, type EventBus, type PluginCapabilities, type Router } from './plugin/contract.ts'
import type { AccountExtensions } from './plugin/account-extensions.ts'
import type { RpcRegistry, ViewRegistry } from './plugin/registries.ts'
import type { AccountController } from './state/account.ts'
import type { BalanceController } from './state/balance.ts'
import type { ChainRegistry } from './state/chains.ts'
import type { ConnectionController } from './state/connection.ts'
import type { ConnectorController } from './state/connectors.ts'
import type { ModalController } from './state/modal.ts'
import type { NetworkController } from './state/network.ts'
import type { OptionsController } from './state/options.ts'
import type { ConnectionPersistence } from './state/persistence.ts'
import type { SnackbarController } from './state/snackbar.ts'
import type { ThemeController } from './state/theme.ts'
import type { PorticoStorage, StorageAdapter } from './storage/index.ts'

/**
 * Tokens of the kernel's services: the child container injects them (`@inject`), the React bindings read them with
 * `useService`. They hand out the kernel's mutable controllers, so they are for the kernel, `portico/react` and
 * hosts: a plugin (its setup, its views, its tests) acts through its context's capabilities (contract 1.1) and
 * portico/react's hooks, and tests/architecture.test.ts fails on a plugin file that names KernelTokens.
 */
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
  /** SPEC §3 storage keys (the connection persistence). */
  Storage: createToken<PorticoStorage>('kernel.storage'),
  /** The connection keys the connection and network controllers keep (the same object as Storage). */
  Persistence: createToken<ConnectionPersistence>('kernel.persistence'),
  /** The raw adapter (localStorage, memory or cookie). */
  StorageAdapter: createToken<StorageAdapter>('kernel.storageAdapter'),
  Balance: createToken<BalanceController>('kernel.balance'),
  Views: createToken<ViewRegistry>('kernel.views'),
  Rpc: createToken<RpcRegistry>('kernel.rpc'),
  /** Account view tabs and actions contributed by plugins. */
  AccountExtensions: createToken<AccountExtensions>('kernel.accountExtensions'),
  /** The contract 1.1 capabilities, for plugin views (portico/react's `useCapabilities`). */
  Capabilities: createToken<PluginCapabilities>('kernel.capabilities'),
} as const
