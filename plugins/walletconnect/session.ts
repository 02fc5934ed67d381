/**
 * The WalletConnect connector's session logic, loaded on first use (a pairing, a stored session to restore, a
 * request) rather than in every host's initial load: pairing offers, the SPEC §4 session lifecycle (approve, restore,
 * update, delete) and requests routed by namespace and chain. Each
 * function works on the connector's state (connector.ts); the connector's methods call them.
 */
import { createServiceToken, ErrorText, failedToSwitchChain, namespaceNotConfigured, ProviderRpcError, WalletErrorCode, type CaipNetwork, type ChainNamespace, type ConnectResult } from 'portico/plugin'
import { SESSION_STORAGE_KEY, USER_DISCONNECTED_REASON, type SessionKernel, type SignClientLike, type WalletConnectConnector, type WcSession } from './connector.ts'
import { addressesFromEvent, approvedChains, chainFromEvent, proposalNamespaces, sessionAccounts, WALLET_METHODS, type SessionNamespace } from './namespaces.ts'
import type { Exclusive, PairingOffer } from './pairing.ts'

type SessionEventArgs = { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }
type SessionUpdateArgs = { topic: string; params: { namespaces: Record<string, SessionNamespace> } }

/** A fresh pairing offer (sign-client `connect` with every requested network of every chain adapter). */
export async function offer(c: WalletConnectConnector, signal: AbortSignal, exclusive: Exclusive): Promise<PairingOffer<WcSession>> {
  const client = await c.signClient()
  signal.throwIfAborted()
  // With SIWX, one-click auth when it applies (authenticate.ts loads with sign-client, never in the initial chunk).
  const lookup = c.deps.lookup
  const oneClick =
    lookup && client.authenticate
      ? await (await import('./authenticate.ts')).oneClickOffer(client, c.deps.networks(), { lookup, token: createServiceToken('siwx', 'one-click'), methods: WALLET_METHODS.eip155 ?? [], signal, exclusive })
      : undefined
  if (oneClick) return oneClick
  // A cancelled cycle makes no offer, and offers never overlap (see PairingControllerOptions.generate).
  const { uri, approval } = await exclusive(() => client.connect({ optionalNamespaces: proposalNamespaces(c.deps.networks()) }))
  if (!uri) throw new Error(ErrorText.SIGN_CLIENT_NOT_INITIALIZED)
  return { uri, approval }
}

/** SPEC §4 pair → approve → connected (see WalletConnectConnector.connect). */
export async function connect(
  c: WalletConnectConnector,
  request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork },
  /** The pairing the connector started (none when the namespace belongs to the session just approved). */
  paired: Promise<WcSession> | undefined,
): Promise<ConnectResult> {
  if (!paired) {
    if (c.session && c.unclaimed.delete(request.namespace)) return resultFor(c, c.session, request.namespace, request.caipNetwork)
    paired = c.pairing.pair()
  }
  const session = await paired
  adopt(c, session)
  const served = new Set(c.chains)
  c.unclaimed = new Set(
    (Object.keys(session.namespaces) as ChainNamespace[]).filter((ns) => ns !== request.namespace && served.has(ns) && session.namespaces[ns]?.accounts.length),
  )
  return resultFor(c, session, request.namespace, request.caipNetwork)
}

/** The stored session without prompting (see WalletConnectConnector.reconnect). */
export async function reconnect(c: WalletConnectConnector, request: { namespace: ChainNamespace; caipNetwork?: CaipNetwork }): Promise<ConnectResult | undefined> {
  const stored = c.session ?? storedSession(c)
  if (stored) {
    c.session = stored
    confirmLater(c)
    if (!stored.namespaces[request.namespace]) return undefined
    return resultFor(c, stored, request.namespace, request.caipNetwork)
  }
  const session = await restore(c)
  if (!session?.namespaces[request.namespace]) return undefined
  return resultFor(c, session, request.namespace, request.caipNetwork)
}

/** Loads sign-client and finds the stored session (see WalletConnectConnector.restore). */
export async function restore(c: WalletConnectConnector): Promise<WcSession | undefined> {
  if (c.session && c.client) return c.session
  const stored = storedTopic(c)
  if (!stored) return c.session
  const client = await c.signClient()
  const session = client.session.getAll().find((s) => s.topic === stored)
  if (!session) {
    const restored = c.session?.topic === stored ? c.session : undefined
    if (restored) forgetSession(c)
    else c.deps.storage.removeItem(SESSION_STORAGE_KEY)
    // After the kernel has applied the restored connection (reconnect's caller runs in the same task).
    if (restored) setTimeout(() => ended(c, restored), 0)
    return undefined
  }
  if (!c.session || c.session.topic === stored) c.session = session
  return c.session
}

