import { parseCaipNetworkId, type ChainNamespace } from '../caip/index.ts'
import { inject, injectable } from '../di/decorators.ts'
import { ErrorText, failedToSwitchChain, isUserRejection } from '../errors/index.ts'
import type { CaipNetwork, ConnectorEmitter, Disposable, EventBus } from '../plugin/contract.ts'
import { KernelTokens } from '../tokens.ts'
import type { AccountController } from './account.ts'
import type { ConnectorController } from './connectors.ts'
import type { NetworkController } from './network.ts'
import type { ConnectionPersistence } from './persistence.ts'
import { Store } from './store.ts'
import type { AccountEntry, Connection, ConnectionStatus, Connector, ConnectorStatus, ConnectResult } from './types.ts'

/** SPEC §3 Connection state. */
export interface ConnectionState {
  connections: Partial<Record<ChainNamespace, readonly Connection[]>>
  activeConnectorIds: Partial<Record<ChainNamespace, string>>
  recentWallet?: { id: string; name: string }
  status: ConnectionStatus
  buffering: boolean
  /** The last connect error shown to the user. */
  error?: { connectorId: string; message: string; code?: number }
}

/** SPEC §4 "Disconnect ... proceeds after at most 3 s". */
export const DISCONNECT_WAIT_MS = 3_000
/** How long a stored connector may take to announce itself after a reload. */
export const RECONNECT_ANNOUNCE_WAIT_MS = 1_500

/**
 * SPEC §3/§4 connections per namespace: connect, reconnect after reload, network switching, disconnect. Connectors
 * report wallet events through the emitter `bind` gives them; this controller is the only listener.
 */
@injectable()
export class ConnectionController implements Disposable {
  readonly store: Store<ConnectionState>
  private closeSignal = new AbortController()
  private home: ChainNamespace | undefined
  /** Counts connect() calls: only the latest one sets status and error when it fails. */
  private attempts = 0
  private readonly deps: { events: EventBus; account: AccountController; network: NetworkController; connectors: ConnectorController; persistence: ConnectionPersistence }
  private readonly onClose: Disposable
  /** The last result of each live connection (`namespace|connectorId`): switching back to it asks nothing. */
  private readonly held = new Map<string, ConnectResult>()

  constructor(
    @inject(KernelTokens.Events) events: EventBus,
    @inject(KernelTokens.Account) account: AccountController,
    @inject(KernelTokens.Network) network: NetworkController,
    @inject(KernelTokens.Connectors) connectors: ConnectorController,
    @inject(KernelTokens.Persistence) persistence: ConnectionPersistence,
  ) {
    this.deps = { events, account, network, connectors, persistence }
    // 'reconnecting' from the start when storage holds a connection to restore: a server render (which reads the
    // request's cookies) and the hydrating client then agree on it (ui/react useStore, getServerSnapshot).
    this.store = new Store<ConnectionState>({ connections: {}, activeConnectorIds: {}, status: hasStoredConnection(persistence) ? 'reconnecting' : 'disconnected', buffering: false })
    this.onClose = events.on('modal:close', () => {
      this.closeSignal.abort()
      this.closeSignal = new AbortController()
    })
  }

  dispose(): void {
    this.onClose.dispose()
  }

  /** The emitter a connector reports wallet events with (the kernel's side of `ctx.registerConnector`). */
  bind(connectorId: string): ConnectorEmitter {
    return {
      emit: (type, payload) => {
        if (type === 'change') {
          const { namespace, accounts, caipNetworkId } = payload as { namespace: ChainNamespace; accounts?: AccountEntry[]; caipNetworkId?: string }
          if (accounts) this.handleAccountsChanged(connectorId, namespace, accounts)
          if (caipNetworkId) this.handleChainChanged(connectorId, namespace, caipNetworkId)
        } else if (type === 'disconnect') {
          const { namespace } = payload as { namespace?: ChainNamespace }
          for (const ns of namespace ? [namespace] : (Object.keys(this.store.getSnapshot().connections) as ChainNamespace[])) this.handleDisconnected(connectorId, ns)
        } else {
          const { type: messageType, data } = payload as { type: string; data?: unknown }
          this.deps.events.emit('connector:message', { connectorId, type: messageType, data })
        }
      },
    }
  }

