import {
  createServiceToken,
  ErrorText,
  failedToSwitchChain,
  namespaceNotConfigured,
  ProviderRpcError,
  Store,
  WalletErrorCode,
  type CaipNetwork,
  type ChainNamespace,
  type Connector,
  type ConnectorEmitter,
  type ConnectResult,
  type RouteEntry,
  type ScopedStorage,
  type Token,
  type WalletListing,
} from 'portico/plugin'
import {
  addressesFromEvent,
  approvedChains,
  chainFromEvent,
  proposalNamespaces,
  sessionAccounts,
  WALLET_METHODS,
  type ProposalNamespace,
  type SessionNamespace,
} from './namespaces.ts'
import { PairingController, type Clock } from './pairing.ts'

/** A session as the connector reads it (sign-client's SessionTypes.Struct, structurally). */
export interface WcSession {
  topic: string
  namespaces: Record<string, SessionNamespace>
  peer?: { metadata?: { name?: string; icons?: string[] } }
}

/**
 * The part of `@walletconnect/sign-client` the connector uses. The real client is loaded lazily and seen through
 * this shape, which also lets unit tests hand in a fake.
 */
export interface SignClientLike {
  core: { verify: unknown; relayer?: { transportClose?(): Promise<void> }; heartbeat?: { stop?(): void } }
  session: { getAll(): WcSession[] }
  connect(params: { optionalNamespaces: Record<string, ProposalNamespace> }): Promise<{ uri?: string; approval(): Promise<WcSession> }>
  /** One-click auth (`wc_sessionAuthenticate`), see authenticate.ts; absent from older clients and simple fakes. */
  authenticate?(params: import('./authenticate.ts').AuthenticateParams): Promise<import('./authenticate.ts').AuthenticateOffer>
  request<T = unknown>(params: { topic: string; chainId: string; request: { method: string; params: unknown } }): Promise<T>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
  on(event: string, listener: (arg: never) => void): unknown
  off(event: string, listener: (arg: never) => void): unknown
}

/** What the connector needs from the modal, as functions so nothing is resolved before use. */
export interface WalletConnectConnectorDeps {
  /** Creates the sign client: the first call imports sign-client (the lazy, heavy part). */
  createClient(): Promise<SignClientLike>
  storage: ScopedStorage
  /** Requested networks per namespace (CAIP-2 ids), from the chain adapters. */
  networks(): ReadonlyMap<ChainNamespace, readonly string[]>
  /** The kernel's emitter: wallet events (accounts, chain, session delete) go through it. */
  emitter: ConnectorEmitter
  clock?: Clock
  /** Another plugin's service when the host has it: SIWX's one-click sign-in (authenticate.ts) is looked up here. */
  lookup?<V>(token: Token<V>): V | undefined
}

/** Storage key (scoped to the plugin) of the session restored after a reload. */
export const SESSION_STORAGE_KEY = 'session'
/** The SDK's USER_DISCONNECTED reason (getSdkError('USER_DISCONNECTED')), sent when the user disconnects. */
export const USER_DISCONNECTED_REASON = { code: 6000, message: 'User disconnected.' } as const

type SessionEventArgs = { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }
type SessionUpdateArgs = { topic: string; params: { namespaces: Record<string, SessionNamespace> } }

/**
 * SPEC §3 MULTI_CHAIN connector over the WalletConnect pairing protocol (SPEC §4 pairing session): pair, approve,
 * connected, session update, session delete. sign-client is created on first use only.
 */
export class WalletConnectConnector implements Connector {
  readonly id = 'walletConnect'
  readonly name = 'WalletConnect'
  readonly type = 'MULTI_CHAIN' as const
  readonly imageId = 'walletconnect'
  readonly pairing: PairingController<WcSession>
  /** SPEC §3 wcLinking: the wallet link the user last opened. */
  readonly linking = new Store<{ linking?: { name: string; href: string } }>({})
  private clientPromise: Promise<SignClientLike> | undefined
  private client: SignClientLike | undefined
  private session: WcSession | undefined
  /** SPEC §4 "a pairing connection sets the default chain": the chain requests go to, per namespace. */
  private readonly defaultChains = new Map<string, string>()
  private readonly unlisten: Array<() => void> = []
  private disposed = false
  private confirming = false
  /**
   * Namespaces of the session just approved that the kernel has not connected yet (SPEC §3: a connection per
   * namespace). `connect` for one of them answers from the session without pairing again.
   */
  private unclaimed = new Set<ChainNamespace>()

