import { parseCaipNetworkId, type ChainNamespace } from '../caip/index.ts'
import { ErrorText } from '../errors/index.ts'
import type { EventBus } from '../plugin/contract.ts'
import type { AccountController } from './account.ts'
import type { ConnectorController } from './connectors.ts'
import type { NetworkController } from './network.ts'
import type { ConnectionPersistence } from './persistence.ts'
import { Store } from './store.ts'
import type { AccountEntry, Connection, ConnectionStatus, ConnectorStatus, ConnectResult } from './types.ts'

/** SPEC §3 Connection state. */
export interface ConnectionState {
  connections: Partial<Record<ChainNamespace, readonly Connection[]>>
  activeConnectorIds: Partial<Record<ChainNamespace, string>>
  wcUri?: string
  wcPairingExpiry?: number
  wcLinking?: { name: string; href: string }
  recentWallet?: { id: string; name: string }
  status: ConnectionStatus
  wcError: boolean
  buffering: boolean
  /** The last connect error shown to the user. */
  error?: { connectorId: string; message: string; code?: number }
}

/** SPEC §4 "Disconnect ... proceeds after at most 3 s". */
export const DISCONNECT_WAIT_MS = 3_000
/** How long a stored connector may take to announce itself after a reload. */
export const RECONNECT_ANNOUNCE_WAIT_MS = 1_500

export interface ConnectionControllerDeps {
  events: EventBus
  account: AccountController
  network: () => NetworkController
  connectors: ConnectorController
  persistence: ConnectionPersistence
}

/** SPEC §3/§4 connections per namespace: connect, reconnect after reload, wallet events, disconnect. */
export class ConnectionController {
  readonly store = new Store<ConnectionState>({
    connections: {}, activeConnectorIds: {}, status: 'disconnected', wcError: false, buffering: false,
  })
  private closeSignal = new AbortController()

  constructor(private readonly deps: ConnectionControllerDeps) {
    deps.events.on('modal:close', () => {
      this.closeSignal.abort()
      this.closeSignal = new AbortController()
    })
  }

  activeConnectorId(namespace: ChainNamespace): string | undefined {
    return this.store.getSnapshot().activeConnectorIds[namespace]
  }

  /**
   * SPEC §4 connector status: connected if it is the active connector of its namespace, active if it is among the
   * stored connections, otherwise disconnected.
   */
  connectorStatus(connectorId: string, namespace: ChainNamespace): ConnectorStatus {
    const { activeConnectorIds, connections } = this.store.getSnapshot()
    if (activeConnectorIds[namespace] === connectorId) return 'connected'
    if ((connections[namespace] ?? []).some((c) => c.connectorId === connectorId)) return 'active'
    return 'disconnected'
  }

  /**
   * Connects a connector. SPEC §4: resolves when an active address appears; rejects with "Modal closed" when the
   * modal closes first.
   */
  async connect(connectorId: string, namespace?: ChainNamespace): Promise<ConnectResult> {
    const connector = this.deps.connectors.get(connectorId)
    if (!connector) throw new Error(`Connector ${connectorId} is not registered`)
    const ns = namespace ?? connector.chain
    const network = this.deps.network()
    this.store.set({ status: 'connecting', error: undefined })
    const closed = this.closeSignal.signal
    try {
      const result = await raceAbort(connector.connect({ namespace: ns, caipNetwork: network.networkOf(ns) }), closed)
      this.apply(connectorId, ns, result, { recent: true })
      return result
    } catch (error) {
      this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
      if (!closed.aborted) {
        this.store.set({ error: { connectorId, message: messageOf(error), code: codeOf(error) } })
      }
      throw error
    }
  }

  /** Restores stored connections without prompting (SPEC §3 keys); connectors the user disconnected are skipped. */
  async reconnectStored(): Promise<void> {
    const p = this.deps.persistence
    const skipped = new Set(p.disconnectedConnectorIds())
    const jobs = p.connectedNamespaces().map(async (ns) => {
      const id = p.connectorId(ns)
      if (!id || skipped.has(id)) return
      const connector = await this.deps.connectors.waitFor(id, RECONNECT_ANNOUNCE_WAIT_MS)
      if (!connector?.reconnect) return
      this.store.set({ status: 'reconnecting' })
      try {
        const result = await connector.reconnect({ namespace: ns, caipNetwork: this.deps.network().networkOf(ns) })
        if (result?.accounts.length) this.apply(id, ns, result, { recent: false })
        else this.forget(ns)
      } catch {
        this.forget(ns)
      }
    })
    await Promise.all(jobs)
    this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
  }

  /** A wallet reported new accounts; an empty list means it disconnected us. */
  handleAccountsChanged(connectorId: string, namespace: ChainNamespace, accounts: AccountEntry[]): void {
    if (this.activeConnectorId(namespace) !== connectorId) return
    if (!accounts.length) {
      void this.handleDisconnected(connectorId, namespace)
      return
    }
    const reference = String(this.deps.network().networkOf(namespace)?.id ?? '')
    this.deps.account.setAccounts(namespace, accounts, reference)
    this.setConnection(namespace, connectorId, accounts, true)
  }