/** Ends the session with the user-disconnected reason (see WalletConnectConnector.disconnect). */
export async function disconnect(c: WalletConnectConnector): Promise<void> {
  const session = c.session
  forgetSession(c)
  if (!session) return
  const endOthers = () => setTimeout(() => ended(c, session), 0)
  if (!c.client) {
    // Restored from storage while sign-client is still starting: tell the wallet once it is up, without waiting.
    c.clientPromise?.then((client) => client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED_REASON })).catch(() => undefined)
    endOthers()
    return
  }
  try {
    await c.client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED_REASON })
  } finally {
    endOthers()
  }
}

/** A request to the wallet on the session's chain (see WalletConnectConnector.request). */
export async function request(
  c: WalletConnectConnector,
  args: { namespace: ChainNamespace; caipNetworkId: string; method: string; params?: readonly unknown[] | object },
): Promise<unknown> {
  const { client, session } = await active(c)
  const ns = session.namespaces[args.namespace]
  if (!ns) throw new ProviderRpcError(WalletErrorCode.UNSUPPORTED_METHOD, namespaceNotConfigured(args.namespace))
  if (!ns.methods.includes(args.method)) throw new ProviderRpcError(WalletErrorCode.UNSUPPORTED_METHOD, ErrorText.RPC_CALL_NOT_ALLOWED)
  const chainId = chainFor(c, args.namespace, ns, args.caipNetworkId)
  try {
    return await client.request({ topic: session.topic, chainId, request: { method: args.method, params: args.params ?? [] } })
  } catch (error) {
    throw toProviderError(error)
  }
}