  constructor(private readonly deps: WalletConnectConnectorDeps) {
    this.pairing = new PairingController<WcSession>({
      clock: deps.clock,
      generate: async (signal) => {
        const client = await this.signClient()
        // With SIWX, one-click auth when it applies (loaded with sign-client, so never in the initial chunk).
        const lookup = this.deps.lookup
        const oneClick =
          lookup && client.authenticate
            ? await (await import('./authenticate.ts')).oneClickOffer(client, this.deps.networks(), { lookup, token: createServiceToken('siwx', 'one-click'), methods: WALLET_METHODS.eip155 ?? [], signal })
            : undefined
        if (oneClick) return oneClick
        // A cancelled cycle makes no offer (see PairingControllerOptions.generate).
        signal.throwIfAborted()
        const { uri, approval } = await client.connect({ optionalNamespaces: proposalNamespaces(this.deps.networks()) })
        if (!uri) throw new Error(ErrorText.SIGN_CLIENT_NOT_INITIALIZED)
        return { uri, approval }
      },
    })
  }

  /** ConnectingWalletConnect (with a registry wallet's links), or the basic pairing view with no chain adapter. */
  connectingView(target: { wallet?: WalletListing; basic?: boolean }): RouteEntry {
    if (target.basic) return { view: 'ConnectingWalletConnectBasic', params: undefined }
    return { view: 'ConnectingWalletConnect', params: { walletId: target.wallet?.id, wallet: target.wallet } }
  }

  /** The namespace of the first chain adapter (eip155 when there is none, the SPEC §1 default). */
  get chain(): ChainNamespace {
    return this.chains[0] ?? 'eip155'
  }

  get chains(): ChainNamespace[] {
    return [...this.deps.networks().keys()]
  }

  /** The namespaces of the approved session the kernel has yet to connect (see `connectSessionNamespaces`). */
  get pendingNamespaces(): ChainNamespace[] {
    return this.session ? [...this.unclaimed] : []
  }

  /** The approved session, if any. */
  get currentSession(): WcSession | undefined {
    return this.session
  }

  /** True when a session was stored before a reload (no sign-client import needed to know). */
  hasStoredSession(): boolean {
    return this.deps.storage.getItem(SESSION_STORAGE_KEY) !== null
  }

  /** The sign client, created once; the first call imports sign-client. */
  signClient(): Promise<SignClientLike> {
    if (!this.clientPromise) {
      this.clientPromise = this.deps.createClient().then((client) => {
        this.attach(client)
        return client
      })
      this.clientPromise.catch(() => {
        this.clientPromise = undefined
      })
    }
    return this.clientPromise
  }

