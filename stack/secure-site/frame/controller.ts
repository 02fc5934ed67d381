/**
 * The frame page's logic, without the DOM: which messages it accepts, how each request kind maps to the secure
 * site's API, the approval step for signing requests, session storage. main.ts wires it to `window`; the unit tests
 * drive it with a fake API.
 */
import {
  errorReply,
  FRAME_PROTOCOL_VERSION,
  needsApproval,
  parseHostToFrame,
  successReply,
  USER_REJECTED_CODE,
  USER_REJECTED_MESSAGE,
  type FrameChainId,
  type FrameEvent,
  type FrameKind,
  type FrameKinds,
  type FrameReply,
  type FrameRequest,
  type FrameUser,
  type ThemeMode,
  type AccountType,
  type FramePasskey,
} from 'portico/plugins/embedded-wallet'
import { ApiErrorText, type LoginFrameUser, type PasskeyInfo } from '../server/api-types.ts'
import { ApiFailure, type ApiClient } from './api.ts'
import { describeRequest, sponsorRows, type ApprovalDescription, type Sponsorship } from './describe.ts'
import { parseSigningRequest, SigningRequestError, type SigningRequest } from '../requests.ts'
import { checkDelegationChain, DelegationRequestError, SET_DELEGATION_METHOD } from '../eip7702-request.ts'

/** Default error text (SPEC §8 Frame: "An error occurred"). */
export const DEFAULT_ERROR_MESSAGE = 'An error occurred'
/** SPEC §8 Social and email. */
export const NOT_CONNECTED_MESSAGE = 'Not connected to email or social'
export const NO_EMAIL_PENDING_MESSAGE = 'No email login in progress'
/** SPEC §8 Social and email: every Farcaster failure (relay, time-out, refused verification). */
export const FARCASTER_FAILED_MESSAGE = ApiErrorText.FARCASTER_FAILED
/** Passkeys (issue 28): the user cancelled the browser's passkey prompt or the panel, or it timed out (code 4001). */
export const PASSKEY_CANCELLED_MESSAGE = 'The passkey request was cancelled'
/** Passkeys: the browser offers no WebAuthn here. */
export const PASSKEY_UNAVAILABLE_MESSAGE = 'Passkeys are not available in this browser'

export const STORAGE_KEYS = {
  token: 'portico-secure:token',
  deviceId: 'portico-secure:device-id',
  chainId: 'portico-secure:chain-id',
  pendingEmail: 'portico-secure:pending-email',
  /** The host's default account type (SYNC_DAPP_DATA / GET_USER), used while the user has not chosen one. */
  hostAccountType: 'portico-secure:host-account-type',
} as const

export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface ApprovalRequest {
  id: string
  method: string
  description: ApprovalDescription
  /** The exact host origin that asked (shown to the user as the requester). */
  hostOrigin: string
}

export interface FrameControllerOptions {
  hostOrigin: string
  projectId: string
  /** The secure site's own origin (`location.origin`). */
  secureOrigin: string
  api: ApiClient
  storage: KeyValueStorage
  /** The window whose messages are accepted (`window.parent`). */
  parent: unknown
  /** Posts to the host: must be `parent.postMessage(message, hostOrigin)`. */
  post(message: FrameReply | FrameEvent): void
  /** Shows the approval panel and resolves true on Approve, false on Reject. */
  approve(request: ApprovalRequest): Promise<boolean>
  setTheme(mode: ThemeMode): void
  /** Passkeys (issue 28): the WebAuthn ceremonies on this origin (main.ts: @simplewebauthn/browser). */
  passkeys?: {
    /** navigator.credentials.get with these request options (no user activation needed). */
    authenticate(options: Record<string, unknown>): Promise<unknown>
    /** Shows the "Create a passkey" panel; its click runs navigator.credentials.create. Undefined: cancelled. */
    register(request: { id: string; hostOrigin: string }, options: Record<string, unknown>): Promise<unknown>
  }
  /** How long CONNECT_DEVICE keeps long-polling for the approval link (default 120 s, the host's request time-out). */
  deviceWaitMs?: number
  /** How long CONNECT_FARCASTER keeps long-polling for the sign-in (default 120 s, the host's request time-out). */
  farcasterWaitMs?: number
  randomId?: () => string
  now?: () => number
}

