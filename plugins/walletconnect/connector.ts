import { Store, type Token, type CaipNetwork, type ChainNamespace, type Connector, type ConnectorEmitter, type ConnectResult, type RouteEntry, type ScopedStorage, type WalletListing } from 'portico/plugin'
import type { ProposalNamespace, SessionNamespace } from './namespaces.ts'
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

/** What connecting a session's other namespaces needs from the kernel. */
export interface SessionKernel {
  connect(connectorId: string, namespace: ChainNamespace): Promise<unknown>
  clearError(): void
  isConnected(namespace: ChainNamespace): boolean
  setActiveNamespace(namespace: ChainNamespace): void
  reportError(error: unknown): void
}

/** Storage key (scoped to the plugin) of the session restored after a reload. */
export const SESSION_STORAGE_KEY = 'session'
/** The SDK's USER_DISCONNECTED reason (getSdkError('USER_DISCONNECTED')), sent when the user disconnects. */
export const USER_DISCONNECTED_REASON = { code: 6000, message: 'User disconnected.' } as const

/** The connector's session logic (namespaces, restore, requests, session events): loaded on first use, with sign-client. */
const live = () => import('./session.ts').then((m) => (loaded = m))
/** The session logic once loaded: what runs right after a connect uses it without waiting for an import again. */
let loaded: typeof import('./session.ts') | undefined

/**
 * SPEC §3 MULTI_CHAIN connector over the WalletConnect pairing protocol (SPEC §4 pairing session): pair, approve,
 * connected, session update, session delete. sign-client is created on first use only, and so is the session logic
 * (session.ts): what stays in the host's initial load is the connector's identity, its pairing state and the stored
 * session check.
 */
export class WalletConnectConnector implements Connector {
  readonly id = 'walletConnect'
  readonly name = 'WalletConnect'
  readonly type = 'MULTI_CHAIN' as const
  readonly imageId = 'walletconnect'
  readonly pairing: PairingController<WcSession>
  /** SPEC §3 wcLinking: the wallet link the user last opened. */
  readonly linking = new Store<{ linking?: { name: string; href: string } }>({})
  // The fields below are the connector's state, shared with its lazily loaded session logic (session.ts).
  /** @internal */ clientPromise: Promise<SignClientLike> | undefined
  /** @internal */ client: SignClientLike | undefined
  /** @internal */ session: WcSession | undefined
  /** @internal SPEC §4 "a pairing connection sets the default chain": the chain requests go to, per namespace. */
  readonly defaultChains = new Map<string, string>()
  /** @internal */ readonly unlisten: Array<() => void> = []
  /** @internal */ disposed = false
  /** @internal */ confirming = false
  /**
   * @internal Namespaces of the session just approved that the kernel has not connected yet (SPEC §3: a connection
   * per namespace). `connect` for one of them answers from the session without pairing again.
   */
  unclaimed = new Set<ChainNamespace>()

  constructor(/** @internal */ readonly deps: WalletConnectConnectorDeps) {
    this.pairing = new PairingController<WcSession>({
      clock: deps.clock,
      generate: async (signal, exclusive) => (await live()).offer(this, signal, exclusive),
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

  /** The sign client, created once; the first call imports sign-client (and the session logic, which listens to it). */
  signClient(): Promise<SignClientLike> {
    if (!this.clientPromise) {
      this.clientPromise = Promise.all([this.deps.createClient(), live()]).then(([client, session]) => {
        session.attach(this, client)
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
    // The pairing starts before anything is awaited, so a caller that cancels it at once (the pairing view unmounting,
    // as React StrictMode's mount-unmount-mount does) cancels this attempt. Started after the session logic's import,
    // an abandoned attempt's pairing would begin after the live one's and cancel it, and the wallet's approval would
    // resolve the abandoned attempt, whose view is gone. A namespace of the session just approved needs no pairing.
    const paired = this.session && this.unclaimed.has(request.namespace) ? undefined : this.pairing.pair()
    paired?.catch(() => undefined) // awaited by the session logic once loaded; not an unhandled rejection meanwhile
    return (await live()).connect(this, request, paired)
  }

  /**
   * Restores the session stored before a reload, without prompting; undefined when it is gone. A session stored
   * with its namespaces is restored at once from storage, and sign-client is loaded afterwards to confirm it (an
   * unreachable relay or a slow sign-client start never holds up `modal.ready`); when sign-client no longer has
   * it, the kernel is told the wallet disconnected. A session stored by an older version (topic only) needs
   * sign-client first.
   */
  async reconnect(request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined> {
    return (await live()).reconnect(this, request)
  }

  /**
   * Loads sign-client and finds the stored session (its current namespaces replace the stored ones); cleans the
   * stored flag when the client no longer has it, and reports a disconnect if that session was already restored.
   */
  async restore(): Promise<WcSession | undefined> {
    return (await live()).restore(this)
  }

  /**
   * Ends the session with the user-disconnected reason; storage is cleaned even when the wallet is unreachable. The
   * session's other namespaces end with it: once the kernel has cleared the one it is disconnecting, the rest are
   * reported disconnected.
   */
  async disconnect(): Promise<void> {
    return (await live()).disconnect(this)
  }

  /**
   * Sends a request to the wallet on the session's chain for `caipNetworkId` (or the default chain). A method the
   * wallet did not approve rejects with 4200 so the chain plugin answers it from the HTTP RPC (SPEC §5).
   */
  async request(args: { namespace: ChainNamespace; caipNetworkId: string; method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    return (await live()).request(this, args)
  }

  /**
   * SPEC §4: a pairing connection sets the default chain. An approved chain just becomes the default; otherwise
   * the wallet is asked (wallet_switchEthereumChain) when it approved that method, else "Failed to switch to chain".
   */
  async switchNetwork(network: CaipNetwork): Promise<void> {
    return (await live()).switchNetwork(this, network)
  }

  /**
   * After a pairing connected `first`, connects the session's other namespaces through the kernel (see
   * connectSessionNamespaces in session.ts). The session logic is loaded by then (the pairing used it), so they start
   * connecting in this turn: the modal (closeOnConnect) sees them connecting before it would close on Account.
   */
  connectPending(first: ChainNamespace, kernel: SessionKernel): Promise<void> {
    return loaded ? loaded.connectSessionNamespaces(this, first, kernel) : live().then((m) => m.connectSessionNamespaces(this, first, kernel))
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
}
