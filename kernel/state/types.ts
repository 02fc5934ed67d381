import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../caip/index.ts'

/** SPEC §3 Network, with the chain definition fields. */
export interface CaipNetwork {
  /** Chain reference: a number for eip155, a string elsewhere. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  contracts?: Record<string, { address: string }>
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}

/** SPEC §3 account type. */
export type AccountType = 'eoa' | 'smartAccount'

/** SPEC §3 Account entry. */
export interface AccountEntry {
  namespace: ChainNamespace
  address: string
  type: AccountType
  publicKey?: string
  path?: string
}

/** SPEC §3 Connector type. */
export type ConnectorType = 'MULTI_CHAIN' | 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'AUTH'

/** What a connector answers to connect or reconnect. */
export interface ConnectResult {
  accounts: AccountEntry[]
  caipNetworkId: CaipNetworkId
}

/** SPEC §3 Connector, with the behaviour a connector plugin implements. */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  /** The namespace it connects (a MULTI_CHAIN connector lists more in `chains`). */
  chain: ChainNamespace
  chains?: readonly ChainNamespace[]
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
  /** Asks the wallet for access. Rejections carry the wallet's EIP-1193 code. */
  connect(request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork }): Promise<ConnectResult>
  /** Restores a stored connection without prompting; undefined when access is gone. */
  reconnect?(request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined>
  disconnect(): Promise<void>
  /**
   * Sends a wallet RPC request for a namespace. A method the wallet does not serve rejects with code 4200 (or
   * -32601) so the chain plugin can fall back to the HTTP RPC (SPEC §5).
   */
  request?(args: { namespace: ChainNamespace; caipNetworkId: string; method: string; params?: readonly unknown[] | object }): Promise<unknown>
  /** SPEC §4: moves the wallet to a network (asking it first; a pairing connection sets its default chain). */
  switchNetwork?(network: CaipNetwork): Promise<void>
}

/** SPEC §3 Connection, kept per namespace. */
export interface Connection {
  connectorId: string
  accounts: Array<{ address: string; type: AccountType }>
  recent?: boolean
}

/** SPEC §4 connection status. */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** SPEC §4 connector status. */
export type ConnectorStatus = 'connected' | 'active' | 'disconnected'

/** SPEC §3 Wallet listing of the registry. */
export interface WalletListing {
  id: string
  name: string
  rdns?: string | null
  image_id?: string | null
  image_url?: string
  chains?: readonly string[]
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  installed?: boolean
}

/** SPEC §3 Token balance. */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

/** Per-namespace SPEC §3 Account state. */
export interface AccountState {
  allAccounts: AccountEntry[]
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  tokenBalance: TokenBalance[]
  connectedWalletInfo?: { name: string; icon?: string }
  preferredAccountType?: AccountType
  socialProvider?: string
  farcasterUrl?: string
  user?: unknown
  smartAccountDeployed?: boolean
  currentTab: number
  status: ConnectionStatus
}