/** A failure answered to the host with this message (and code). */
export class FrameFailure extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
    this.name = 'FrameFailure'
  }
}

/** The shape of a window message the controller looks at. */
export interface IncomingMessage {
  origin: string
  source: unknown
  data: unknown
}

type Handlers = { [K in FrameKind]: (payload: FrameKinds[K]['request'], request: FrameRequest<K>) => Promise<FrameKinds[K]['success']> }

const MAX_SEEN_IDS = 10_000

const toFramePasskey = (p: PasskeyInfo): FramePasskey => ({
  id: p.id,
  label: p.label,
  createdAt: p.createdAt,
  ...(p.lastUsedAt === undefined ? {} : { lastUsedAt: p.lastUsedAt }),
  deviceType: p.deviceType,
  backedUp: p.backedUp,
})

/** A WebAuthn failure in the browser as the host is told it: cancelled / timed out (NotAllowedError) or unavailable. */
function ceremonyFailure(err: unknown): FrameFailure {
  const name = (err as { name?: unknown })?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return new FrameFailure(PASSKEY_CANCELLED_MESSAGE, USER_REJECTED_CODE)
  if (name === 'NotSupportedError' || name === 'SecurityError' || /does not support WebAuthn/i.test(String((err as Error)?.message)))
    return new FrameFailure(PASSKEY_UNAVAILABLE_MESSAGE)
  if (name === 'InvalidStateError') return new FrameFailure('This passkey is already registered')
  return new FrameFailure(DEFAULT_ERROR_MESSAGE)
}

function toFrameUser(u: LoginFrameUser): FrameUser {
  const user: FrameUser = {
    address: u.address,
    chainId: u.chainId,
    accounts: u.accounts.map((a) => ({ address: a.address, type: a.type, namespace: a.namespace })),
    preferredAccountType: u.preferredAccountType,
  }
  if (u.email !== undefined) user.email = u.email
  if (u.userName !== undefined) user.userName = u.userName
  if (u.socialProvider !== undefined) user.socialProvider = u.socialProvider
  if (u.smartAccountDeployed !== undefined) user.smartAccountDeployed = u.smartAccountDeployed
  if (u.fid !== undefined) user.fid = u.fid
  if (u.avatar !== undefined) user.avatar = u.avatar
  return user
}

export interface FrameController {
  /** Handles one window message; ignores it unless origin, source, schema and id freshness all pass. */
  onMessage(event: IncomingMessage): void
  /** Sends FRAME_READY. */
  ready(): void
  /** Resolves when every request accepted so far has been answered (tests). */
  idle(): Promise<void>
}