  /** The connected account of a namespace (the active one by default), its connector and network. */
  active(namespace?: ChainNamespace): { connector: Connector; address: string; network: CaipNetwork } | undefined {
    const ns = namespace ?? this.deps.network.activeNamespace
    if (!ns) return undefined
    const id = this.activeConnectorId(ns)
    const connector = id ? this.deps.connectors.get(id) : undefined
    const address = this.deps.account.get(ns).address
    const network = this.deps.network.networkOf(ns)
    return connector && address && network ? { connector, address, network } : undefined
  }

  /**
   * SPEC §4 switching: when the namespace is connected the wallet is asked (its connector adds an unknown chain, a
   * pairing sets its default chain); otherwise the network is only selected. Rejections pass through; other
   * failures read "Failed to switch chain: ...".
   */
  async switchNetwork(network: CaipNetwork): Promise<void> {
    const ns = network.chainNamespace
    const id = this.activeConnectorId(ns)
    const connector = id ? this.deps.connectors.get(id) : undefined
    if (connector?.switchNetwork && this.deps.account.isConnected(ns)) {
      try {
        await connector.switchNetwork(network)
      } catch (error) {
        if (isUserRejection(error)) throw error
        throw new Error(failedToSwitchChain(`${network.name}: ${messageOf(error)}`), { cause: error })
      }
    }
    this.deps.network.setActiveNetwork(network)
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
    const network = this.deps.network
    // The namespace the user is on when a connector starts connecting; its later namespaces (one session or login
    // in several) connect without moving the user off it.
    if (!Object.values(this.store.getSnapshot().activeConnectorIds).includes(connectorId)) this.home = network.activeNamespace
    this.store.set({ status: 'connecting', error: undefined })
    const closed = this.closeSignal.signal
    // The latest attempt owns status and error: an earlier one that fails while it runs (a view mounted twice under
    // React StrictMode cancels its first attempt) must not show 'disconnected' or its cancellation meanwhile.
    const attempt = ++this.attempts
    try {
      const result = await raceAbort(connector.connect({ namespace: ns, caipNetwork: network.networkOf(ns) }), closed)
      this.apply(connectorId, ns, result, true)
      return result
    } catch (error) {
      if (attempt !== this.attempts) throw error
      this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
      if (!closed.aborted) {
        this.store.set({ error: { connectorId, message: messageOf(error), code: codeOf(error) } })
      }
      throw error
    }
  }

  /**
   * Connects a wallet in every namespace it offers: this connector first (its namespace stays the active one), then
   * the same wallet's connectors of the other namespaces that are not connected yet (each its own connection and
   * account). A sibling the user declines leaves the first connection in place.
   */
  async connectWallet(connectorId: string, namespace?: ChainNamespace): Promise<ConnectResult> {
    const result = await this.connect(connectorId, namespace)
    const connector = this.deps.connectors.get(connectorId)
    const first = namespace ?? connector?.chain
    for (const sibling of this.deps.connectors.siblings(connectorId)) {
      const ns = sibling.chain
      if (ns === first || this.deps.account.isConnected(ns) || !this.deps.network.store.getSnapshot().byNamespace[ns]) continue
      try {
        await this.connect(sibling.id, ns)
      } catch (error) {
        this.store.set({ error: undefined })
        this.deps.events.emit('error', { source: 'connection', error })
      }
    }
    if (first && this.deps.account.isConnected(first)) this.deps.network.setActiveNamespace(first)
    this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
    return result
  }

  /** Restores stored connections without prompting (SPEC §3 keys); connectors the user disconnected are skipped. */
  async reconnectStored(): Promise<void> {
    // The namespace active before the reload stays active (each restored namespace reports its network).
    const activeBefore = this.deps.network.activeNamespace
    const p = this.deps.persistence
    const skipped = new Set(p.disconnectedConnectorIds())
    const jobs = p.connectedNamespaces().map(async (ns) => {
      const ids = (p.connectorIds()[ns] ?? []).filter((id) => !skipped.has(id))
      const results = await Promise.all(
        ids.map(async (id) => {
          const connector = await this.deps.connectors.waitFor(id, RECONNECT_ANNOUNCE_WAIT_MS)
          if (!connector?.reconnect) return undefined
          this.store.set({ status: 'reconnecting' })
          const result = await connector.reconnect({ namespace: ns, caipNetwork: this.deps.network.networkOf(ns) }).catch(() => undefined)
          // null: access is gone (forgotten); undefined above: the connector is not there (kept for a later load).
          return result?.accounts.length ? result : null
        }),
      )
      // Stored active-first, applied last-first: the one active before the reload is active again.
      for (let i = ids.length; i--; ) {
        const result = results[i]
        if (result) this.apply(ids[i]!, ns, result, false)
      }
      if (results.includes(null)) this.save(ns)
    })
    await Promise.all(jobs)
    if (activeBefore && this.deps.account.isConnected(activeBefore)) this.deps.network.setActiveNamespace(activeBefore)
    this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
  }