  /** A wallet reported a chain change. */
  handleChainChanged(connectorId: string, namespace: ChainNamespace, caipNetworkId: string): void {
    if (this.activeConnectorId(namespace) !== connectorId) return
    this.deps.network().setWalletNetwork(namespace, caipNetworkId)
  }

  /** The wallet ended the session (SPEC §4 pairing delete): storage is cleaned and disconnect emitted. */
  async handleDisconnected(connectorId: string, namespace: ChainNamespace): Promise<void> {
    if (this.activeConnectorId(namespace) !== connectorId) return
    this.clear(namespace, connectorId, false)
  }

  /** Disconnects one namespace, or all. SPEC §4: proceeds after at most 3 s even if the wallet does not answer. */
  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const active = this.store.getSnapshot().activeConnectorIds
    const namespaces = namespace ? [namespace] : (Object.keys(active) as ChainNamespace[])
    for (const ns of namespaces) {
      const id = active[ns]
      if (!id) continue
      const connector = this.deps.connectors.get(id)
      if (connector) await withCap(connector.disconnect(), DISCONNECT_WAIT_MS).catch(() => undefined)
      this.clear(ns, id, true)
    }
  }

  setWcUri(uri: string | undefined, expiry?: number): void {
    this.store.set({ wcUri: uri, wcPairingExpiry: expiry })
  }

  setWcLinking(linking: ConnectionState['wcLinking']): void {
    this.store.set({ wcLinking: linking })
  }

  setWcError(wcError: boolean): void {
    this.store.set({ wcError })
  }

  clearError(): void {
    this.store.set({ error: undefined })
  }

  private apply(connectorId: string, ns: ChainNamespace, result: ConnectResult, opts: { recent: boolean }): void {
    const { reference } = parseCaipNetworkId(result.caipNetworkId)
    const connector = this.deps.connectors.get(connectorId)
    this.store.set((s) => ({ activeConnectorIds: { ...s.activeConnectorIds, [ns]: connectorId } }))
    this.deps.account.setAccounts(ns, result.accounts, reference)
    if (connector) this.deps.account.patch(ns, { connectedWalletInfo: { name: connector.name, icon: connector.imageUrl } })
    this.setConnection(ns, connectorId, result.accounts, opts.recent)
    this.deps.network().setWalletNetwork(ns, result.caipNetworkId)
    const p = this.deps.persistence
    p.setConnectorId(ns, connectorId)
    p.setConnectedNamespaces([...new Set([...p.connectedNamespaces(), ns])])
    p.setDisconnectedConnectorIds(p.disconnectedConnectorIds().filter((id) => id !== connectorId))
    if (connector) {
      p.setWallet({ id: connector.id, name: connector.name })
      if (opts.recent) p.addRecentWallet({ id: connector.id, name: connector.name, imageUrl: connector.imageUrl })
      this.store.set({ recentWallet: { id: connector.id, name: connector.name } })
    }
    this.store.set({ status: 'connected' })
    const address = result.accounts[0]?.address ?? ''
    this.deps.events.emit('connection:connected', { namespace: ns, connectorId, address })
  }

  private setConnection(ns: ChainNamespace, connectorId: string, accounts: AccountEntry[], recent: boolean): void {
    const connection: Connection = { connectorId, accounts: accounts.map((a) => ({ address: a.address, type: a.type })), recent }
    this.store.set((s) => ({
      connections: { ...s.connections, [ns]: [connection, ...(s.connections[ns] ?? []).filter((c) => c.connectorId !== connectorId)] },
    }))
  }

  private clear(ns: ChainNamespace, connectorId: string, byUser: boolean): void {
    this.store.set((s) => {
      const activeConnectorIds = { ...s.activeConnectorIds }
      delete activeConnectorIds[ns]
      const connections = { ...s.connections, [ns]: (s.connections[ns] ?? []).filter((c) => c.connectorId !== connectorId) }
      return { activeConnectorIds, connections }
    })
    this.deps.account.reset(ns)
    this.forget(ns)
    if (byUser) {
      const p = this.deps.persistence
      p.setDisconnectedConnectorIds([...new Set([...p.disconnectedConnectorIds(), connectorId])])
    }
    this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
    this.deps.events.emit('connection:disconnected', { namespace: ns, connectorId })
  }

  private forget(ns: ChainNamespace): void {
    const p = this.deps.persistence
    p.setConnectorId(ns, undefined)
    p.setConnectedNamespaces(p.connectedNamespaces().filter((n) => n !== ns))
    if (!p.connectedNamespaces().length) p.setWallet(undefined)
  }
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error(ErrorText.MODAL_CLOSED))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(ErrorText.MODAL_CLOSED))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(e)
      },
    )
  })
}

function withCap<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms)
    promise.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e: unknown) => {
        clearTimeout(timer)
        reject(e)
      },
    )
  })
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'object' && error && 'message' in error && typeof error.message === 'string') return error.message
  return ErrorText.AN_ERROR_OCCURRED
}

function codeOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error && 'code' in error && typeof error.code === 'number') return error.code
  return undefined
}
