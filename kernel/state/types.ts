import type { AccountSnapshot, AccountType } from '../plugin/contract.ts'

export type {
  AccountEntry,
  AccountType,
  CaipNetwork,
  ConnectorType,
  ConnectResult,
  Connector,
  ConnectorEmitter,
  ConnectorEvents,
  ConnectRequest,
  WalletListing,
} from '../plugin/contract.ts'

/** SPEC §3 Connection; each namespace keeps a list of them, the active one first. */
export interface Connection {
  connectorId: string
  accounts: Array<{ address: string; type: AccountType }>
  recent?: boolean
}

/** SPEC §4 connection status. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** SPEC §4 connector status. */
export type ConnectorStatus = 'connected' | 'active' | 'disconnected'

/**
 * Per-namespace SPEC §3 Account state kept by the kernel. Fields owned by features (token balances, social provider,
 * Farcaster URL, login user, smart-account deployment, preferred account type) live in the plugins that own them.
 */
export type AccountState = AccountSnapshot
