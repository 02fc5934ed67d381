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
} as const