export function createFrameController(opts: FrameControllerOptions): FrameController {
  const { api, storage } = opts
  const randomId = opts.randomId ?? (() => globalThis.crypto.randomUUID())
  const now = opts.now ?? (() => Date.now())
  const seen = new Set<string>()
  const inFlight = new Set<Promise<void>>()
  let approvals: Promise<unknown> = Promise.resolve()
  /** The Farcaster channel GET_FARCASTER_URI opened (this site's opaque id; the relay token stays on the server). */
  let farcasterChannel: string | undefined
  /** Sponsored gas: the host's app name (shown as "Gas paid by <name>") and paymaster service, from SYNC_DAPP_DATA. */
  let dapp: { name?: string; paymasterUrl?: string } = {}
  /**
   * The account type the server last reported as active, per chain id (GET /api/user, POST /api/preferred-account):
   * only a smart account's sends are sponsorable, so an EOA's send asks no /api/sponsorship. Unknown: asked.
   */
  const activeTypes = new Map<string, AccountType>()
  const noteActiveType = (chainId: FrameChainId | undefined, type: AccountType) => {
    if (chainId !== undefined) activeTypes.set(String(chainId), type)
  }

  const token = () => storage.getItem(STORAGE_KEYS.token) ?? undefined

  function hostAccountType(): AccountType | undefined {
    const v = storage.getItem(STORAGE_KEYS.hostAccountType)
    return v === 'eoa' || v === 'smartAccount' ? v : undefined
  }

  function rememberHostAccountType(type: AccountType | undefined) {
    if (type === undefined) return
    // A new host default can change which account is active (until the user chooses one).
    if (type !== hostAccountType()) activeTypes.clear()
    storage.setItem(STORAGE_KEYS.hostAccountType, type)
  }

  /** GET /api/user with the host's default account type when it gave one. */
  function apiUser(chainId?: FrameChainId) {
    const type = hostAccountType()
    return type === undefined ? api.user(chainId) : api.user(chainId, type)
  }

  function deviceId(): string {
    let id = storage.getItem(STORAGE_KEYS.deviceId)
    if (!id) {
      id = randomId()
      storage.setItem(STORAGE_KEYS.deviceId, id)
    }
    return id
  }

  function storedChainId(): FrameChainId | undefined {
    const raw = storage.getItem(STORAGE_KEYS.chainId)
    if (raw === null) return undefined
    return /^\d+$/.test(raw) ? Number(raw) : raw
  }

  function rememberChain(chainId: FrameChainId) {
    storage.setItem(STORAGE_KEYS.chainId, String(chainId))
  }

  function requireSession() {
    if (!token()) throw new FrameFailure(NOT_CONNECTED_MESSAGE)
  }

  function pendingEmail(): string {
    const email = storage.getItem(STORAGE_KEYS.pendingEmail)
    if (!email) throw new FrameFailure(NO_EMAIL_PENDING_MESSAGE)
    return email
  }

  async function startSession(session: { token: string; user: LoginFrameUser }, chainId?: FrameChainId): Promise<{ user: FrameUser }> {
    storage.setItem(STORAGE_KEYS.token, session.token)
    const want = chainId ?? storedChainId()
    const refetch = (want !== undefined && String(want) !== String(session.user.chainId)) || hostAccountType() !== undefined
    const user = refetch ? await apiUser(want ?? session.user.chainId) : session.user
    rememberChain(user.chainId)
    activeTypes.clear()
    noteActiveType(user.chainId, user.preferredAccountType)
    return { user: toFrameUser(user) }
  }

  async function fetchUser(chainId?: FrameChainId): Promise<FrameUser> {
    requireSession()
    const user = await apiUser(chainId ?? storedChainId())
    rememberChain(user.chainId)
    noteActiveType(user.chainId, user.preferredAccountType)
    return toFrameUser(user)
  }

  function clearSession() {
    activeTypes.clear()
    storage.removeItem(STORAGE_KEYS.token)
    storage.removeItem(STORAGE_KEYS.pendingEmail)
  }

  /** Shows one panel of this frame to the user (the host makes the iframe visible in between); one at a time. */
  function showPanel<T>(id: string, method: string, show: () => Promise<T>): Promise<T> {
    const turn = approvals.then(async () => {
      opts.post({ type: 'FRAME_SHOW_APPROVAL', payload: { id, method } })
      try {
        return await show()
      } finally {
        opts.post({ type: 'FRAME_HIDE_APPROVAL', payload: { id } })
      }
    })
    approvals = turn.catch(() => undefined)
    return turn
  }

  async function withApproval<T>(request: ApprovalRequest, run: () => Promise<T>): Promise<T> {
    // One approval panel at a time: later signing requests wait for the earlier one to be decided.
    if (!(await showPanel(request.id, request.method, () => opts.approve(request)))) throw new FrameFailure(USER_REJECTED_MESSAGE, USER_REJECTED_CODE)
    return run()
  }

  function passkeyCeremonies() {
    if (!opts.passkeys) throw new FrameFailure(PASSKEY_UNAVAILABLE_MESSAGE)
    return opts.passkeys
  }

  const handlers: Handlers = {
    async CONNECT_EMAIL({ email }) {
      const res = await api.emailConnect({ email, deviceId: deviceId() })
      storage.setItem(STORAGE_KEYS.pendingEmail, email)
      return { action: res.action }
    },
    async CONNECT_DEVICE() {
      const email = pendingEmail()
      const deadline = now() + (opts.deviceWaitMs ?? 120_000)
      for (;;) {
        const res = await api.emailDevice({ email, deviceId: deviceId() })
        if (res.action === 'VERIFY_OTP') return { action: 'VERIFY_OTP' }
        if (storage.getItem(STORAGE_KEYS.pendingEmail) !== email) throw new FrameFailure('Request was aborted')
        if (now() >= deadline) throw new FrameFailure('Device approval timed out')
      }
    },
    async CONNECT_OTP({ otp, chainId }) {
      const email = pendingEmail()
      const session = await api.emailOtp({ email, otp, deviceId: deviceId() })
      storage.removeItem(STORAGE_KEYS.pendingEmail)
      return startSession(session, chainId)
    },
    async CONNECT_SOCIAL({ code, chainId }) {
      return startSession(await api.socialExchange(code), chainId)
    },
    async GET_FARCASTER_URI() {
      try {
        const { url, channelId } = await api.farcasterChannel()
        farcasterChannel = channelId
        return { url }
      } catch {
        throw new FrameFailure(FARCASTER_FAILED_MESSAGE)
      }
    },
    async CONNECT_FARCASTER() {
      const channelId = farcasterChannel
      if (!channelId) throw new FrameFailure(FARCASTER_FAILED_MESSAGE)
      const deadline = now() + (opts.farcasterWaitMs ?? 120_000)
      for (;;) {
        let res
        try {
          res = await api.farcasterConnect(channelId)
        } catch {
          if (farcasterChannel === channelId) farcasterChannel = undefined
          throw new FrameFailure(FARCASTER_FAILED_MESSAGE)
        }
        if (res.status === 'completed') {
          if (farcasterChannel === channelId) farcasterChannel = undefined
          return startSession(res)
        }
        // A new channel (GET_FARCASTER_URI again) or RELOAD ends this wait.
        if (farcasterChannel !== channelId) throw new FrameFailure('Request was aborted')
        if (now() >= deadline) throw new FrameFailure(FARCASTER_FAILED_MESSAGE)
      }
    },
    async CONNECT_PASSKEY({ chainId }) {
      const ceremonies = passkeyCeremonies()
      const options = await api.passkeyLoginOptions()
      let response: unknown
      try {
        response = await ceremonies.authenticate(options)
      } catch (err) {
        throw ceremonyFailure(err)
      }
      return startSession(await api.passkeyLoginVerify(response), chainId)
    },
    async ADD_PASSKEY({ label }, request) {
      requireSession()
      const ceremonies = passkeyCeremonies()
      const options = await api.passkeyRegisterOptions()
      let response: unknown
      try {
        response = await showPanel(request.id, 'passkey_create', () => ceremonies.register({ id: request.id, hostOrigin: opts.hostOrigin }, options))
      } catch (err) {
        throw ceremonyFailure(err)
      }
      if (response === undefined) throw new FrameFailure(PASSKEY_CANCELLED_MESSAGE, USER_REJECTED_CODE)
      const { passkey } = await api.passkeyRegisterVerify(response, label)
      return { passkey: toFramePasskey(passkey) }
    },
    async GET_PASSKEYS() {
      requireSession()
      return { passkeys: (await api.passkeys()).passkeys.map(toFramePasskey) }
    },
    async REMOVE_PASSKEY({ id }) {
      requireSession()
      return { passkeys: (await api.passkeyRemove(id)).passkeys.map(toFramePasskey) }
    },
    async GET_SOCIAL_REDIRECT_URI({ provider, state }) {
      const url = new URL('/social/start', opts.secureOrigin)
      url.searchParams.set('provider', provider)
      url.searchParams.set('state', state ?? randomId())
      url.searchParams.set('hostOrigin', opts.hostOrigin)
      url.searchParams.set('projectId', opts.projectId)
      return { uri: url.href }
    },
    async GET_USER({ chainId, preferredAccountType }) {
      rememberHostAccountType(preferredAccountType)
      return { user: await fetchUser(chainId) }
    },
    async SIGN_OUT() {
      if (token()) {
        try {
          await api.signOut()
        } catch {
          // The local session is dropped either way; a revoked or expired token is refused by the server anyway.
        }
      }
      clearSession()
      return {}
    },
    async IS_CONNECTED() {
      if (!token()) return { isConnected: false }
      try {
        await fetchUser()
        return { isConnected: true }
      } catch (err) {
        if (err instanceof ApiFailure && err.sessionExpired) {
          expire(err)
          return { isConnected: false }
        }
        throw err
      }
    },
    async GET_CHAIN_ID() {
      const stored = storedChainId()
      if (stored !== undefined) return { chainId: stored }
      if (token()) return { chainId: (await fetchUser()).chainId }
      return { chainId: 1 }
    },
    async SWITCH_NETWORK({ chainId }) {
      if (token()) {
        const user = await fetchUser(chainId)
        return { chainId: user.chainId }
      }
      rememberChain(chainId)
      return { chainId }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      const res = await api.smartAccountNetworks()
      return { smartAccountEnabledNetworks: res.smartAccountEnabledNetworks }
    },
    async INIT_SMART_ACCOUNT() {
      requireSession()
      const res = await api.smartAccountInit(storedChainId())
      return { address: res.address, isDeployed: res.isDeployed }
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      requireSession()
      const chain = storedChainId()
      const res = await api.preferredAccount(type, chain)
      // The user's choice holds on every chain (where smart accounts are not enabled the server falls back to the EOA).
      activeTypes.clear()
      noteActiveType(chain, res.type)
      return { type: res.type, address: res.address }
    },
    async UPDATE_EMAIL({ email }) {
      requireSession()
      const res = await api.emailUpdate(email)
      return { action: res.action }
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      requireSession()
      const res = await api.emailUpdatePrimary(otp)
      return { action: res.action }
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      requireSession()
      const res = await api.emailUpdateSecondary(otp)
      return { newEmail: res.email }
    },
    async SYNC_THEME({ themeMode }) {
      opts.setTheme(themeMode)
      return {}
    },
    async SYNC_DAPP_DATA({ preferredAccountType, metadata, paymasterUrl }) {
      // The approval panel names the requester by its verified origin, never by host-supplied metadata; the metadata
      // name only says who pays the gas of a sponsored operation.
      rememberHostAccountType(preferredAccountType)
      dapp = { ...(metadata?.name ? { name: metadata.name } : {}), ...(paymasterUrl ? { paymasterUrl } : {}) }
      return {}
    },
    async RELOAD() {
      storage.removeItem(STORAGE_KEYS.pendingEmail)
      farcasterChannel = undefined
      return {}
    },
    async RPC_REQUEST({ method, params, chainId }, request) {
      requireSession()
      const chain = chainId ?? storedChainId()
      let sponsorship: Sponsorship = { status: 'none' }
      const call = async () => {
        const type = hostAccountType()
        const res = await api.rpc({
          method,
          params,
          ...(chain === undefined ? {} : { chainId: chain }),
          ...(needsApproval(method) ? { approved: true } : {}),
          ...(type === undefined ? {} : { preferredAccountType: type }),
          ...(dapp.paymasterUrl ? { paymasterUrl: dapp.paymasterUrl } : {}),
          ...(sponsorship.status === 'sponsored' ? { sponsored: true } : {}),
        })
        if ('error' in res) throw new FrameFailure(res.error.message, res.error.code)
        return { result: res.result }
      }
      if (!needsApproval(method)) return call()
      // Parsed once, the way the server parses it before signing (../requests.ts): the panel shows that object, and
      // a request the server would read differently (ambiguous or unknown fields) is refused before any panel.
      let parsed: SigningRequest
      try {
        parsed = parseSigningRequest(method, params)
        // EIP-7702: an authorization for another chain than the session's is refused before any panel.
        if (parsed.method === SET_DELEGATION_METHOD) checkDelegationChain(parsed, chain)
      } catch (e) {
        if (e instanceof SigningRequestError || e instanceof DelegationRequestError) throw new FrameFailure(e.message, e.code)
        throw e
      }
      const description = describeRequest(parsed, chain)
      if ((parsed.method === 'eth_sendTransaction' || parsed.method === 'wallet_sendCalls') && mayBeSponsored(chain)) {
        sponsorship = await askSponsorship(method, params, chain)
        // First, above the call's details: who pays is what the user decides on, and the panel scrolls its rows.
        description.rows.unshift(...sponsorRows(sponsorship, { name: dapp.name, origin: opts.hostOrigin }))
      }
      return withApproval({ id: request.id, method, description, hostOrigin: opts.hostOrigin }, call)
    },
  }

  /**
   * Whether a send on `chain` is worth asking the sponsor about: not when the server said the active account there is
   * an EOA (its /api/sponsorship answers `none` for one; an EIP-7702-upgraded EOA's batch is sponsored by eip7702.ts
   * at send time, without a panel row).
   */
  function mayBeSponsored(chain: FrameChainId | undefined): boolean {
    return (chain === undefined ? undefined : activeTypes.get(String(chain))) !== 'eoa'
  }

  /** Whether a paymaster pays this request's gas (the smart account's operations only); a failed check is `none`. */
  async function askSponsorship(method: string, params: unknown, chain: FrameChainId | undefined): Promise<Sponsorship> {
    const type = hostAccountType()
    try {
      return await api.sponsorship({
        method,
        params,
        ...(chain === undefined ? {} : { chainId: chain }),
        ...(type === undefined ? {} : { preferredAccountType: type }),
        ...(dapp.paymasterUrl ? { paymasterUrl: dapp.paymasterUrl } : {}),
      })
    } catch {
      return { status: 'none' }
    }
  }

  function expire(err: ApiFailure) {
    clearSession()
    opts.post({ type: 'FRAME_SESSION_EXPIRED', payload: { message: err.message } })
  }

  async function handle(request: FrameRequest): Promise<void> {
    let reply: FrameReply
    try {
      const handler = handlers[request.type] as (p: unknown, r: FrameRequest) => Promise<never>
      reply = successReply(request, await handler(request.payload, request))
    } catch (err) {
      if (err instanceof ApiFailure) {
        if (err.sessionExpired) expire(err)
        reply = errorReply(request, err.message)
      } else if (err instanceof FrameFailure) {
        reply = errorReply(request, err.message, err.code)
      } else {
        reply = errorReply(request, DEFAULT_ERROR_MESSAGE)
      }
    }
    opts.post(reply)
  }

  return {
    onMessage(event) {
      if (event.origin !== opts.hostOrigin) return
      if (event.source === null || event.source !== opts.parent) return
      const request = parseHostToFrame(event.data)
      if (!request) return
      if (seen.has(request.id)) return
      if (seen.size >= MAX_SEEN_IDS) seen.delete(seen.values().next().value as string)
      seen.add(request.id)
      const p = handle(request).finally(() => inFlight.delete(p))
      inFlight.add(p)
    },
    ready() {
      opts.post({ type: 'FRAME_READY', payload: { version: FRAME_PROTOCOL_VERSION } })
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
