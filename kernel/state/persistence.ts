import type { ChainNamespace } from '../caip/index.ts'

/** A recent wallet as kept in storage (SPEC §3: timestamped, at most 2). */
export interface RecentWallet {
  id: string
  name: string
  imageUrl?: string
  timestamp: number
}

/** What the connection and network controllers keep across reloads (SPEC §3 local-storage keys). */
export interface ConnectionPersistence {
  connectedNamespaces(): ChainNamespace[]
  setConnectedNamespaces(namespaces: ChainNamespace[]): void
  /** Connector ids per namespace, the active one first. */
  connectorIds(): Partial<Record<ChainNamespace, string[]>>
  setConnectorIds(namespace: ChainNamespace, ids: readonly string[]): void
  disconnectedConnectorIds(): string[]
  setDisconnectedConnectorIds(ids: string[]): void
  setWallet(wallet: { id: string; name: string } | undefined): void
  recentWallets(): RecentWallet[]
  addRecentWallet(wallet: Omit<RecentWallet, 'timestamp'>): void
  activeNetwork(): string | undefined
  setActiveNetwork(caipNetworkId: string): void
}