  /** A wallet reported new accounts; an empty list means it disconnected us. */
  handleAccountsChanged(connectorId: string, namespace: ChainNamespace, accounts: AccountEntry[]): void {
    const held = this.held.get(key(namespace, connectorId))
    if (!held) return
    if (!accounts.length) return this.handleDisconnected(connectorId, namespace)
    this.held.set(key(namespace, connectorId), { ...held, accounts })
    if (this.activeConnectorId(namespace) === connectorId) {
      const reference = String(this.deps.network.networkOf(namespace)?.id ?? '')
      this.deps.account.setAccounts(namespace, accounts, reference)
    }
    this.setConnection(namespace, connectorId, accounts, true, true)
  }

  /** A wallet reported a chain change. */
  handleChainChanged(connectorId: string, namespace: ChainNamespace, caipNetworkId: string): void {
    const held = this.held.get(key(namespace, connectorId))
    if (held) this.held.set(key(namespace, connectorId), { ...held, caipNetworkId } as ConnectResult)
    if (this.activeConnectorId(namespace) === connectorId) this.setWalletNetwork(namespace, caipNetworkId)
  }

  /**
   * Records the network a wallet reports without taking the user off the network they are on: when the active
   * namespace is another one that is connected, it stays active (a login that connects eip155 and solana leaves the
   * host on its eip155 network). A chain outside the requested ones still shows UnsupportedChain.
   */
  private setWalletNetwork(namespace: ChainNamespace, caipNetworkId: string, home?: ChainNamespace): void {
    const network = this.deps.network
    const before = network.activeNamespace
    network.setWalletNetwork(namespace, caipNetworkId)
    if (namespace === home || network.store.getSnapshot().unsupportedChainId !== undefined) return
    const keep = [home, before].find((ns) => ns !== undefined && ns !== namespace && this.deps.account.isConnected(ns))
    if (keep) network.setActiveNamespace(keep)
  }

  /** The wallet ended the session (SPEC §4 pairing delete): storage is cleaned and disconnect emitted. */
  handleDisconnected(connectorId: string, namespace: ChainNamespace): void {
    this.clear(namespace, connectorId, false)
  }

  /**
   * Makes another connection of a namespace the active one, without asking its wallet: the account, balance and
   * network follow it, and 'connection:switched' is emitted.
   */
  switchConnection(connectorId: string, namespace: ChainNamespace): void {
    const result = this.held.get(key(namespace, connectorId))
    if (!result) throw new Error(`Connector ${connectorId} is not connected`)
    if (this.activeConnectorId(namespace) !== connectorId) this.apply(connectorId, namespace, result, false, 'connection:switched')
  }

  /**
   * Disconnects every connection of one namespace, or of all, or only `connectorId`'s; when the active one goes,
   * the next connection of its namespace becomes active. SPEC §4: each proceeds after at most 3 s even if the wallet
   * does not answer.
   */
  async disconnect(namespace?: ChainNamespace, connectorId?: string): Promise<void> {
    const { connections } = this.store.getSnapshot()
    for (const ns of namespace ? [namespace] : (Object.keys(connections) as ChainNamespace[])) {
      // Last first: the active one (first) goes last, so no other is made active on the way.
      for (const { connectorId: id } of [...(connections[ns] ?? [])].reverse()) {
        if (connectorId && id !== connectorId) continue
        const connector = this.deps.connectors.get(id)
        if (connector) await withCap(connector.disconnect(), DISCONNECT_WAIT_MS).catch(() => undefined)
        this.clear(ns, id, true)
      }
    }
  }

  clearError(): void {
    this.store.set({ error: undefined })
  }

