/**
 * The auth connector (SPEC §3 type AUTH) of the embedded wallet, for eip155 and solana (SPEC §1). One connector
 * serves both namespaces (`chains`), so Connect shows it once; the kernel keeps one connection per namespace.
 * It never holds a key: every call goes to the secure site's iframe.
 */
import {
  ErrorText,
  PorticoError,
  ProviderRpcError,
  type AccountEntry,
  type CaipNetwork,
  type ChainNamespace,
  type ConnectorEmitter,
  type ConnectRequest,
  type ConnectResult,
  type Connector,
  type RouteEntry,
} from 'portico/plugin'
import type { FrameChainId, FrameUser } from './protocol.ts'
import { SOCIAL_LABELS, truncateAuthName } from './rules.ts'

export const AUTH_CONNECTOR_ID = 'embedded-wallet'
/** SPEC §1: authentication connectors support eip155 and solana. */
export const AUTH_NAMESPACES = ['eip155', 'solana'] as const

/** Methods the connector sends to the frame (the rest reject with 4200 so the chain plugin uses its HTTP RPC). */
export const FRAME_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  // Smart account (issue 14): EIP-5792 batches and ERC-7715 permissions; the secure site answers 4200 for the EOA.
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  // EIP-7702 (issue 29 part 2): upgrade or revoke the EOA; the upgraded EOA serves wallet_sendCalls.
  'portico_setDelegation',
])

/** What the connector needs of the plugin's controller. */
export interface AuthSession {
  readonly user: FrameUser | undefined
  /** Resolves with the user once an email or social login finishes (rejects when it fails or the modal closes). */
  waitForLogin(): Promise<FrameUser>
  /** The stored session after a reload, when the frame says it is connected. */
  restore(chainId: FrameChainId | undefined): Promise<FrameUser | undefined>
  /** The user on another chain (SPEC §4 auth switch: fetch the user for the preferred account type). */
  switchChain(chainId: FrameChainId): Promise<FrameUser>
  rpc(method: string, params: unknown, chainId: FrameChainId): Promise<unknown>
  signOut(): Promise<void>
}

/** The frame's chain id for a network: a number for eip155, the CAIP-2 id otherwise. */
export function frameChainId(network: Pick<CaipNetwork, 'chainNamespace' | 'id' | 'caipNetworkId'>): FrameChainId {
  if (network.chainNamespace === 'eip155') return Number(network.id)
  return network.caipNetworkId
}

function frameChainIdOf(caipNetworkId: string): FrameChainId {
  const [ns, ref] = caipNetworkId.split(':')
  return ns === 'eip155' && ref && /^\d+$/.test(ref) ? Number(ref) : caipNetworkId
}

function namespaceOfAccount(account: { address: string; namespace?: string }): string {
  if (account.namespace) return account.namespace
  return /^0x[0-9a-fA-F]{40}$/.test(account.address) ? 'eip155' : 'solana'
}

/**
 * SPEC §3 login-frame user → the account entries of one namespace, the active one first (for eip155 the account of
 * the user's preferred type: the EOA or its smart account, SPEC §3 account entry type).
 */
export function accountsOf(user: FrameUser, namespace: string): AccountEntry[] {
  const entries = user.accounts
    .filter((a) => namespaceOfAccount(a) === namespace)
    .map((a) => ({ namespace: namespace as ChainNamespace, address: a.address, type: a.type }))
  const active = entries.findIndex((a) => a.address.toLowerCase() === user.address.toLowerCase())
  if (active > 0) entries.unshift(...entries.splice(active, 1))
  return entries
}

/** The name the account is known by: its email, user name or social provider (SPEC §9: over 30 characters truncated). */
export function authDisplayName(user: FrameUser): string {
  const name = user.email ?? user.userName ?? (user.socialProvider ? `${SOCIAL_LABELS[user.socialProvider]} account` : 'Embedded wallet')
  return truncateAuthName(name)
}

export class AuthConnector implements Connector {
  readonly id = AUTH_CONNECTOR_ID
  readonly type = 'AUTH' as const
  readonly chain: ChainNamespace
  readonly chains: readonly ChainNamespace[]
  private signedOut = false