  /** SPEC §4 pair → approve → connected: shows a URI (kept fresh) and resolves when the wallet approves. */
  async connect(request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork }): Promise<ConnectResult> {
    if (this.session && this.unclaimed.delete(request.namespace)) return this.resultFor(this.session, request.namespace, request.caipNetwork)
    const session = await this.pairing.pair()
    this.adopt(session)
    const served = new Set(this.chains)
    this.unclaimed = new Set(
      (Object.keys(session.namespaces) as ChainNamespace[]).filter((ns) => ns !== request.namespace && served.has(ns) && session.namespaces[ns]?.accounts.length),
    )
    return this.resultFor(session, request.namespace, request.caipNetwork)
  }

  /**
   * Restores the session stored before a reload, without prompting; undefined when it is gone. A session stored
   * with its namespaces is restored at once from storage, and sign-client is loaded afterwards to confirm it (an
   * unreachable relay or a slow sign-client start never holds up `modal.ready`); when sign-client no longer has
   * it, the kernel is told the wallet disconnected. A session stored by an older version (topic only) needs
   * sign-client first.
   */
  async reconnect(request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined> {
    const stored = this.session ?? this.storedSession()
    if (stored) {
      this.session = stored
      this.confirmLater()
      if (!stored.namespaces[request.namespace]) return undefined
      return this.resultFor(stored, request.namespace, request.caipNetwork)
    }
    const session = await this.restore()
    if (!session?.namespaces[request.namespace]) return undefined
    return this.resultFor(session, request.namespace, request.caipNetwork)
  }

  /**
   * Loads sign-client and finds the stored session (its current namespaces replace the stored ones); cleans the
   * stored flag when the client no longer has it, and reports a disconnect if that session was already restored.
   */
  async restore(): Promise<WcSession | undefined> {
    if (this.session && this.client) return this.session
    const stored = this.storedTopic()
    if (!stored) return this.session
    const client = await this.signClient()
    const session = client.session.getAll().find((s) => s.topic === stored)
    if (!session) {
      const restored = this.session?.topic === stored ? this.session : undefined
      if (restored) this.forgetSession()
      else this.deps.storage.removeItem(SESSION_STORAGE_KEY)
      // After the kernel has applied the restored connection (reconnect's caller runs in the same task).
      if (restored) setTimeout(() => this.ended(restored), 0)
      return undefined
    }
    if (!this.session || this.session.topic === stored) this.session = session
    return this.session
  }

  /**
   * Ends the session with the user-disconnected reason; storage is cleaned even when the wallet is unreachable. The
   * session's other namespaces end with it: once the kernel has cleared the one it is disconnecting, the rest are
   * reported disconnected.
   */
  async disconnect(): Promise<void> {
    const session = this.session
    this.forgetSession()
    if (!session) return
    const endOthers = () => setTimeout(() => this.ended(session), 0)
    if (!this.client) {
      // Restored from storage while sign-client is still starting: tell the wallet once it is up, without waiting.
      this.clientPromise?.then((client) => client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED_REASON })).catch(() => undefined)
      endOthers()
      return
    }
    try {
      await this.client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED_REASON })
    } finally {
      endOthers()
    }
  }

  /**
   * Sends a request to the wallet on the session's chain for `caipNetworkId` (or the default chain). A method the
   * wallet did not approve rejects with 4200 so the chain plugin answers it from the HTTP RPC (SPEC §5).
   */
  async request(args: { namespace: ChainNamespace; caipNetworkId: string; method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    const { client, session } = await this.active()
    const ns = session.namespaces[args.namespace]
    if (!ns) throw new ProviderRpcError(WalletErrorCode.UNSUPPORTED_METHOD, namespaceNotConfigured(args.namespace))
    if (!ns.methods.includes(args.method)) throw new ProviderRpcError(WalletErrorCode.UNSUPPORTED_METHOD, ErrorText.RPC_CALL_NOT_ALLOWED)
    const chainId = this.chainFor(args.namespace, ns, args.caipNetworkId)
    try {
      return await client.request({ topic: session.topic, chainId, request: { method: args.method, params: args.params ?? [] } })
    } catch (error) {
      throw toProviderError(error)
    }
  }

  /**
   * SPEC §4: a pairing connection sets the default chain. An approved chain just becomes the default; otherwise
   * the wallet is asked (wallet_switchEthereumChain) when it approved that method, else "Failed to switch to chain".
   */
  async switchNetwork(network: CaipNetwork): Promise<void> {
    const { client, session } = await this.active()
    const namespace = network.chainNamespace
    const ns = session.namespaces[namespace]
    if (approvedChains(ns).includes(network.caipNetworkId)) {
      this.defaultChains.set(namespace, network.caipNetworkId)
      return
    }
    if (!ns || namespace !== 'eip155' || !ns.methods.includes('wallet_switchEthereumChain')) {
      throw new Error(failedToSwitchChain(network.caipNetworkId))
    }
    const from = this.chainFor(namespace, ns, undefined)
    try {
      await client.request({
        topic: session.topic,
        chainId: from,
        request: { method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${Number(network.id).toString(16)}` }] },
      })
    } catch (error) {
      throw toProviderError(error)
    }
    this.defaultChains.set(namespace, network.caipNetworkId)
  }

  /** Removes listeners, stops the pairing and closes the relay socket (the session stays stored for a reload). */
  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.pairing.cancel()
    for (const off of this.unlisten.splice(0)) off()
    const core = this.client?.core
    void core?.relayer?.transportClose?.().catch(() => undefined)
    core?.heartbeat?.stop?.()
  }

  private async active(): Promise<{ client: SignClientLike; session: WcSession }> {
    // A session restored from storage before sign-client finished loading: wait for the client.
    if (this.session && !this.client) await this.signClient()
    if (!this.client) throw new Error(ErrorText.SIGN_CLIENT_NOT_INITIALIZED)
    if (!this.session) throw new Error(ErrorText.CALL_CONNECT_BEFORE_REQUEST)
    return { client: this.client, session: this.session }
  }

  /** The requested network when approved, else the recorded default, else the first approved chain. */
  private chainFor(namespace: string, ns: SessionNamespace, caipNetworkId: string | undefined): string {
    const approved = approvedChains(ns)
    if (caipNetworkId && approved.includes(caipNetworkId)) return caipNetworkId
    const preferred = this.defaultChains.get(namespace)
    if (preferred && approved.includes(preferred)) return preferred
    const first = approved[0]
    if (!first) throw new Error(ErrorText.CHAIN_ID_NOT_FOUND)
    return first
  }

  private resultFor(session: WcSession, namespace: ChainNamespace, caipNetwork: CaipNetwork | undefined): ConnectResult {
    const ns = session.namespaces[namespace]
    if (!ns) throw new Error(namespaceNotConfigured(namespace))
    const approved = approvedChains(ns)
    const caipNetworkId = caipNetwork && approved.includes(caipNetwork.caipNetworkId) ? caipNetwork.caipNetworkId : approved[0]
    if (!caipNetworkId) throw new Error(ErrorText.CHAIN_ID_NOT_FOUND)
    this.defaultChains.set(namespace, caipNetworkId)
    const peer = session.peer?.metadata
    return {
      accounts: sessionAccounts(namespace, ns),
      caipNetworkId: caipNetworkId as ConnectResult['caipNetworkId'],
      // The paired wallet's own name and icon rather than "WalletConnect".
      walletInfo: peer?.name ? { name: peer.name, icon: peer.icons?.[0] } : undefined,
    }
  }

  private adopt(session: WcSession): void {
    this.session = session
    // The namespaces and peer are kept so a reload restores the connection without waiting for sign-client.
    const peer = session.peer?.metadata
    const stored: WcSession = { topic: session.topic, namespaces: session.namespaces, peer: peer ? { metadata: { name: peer.name, icons: peer.icons } } : undefined }
    this.deps.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored))
  }

  /** The stored session with its namespaces (undefined when none, unreadable, or topic only). */
  private storedSession(): WcSession | undefined {
    const raw = this.deps.storage.getItem(SESSION_STORAGE_KEY)
    if (!raw) return undefined
    try {
      const value = JSON.parse(raw) as Partial<WcSession>
      if (typeof value.topic !== 'string' || typeof value.namespaces !== 'object' || value.namespaces === null) return undefined
      for (const ns of Object.values(value.namespaces)) {
        if (!Array.isArray(ns?.accounts) || !Array.isArray(ns.methods) || !ns.accounts.every((a) => typeof a === 'string')) return undefined
      }
      const name = value.peer?.metadata?.name
      const icons = value.peer?.metadata?.icons
      return {
        topic: value.topic,
        namespaces: value.namespaces,
        peer: typeof name === 'string' ? { metadata: { name, icons: Array.isArray(icons) ? icons.filter((i) => typeof i === 'string') : [] } } : undefined,
      }
    } catch {
      return undefined
    }
  }

  /** Confirms a session restored from storage once sign-client is loaded (after the current task). */
  private confirmLater(): void {
    if (this.confirming) return
    this.confirming = true
    setTimeout(() => {
      if (this.disposed) return
      this.restore().catch(() => undefined)
    }, 0)
  }

  private storedTopic(): string | undefined {
    const raw = this.deps.storage.getItem(SESSION_STORAGE_KEY)
    if (!raw) return undefined
    try {
      const topic = (JSON.parse(raw) as { topic?: unknown }).topic
      return typeof topic === 'string' ? topic : undefined
    } catch {
      return undefined
    }
  }

  /** SPEC §4 session delete: storage is cleaned, then the kernel emits disconnect. */
  private ended(session: WcSession): void {
    for (const namespace of Object.keys(session.namespaces) as ChainNamespace[]) this.deps.emitter.emit('disconnect', { namespace })
  }

  private forgetSession(): void {
    this.session = undefined
    this.unclaimed.clear()
    this.defaultChains.clear()
    this.deps.storage.removeItem(SESSION_STORAGE_KEY)
  }

  private attach(client: SignClientLike): void {
    this.client = client
    const on = <A>(event: string, listener: (arg: A) => void) => {
      client.on(event, listener as (arg: never) => void)
      this.unlisten.push(() => client.off(event, listener as (arg: never) => void))
    }
    const ended = ({ topic }: { topic: string }) => {
      const session = this.session
      if (!session || session.topic !== topic) return
      this.forgetSession()
      this.ended(session)
    }
    on('session_delete', ended)
    on('session_expire', ended)
    on<SessionEventArgs>('session_event', ({ topic, params }) => {
      if (this.session?.topic !== topic) return
      const namespace = params.chainId.split(':')[0] as ChainNamespace
      if (params.event.name === 'accountsChanged') {
        this.deps.emitter.emit('change', { namespace, accounts: addressesFromEvent(namespace, params.event.data) })
      } else if (params.event.name === 'chainChanged') {
        const chain = chainFromEvent(namespace, params.event.data) ?? params.chainId
        this.defaultChains.set(namespace, chain)
        this.deps.emitter.emit('change', { namespace, caipNetworkId: chain })
      }
    })
    on<SessionUpdateArgs>('session_update', ({ topic, params }) => {
      const session = this.session
      if (!session || session.topic !== topic) return
      this.session = { ...session, namespaces: params.namespaces }
      this.adopt(this.session)
      // A namespace the update drops ends (SPEC §4 session update acts on every namespace of the session).
      for (const key of Object.keys(session.namespaces)) {
        if (params.namespaces[key]) continue
        this.unclaimed.delete(key as ChainNamespace)
        this.defaultChains.delete(key)
        this.deps.emitter.emit('disconnect', { namespace: key as ChainNamespace })
      }
      for (const [key, ns] of Object.entries(params.namespaces)) {
        const namespace = key as ChainNamespace
        this.deps.emitter.emit('change', { namespace, accounts: sessionAccounts(namespace, ns) })
        const current = this.defaultChains.get(namespace)
        const approved = approvedChains(ns)
        if (current && !approved.includes(current) && approved[0]) {
          this.defaultChains.set(namespace, approved[0])
          this.deps.emitter.emit('change', { namespace, caipNetworkId: approved[0] })
        }
      }
    })
  }
}

/** sign-client rejects with the wallet's JSON-RPC error object; keep its code (4001, 4200...) on an Error. */
function toProviderError(error: unknown): unknown {
  if (error instanceof ProviderRpcError) return error
  if (typeof error === 'object' && error !== null) {
    const { code, message, data } = error as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof code === 'number') return new ProviderRpcError(code, typeof message === 'string' ? message : ErrorText.AN_ERROR_OCCURRED, data)
  }
  return error
}

/**
 * After a pairing connected one namespace, connects the session's other namespaces the host serves (each its own
 * connection and account, SPEC §3), then makes the first one active again. A namespace that fails is reported on
 * the error event and leaves the others in place.
 */
export async function connectSessionNamespaces(
  connector: WalletConnectConnector,
  first: ChainNamespace,
  kernel: {
    connect(connectorId: string, namespace: ChainNamespace): Promise<unknown>
    clearError(): void
    isConnected(namespace: ChainNamespace): boolean
    setActiveNamespace(namespace: ChainNamespace): void
    reportError(error: unknown): void
  },
): Promise<void> {
  const pending = connector.pendingNamespaces.filter((ns) => ns !== first)
  if (!pending.length) return
  for (const namespace of pending) {
    if (kernel.isConnected(namespace)) continue
    try {
      await kernel.connect(connector.id, namespace)
    } catch (error) {
      kernel.clearError()
      kernel.reportError(error)
    }
  }
  if (kernel.isConnected(first)) kernel.setActiveNamespace(first)
}