  private apply(connectorId: string, ns: ChainNamespace, result: ConnectResult, recent: boolean, event: 'connection:connected' | 'connection:switched' = 'connection:connected'): void {
    const { reference } = parseCaipNetworkId(result.caipNetworkId)
    const connector = this.deps.connectors.get(connectorId)
    this.held.set(key(ns, connectorId), result)
    const before = this.activeConnectorId(ns)
    this.store.set((s) => ({ activeConnectorIds: { ...s.activeConnectorIds, [ns]: connectorId } }))
    // Another wallet of the namespace becomes active: nothing of the previous one's account (name, balance) stays.
    this.deps.account.setAccounts(ns, result.accounts, reference, before !== undefined && before !== connectorId)
    const walletInfo = result.walletInfo ?? (connector ? { name: connector.name, icon: connector.imageUrl } : undefined)
    if (walletInfo) this.deps.account.patch(ns, { connectedWalletInfo: walletInfo })
    this.setConnection(ns, connectorId, result.accounts, recent)
    this.setWalletNetwork(ns, result.caipNetworkId, recent ? this.home : undefined)
    this.save(ns)
    const p = this.deps.persistence
    p.setDisconnectedConnectorIds(p.disconnectedConnectorIds().filter((id) => id !== connectorId))
    if (connector) {
      p.setWallet({ id: connector.id, name: connector.name })
      if (recent) p.addRecentWallet({ id: connector.id, name: connector.name, imageUrl: connector.imageUrl })
      this.store.set({ recentWallet: { id: connector.id, name: connector.name } })
    }
    this.store.set({ status: 'connected' })
    const address = result.accounts[0]?.address ?? ''
    this.deps.events.emit(event, { namespace: ns, connectorId, address })
  }

  /** Records a connection in its namespace's list: first (the active one first), or `inPlace`. */
  private setConnection(ns: ChainNamespace, connectorId: string, accounts: AccountEntry[], recent: boolean, inPlace?: boolean): void {
    const connection: Connection = { connectorId, accounts: accounts.map((a) => ({ address: a.address, type: a.type })), recent }
    this.store.set((s) => {
      const list = s.connections[ns] ?? []
      return { connections: { ...s.connections, [ns]: inPlace ? list.map((c) => (c.connectorId === connectorId ? connection : c)) : [connection, ...list.filter((c) => c.connectorId !== connectorId)] } }
    })
  }

  /** Drops one connection; when it was the namespace's active one, the next connection there becomes active. */
  private clear(ns: ChainNamespace, connectorId: string, byUser: boolean): void {
    const p = this.deps.persistence
    if (byUser) p.setDisconnectedConnectorIds([...new Set([...p.disconnectedConnectorIds(), connectorId])])
    if (!this.held.delete(key(ns, connectorId))) return
    const wasActive = this.activeConnectorId(ns) === connectorId
    this.store.set((s) => {
      const activeConnectorIds = { ...s.activeConnectorIds }
      if (wasActive) delete activeConnectorIds[ns]
      const connections = { ...s.connections, [ns]: (s.connections[ns] ?? []).filter((c) => c.connectorId !== connectorId) }
      return { activeConnectorIds, connections }
    })
    this.save(ns)
    const next = this.store.getSnapshot().connections[ns]?.[0]
    if (wasActive && !next) {
      this.deps.account.reset(ns)
      // Another connected namespace becomes the active one, so Account keeps showing a connected account.
      if (this.deps.network.activeNamespace === ns) {
        const other = this.deps.network.connectedFirst(Object.keys(this.store.getSnapshot().activeConnectorIds) as ChainNamespace[])
        if (other) this.deps.network.setActiveNamespace(other)
      }
    }
    this.store.set({ status: this.deps.account.isConnected() ? 'connected' : 'disconnected' })
    this.deps.events.emit('connection:disconnected', { namespace: ns, connectorId })
    if (wasActive && next) this.switchConnection(next.connectorId, ns)
  }

  /** Stores a namespace's connections, the active one first (SPEC §3 keys). */
  private save(ns: ChainNamespace): void {
    const p = this.deps.persistence
    const ids = (this.store.getSnapshot().connections[ns] ?? []).map((c) => c.connectorId)
    p.setConnectorIds(ns, ids)
    p.setConnectedNamespaces([...p.connectedNamespaces().filter((n) => n !== ns), ...(ids.length ? [ns] : [])])
    if (!p.connectedNamespaces().length) p.setWallet(undefined)
  }
}

/** The `held` key of a namespace's connection. */
const key = (ns: ChainNamespace, connectorId: string) => `${ns}|${connectorId}`

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

/** True when storage names a connector to restore for some namespace (one the user did not disconnect). */
function hasStoredConnection(p: ConnectionPersistence): boolean {
  const skipped = new Set(p.disconnectedConnectorIds())
  return Object.values(p.connectorIds()).some((ids) => ids.some((id) => !skipped.has(id)))
}