  constructor(
    private readonly session: AuthSession,
    private readonly emitter: ConnectorEmitter,
    namespaces: readonly ChainNamespace[],
    private readonly idleName: string,
  ) {
    this.chain = namespaces[0] ?? ('eip155' as ChainNamespace)
    this.chains = namespaces
  }

  /** The connected account's email or social name; before a login, what Connect calls the method. */
  get name(): string {
    const user = this.session.user
    return user ? authDisplayName(user) : this.idleName
  }

  connectingView(): RouteEntry {
    return { view: 'EmailLogin', params: undefined } as RouteEntry
  }

  async connect(request: ConnectRequest): Promise<ConnectResult> {
    let user = this.session.user ?? (await this.session.waitForLogin())
    if (request.caipNetwork && request.namespace === 'eip155' && String(user.chainId) !== String(request.caipNetwork.id)) {
      user = await this.session.switchChain(frameChainId(request.caipNetwork)).catch(() => user)
    }
    this.signedOut = false
    return this.result(user, request)
  }

  async reconnect(request: ConnectRequest): Promise<ConnectResult | undefined> {
    const chainId = request.caipNetwork && request.namespace === 'eip155' ? frameChainId(request.caipNetwork) : undefined
    const user = await this.session.restore(chainId)
    if (!user) return undefined
    this.signedOut = false
    return this.result(user, request)
  }

  /** SPEC §4 Disconnect: sign out (the kernel caps the wait at 3 s) and clear the cached email login data. */
  async disconnect(): Promise<void> {
    if (this.signedOut) return
    this.signedOut = true
    await this.session.signOut()
    // The sign-out ends the session of every namespace; the kernel clears the one it disconnects first.
    setTimeout(() => this.emitter.emit('disconnect', {}), 0)
  }

  async request(args: { namespace: ChainNamespace; caipNetworkId: string; method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    const user = this.session.user
    if (!user) throw new ProviderRpcError(4100, ErrorText.NOT_CONNECTED_TO_EMAIL_OR_SOCIAL)
    const chainId = frameChainIdOf(args.caipNetworkId)
    switch (args.method) {
      case 'eth_chainId':
        return `0x${Number(chainId).toString(16)}`
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return accountsOf(user, 'eip155').map((a) => a.address)
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return accountsOf(user, 'solana').map((a) => ({ pubkey: a.address }))
    }
    if (!FRAME_METHODS.has(args.method)) throw new ProviderRpcError(4200, `Unsupported method: ${args.method}`)
    return this.session.rpc(args.method, args.params, chainId)
  }

  /**
   * SPEC §4 Switching account type: the frame now reports the user with another active account; the connection's
   * accounts change (the account entry of the preferred type first) without a new connect.
   */
  accountsChanged(user: FrameUser): void {
    if (!this.chains.includes('eip155' as ChainNamespace)) return
    const accounts = accountsOf(user, 'eip155')
    if (accounts.length) this.emitter.emit('change', { namespace: 'eip155' as ChainNamespace, accounts })
  }

  /** SPEC §4: an auth connection switches the network, fetches the user, then emits the switch. */
  async switchNetwork(network: CaipNetwork): Promise<void> {
    const user = await this.session.switchChain(frameChainId(network))
    const accounts = accountsOf(user, network.chainNamespace)
    this.emitter.emit('change', { namespace: network.chainNamespace, caipNetworkId: network.caipNetworkId, ...(accounts.length ? { accounts } : {}) })
  }

  private result(user: FrameUser, request: ConnectRequest): ConnectResult {
    const accounts = accountsOf(user, request.namespace)
    if (!accounts.length) throw new PorticoError(ErrorText.NOT_CONNECTED_TO_EMAIL_OR_SOCIAL)
    let caipNetworkId: ConnectResult['caipNetworkId']
    if (request.namespace === 'eip155') caipNetworkId = typeof user.chainId === 'number' ? `eip155:${user.chainId}` : (request.caipNetwork?.caipNetworkId ?? 'eip155:1')
    else caipNetworkId = request.caipNetwork?.caipNetworkId ?? (typeof user.chainId === 'string' && user.chainId.startsWith(`${request.namespace}:`) ? (user.chainId as `${string}:${string}`) : `${request.namespace}:unknown`)
    return { accounts, caipNetworkId, walletInfo: { name: authDisplayName(user), ...(user.avatar ? { icon: user.avatar } : {}) } }
  }
}