/** SPEC §4: a pairing connection sets the default chain (see WalletConnectConnector.switchNetwork). */
export async function switchNetwork(c: WalletConnectConnector, network: CaipNetwork): Promise<void> {
  const { client, session } = await active(c)
  const namespace = network.chainNamespace
  const ns = session.namespaces[namespace]
  if (approvedChains(ns).includes(network.caipNetworkId)) {
    c.defaultChains.set(namespace, network.caipNetworkId)
    return
  }
  if (!ns || namespace !== 'eip155' || !ns.methods.includes('wallet_switchEthereumChain')) {
    throw new Error(failedToSwitchChain(network.caipNetworkId))
  }
  const from = chainFor(c, namespace, ns, undefined)
  try {
    await client.request({
      topic: session.topic,
      chainId: from,
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${Number(network.id).toString(16)}` }] },
    })
  } catch (error) {
    throw toProviderError(error)
  }
  c.defaultChains.set(namespace, network.caipNetworkId)
}

async function active(c: WalletConnectConnector): Promise<{ client: SignClientLike; session: WcSession }> {
  // A session restored from storage before sign-client finished loading: wait for the client.
  if (c.session && !c.client) await c.signClient()
  if (!c.client) throw new Error(ErrorText.SIGN_CLIENT_NOT_INITIALIZED)
  if (!c.session) throw new Error(ErrorText.CALL_CONNECT_BEFORE_REQUEST)
  return { client: c.client, session: c.session }
}

/** The requested network when approved, else the recorded default, else the first approved chain. */
function chainFor(c: WalletConnectConnector, namespace: string, ns: SessionNamespace, caipNetworkId: string | undefined): string {
  const approved = approvedChains(ns)
  if (caipNetworkId && approved.includes(caipNetworkId)) return caipNetworkId
  const preferred = c.defaultChains.get(namespace)
  if (preferred && approved.includes(preferred)) return preferred
  const first = approved[0]
  if (!first) throw new Error(ErrorText.CHAIN_ID_NOT_FOUND)
  return first
}

function resultFor(c: WalletConnectConnector, session: WcSession, namespace: ChainNamespace, caipNetwork: CaipNetwork | undefined): ConnectResult {
  const ns = session.namespaces[namespace]
  if (!ns) throw new Error(namespaceNotConfigured(namespace))
  const approved = approvedChains(ns)
  const caipNetworkId = caipNetwork && approved.includes(caipNetwork.caipNetworkId) ? caipNetwork.caipNetworkId : approved[0]
  if (!caipNetworkId) throw new Error(ErrorText.CHAIN_ID_NOT_FOUND)
  c.defaultChains.set(namespace, caipNetworkId)
  const peer = session.peer?.metadata
  return {
    accounts: sessionAccounts(namespace, ns),
    caipNetworkId: caipNetworkId as ConnectResult['caipNetworkId'],
    // The paired wallet's own name and icon rather than "WalletConnect".
    walletInfo: peer?.name ? { name: peer.name, icon: peer.icons?.[0] } : undefined,
  }
}

function adopt(c: WalletConnectConnector, session: WcSession): void {
  c.session = session
  // The namespaces and peer are kept so a reload restores the connection without waiting for sign-client.
  const peer = session.peer?.metadata
  const stored: WcSession = { topic: session.topic, namespaces: session.namespaces, peer: peer ? { metadata: { name: peer.name, icons: peer.icons } } : undefined }
  c.deps.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored))
}

/** The stored session with its namespaces (undefined when none, unreadable, or topic only). */
function storedSession(c: WalletConnectConnector): WcSession | undefined {
  const raw = c.deps.storage.getItem(SESSION_STORAGE_KEY)
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
function confirmLater(c: WalletConnectConnector): void {
  if (c.confirming) return
  c.confirming = true
  setTimeout(() => {
    if (c.disposed) return
    restore(c).catch(() => undefined)
  }, 0)
}

function storedTopic(c: WalletConnectConnector): string | undefined {
  const raw = c.deps.storage.getItem(SESSION_STORAGE_KEY)
  if (!raw) return undefined
  try {
    const topic = (JSON.parse(raw) as { topic?: unknown }).topic
    return typeof topic === 'string' ? topic : undefined
  } catch {
    return undefined
  }
}

/** SPEC §4 session delete: storage is cleaned, then the kernel emits disconnect. */
function ended(c: WalletConnectConnector, session: WcSession): void {
  for (const namespace of Object.keys(session.namespaces) as ChainNamespace[]) c.deps.emitter.emit('disconnect', { namespace })
}

function forgetSession(c: WalletConnectConnector): void {
  c.session = undefined
  c.unclaimed.clear()
  c.defaultChains.clear()
  c.deps.storage.removeItem(SESSION_STORAGE_KEY)
}

/** Listens to the sign client's session events (delete, expire, accounts and chain changes, update). */
export function attach(c: WalletConnectConnector, client: SignClientLike): void {
  c.client = client
  const on = <A>(event: string, listener: (arg: A) => void) => {
    client.on(event, listener as (arg: never) => void)
    c.unlisten.push(() => client.off(event, listener as (arg: never) => void))
  }
  const end = ({ topic }: { topic: string }) => {
    const session = c.session
    if (!session || session.topic !== topic) return
    forgetSession(c)
    ended(c, session)
  }
  on('session_delete', end)
  on('session_expire', end)
  on<SessionEventArgs>('session_event', ({ topic, params }) => {
    if (c.session?.topic !== topic) return
    const namespace = params.chainId.split(':')[0] as ChainNamespace
    if (params.event.name === 'accountsChanged') {
      c.deps.emitter.emit('change', { namespace, accounts: addressesFromEvent(namespace, params.event.data) })
    } else if (params.event.name === 'chainChanged') {
      const chain = chainFromEvent(namespace, params.event.data) ?? params.chainId
      c.defaultChains.set(namespace, chain)
      c.deps.emitter.emit('change', { namespace, caipNetworkId: chain })
    }
  })
  on<SessionUpdateArgs>('session_update', ({ topic, params }) => {
    const session = c.session
    if (!session || session.topic !== topic) return
    c.session = { ...session, namespaces: params.namespaces }
    adopt(c, c.session)
    // A namespace the update drops ends (SPEC §4 session update acts on every namespace of the session).
    for (const key of Object.keys(session.namespaces)) {
      if (params.namespaces[key]) continue
      c.unclaimed.delete(key as ChainNamespace)
      c.defaultChains.delete(key)
      c.deps.emitter.emit('disconnect', { namespace: key as ChainNamespace })
    }
    for (const [key, ns] of Object.entries(params.namespaces)) {
      const namespace = key as ChainNamespace
      c.deps.emitter.emit('change', { namespace, accounts: sessionAccounts(namespace, ns) })
      const current = c.defaultChains.get(namespace)
      const approved = approvedChains(ns)
      if (current && !approved.includes(current) && approved[0]) {
        c.defaultChains.set(namespace, approved[0])
        c.deps.emitter.emit('change', { namespace, caipNetworkId: approved[0] })
      }
    }
  })
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
  kernel: SessionKernel,
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
