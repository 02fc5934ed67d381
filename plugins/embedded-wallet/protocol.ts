/**
 * The embedded-wallet frame protocol (SPEC §7 "Embedded wallet frame messages").
 *
 * Pure types and validators, shared by the host side (the embedded-wallet plugin's frame client) and the secure
 * site's iframe page. No DOM, no React: it runs in a window, a worker or Node alike.
 *
 * Directions:
 * - host → frame: a request `{ type: kind, id, payload }` (id random, `crypto.randomUUID()`).
 * - frame → host: a reply `{ type: kind + '_SUCCESS', id, payload }` or `{ type: kind + '_ERROR', id,
 *   payload: { message, code? } }` with the same id; or an event that is not a reply (`FRAME_READY`,
 *   `FRAME_SHOW_APPROVAL`, `FRAME_HIDE_APPROVAL`, `FRAME_SESSION_EXPIRED`).
 * - social popup → host (opener): `SOCIAL_RESULT { code }` or `SOCIAL_ERROR { message }`.
 *
 * Parsers return `undefined` for anything that is not exactly one of these shapes (unknown type, missing or
 * non-string id, wrong field types). The parsed value is a fresh `{ type, id, payload }`: extra top-level fields
 * are dropped, extra payload fields are kept but never read. Origin and source checks are the caller's job
 * (exact `event.origin`, `event.source`).
 */

/** Version the frame announces in `FRAME_READY`. */
export const FRAME_PROTOCOL_VERSION = 1

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export const THEME_MODES = ['light', 'dark'] as const
export type ThemeMode = (typeof THEME_MODES)[number]

export const ACCOUNT_TYPES = ['eoa', 'smartAccount'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/** Wallet code and text for a request the user rejected in the approval panel (SPEC §8 codes: 4001). */
export const USER_REJECTED_CODE = 4001
export const USER_REJECTED_MESSAGE = 'User rejected the request.'

/**
 * Code and text a frame answers for a kind it does not serve. The stack's secure site serves every kind since issue 14
 * (smart accounts, Farcaster); kept for other secure sites and older builds.
 */
export const NOT_SUPPORTED_CODE = 4200
export const NOT_SUPPORTED_MESSAGE = 'Not supported yet by this secure site'

/** RPC methods the frame shows its approval panel for before signing (SPEC §6 "not safe" signing methods). */
export const APPROVAL_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  // Smart account (issue 14): a batch of calls, an ERC-7715 permission grant and its revocation are signed too.
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  // EIP-7702 (issue 29 part 2): an authorization upgrading the EOA (or revoking it), explained by the panel.
  'portico_setDelegation',
] as const
export type ApprovalMethod = (typeof APPROVAL_METHODS)[number]

export function needsApproval(method: string): method is ApprovalMethod {
  return (APPROVAL_METHODS as readonly string[]).includes(method)
}

/** Chain id as the frame sees it: a number for eip155 (1, 31337), a CAIP-2 string for others ('solana:...'). */
export type FrameChainId = number | string

/** One account of the login-frame user. */
export interface FrameAccount {
  address: string
  type: AccountType
  /** 'eip155' or 'solana' when the frame knows it. */
  namespace?: string
}

/** SPEC §3 login-frame user. */
export interface FrameUser {
  email?: string
  address: string
  chainId: FrameChainId
  accounts: FrameAccount[]
  userName?: string
  preferredAccountType: AccountType
  smartAccountDeployed?: boolean
  /** The social provider the user signed in with, if any. */
  socialProvider?: SocialProvider
  /** Farcaster users: their fid. */
  fid?: number
  /** Farcaster users: their profile picture URL (render as `<img>` only). */
  avatar?: string
}

/** One passkey of the user (issue 28), as the secure site lists it. Times are ISO 8601. */
export interface FramePasskey {
  id: string
  label: string
  createdAt: string
  lastUsedAt?: string
  /** 'multiDevice': backup eligible (synced by a password manager or platform); 'singleDevice': bound to one authenticator. */
  deviceType: 'singleDevice' | 'multiDevice'
  backedUp: boolean
}

export interface EmptyPayload {}

/** Request payload and success payload of every kind. */
export interface FrameKinds {
  /** Start an email login; the frame answers what the user must do next. */
  CONNECT_EMAIL: { request: { email: string }; success: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' } }
  /** Wait for the device approval link in the mail to be clicked; then an OTP mail is sent. */
  CONNECT_DEVICE: { request: EmptyPayload; success: { action: 'VERIFY_OTP' } }
  /** Check the one-time code; on success the frame holds a session. */
  CONNECT_OTP: { request: { otp: string; chainId?: FrameChainId }; success: { user: FrameUser } }
  /** Finish a social login with the one-time result code the popup delivered to the host. */
  CONNECT_SOCIAL: { request: { code: string; chainId?: FrameChainId }; success: { user: FrameUser } }
  CONNECT_FARCASTER: { request: EmptyPayload; success: { user: FrameUser } }
  /** Log in with a passkey alone (issue 28): the frame runs the WebAuthn ceremony on its own origin (discoverable). */
  CONNECT_PASSKEY: { request: { chainId?: FrameChainId }; success: { user: FrameUser } }
  /** Add a passkey to the signed-in account: the frame shows its panel (FRAME_SHOW_APPROVAL) and creates it there. */
  ADD_PASSKEY: { request: { label?: string }; success: { passkey: FramePasskey } }
  GET_PASSKEYS: { request: EmptyPayload; success: { passkeys: FramePasskey[] } }
  /** Removes one; the account's last login method is refused with the secure site's text. */
  REMOVE_PASSKEY: { request: { id: string }; success: { passkeys: FramePasskey[] } }
  GET_FARCASTER_URI: { request: EmptyPayload; success: { url: string } }
  /** URL of the secure site's social start page, to open in the 600x800 popup. */
  GET_SOCIAL_REDIRECT_URI: { request: { provider: SocialProvider; state?: string }; success: { uri: string } }
  GET_USER: { request: { chainId?: FrameChainId; preferredAccountType?: AccountType }; success: { user: FrameUser } }
  SIGN_OUT: { request: EmptyPayload; success: EmptyPayload }
  IS_CONNECTED: { request: EmptyPayload; success: { isConnected: boolean } }
  GET_CHAIN_ID: { request: EmptyPayload; success: { chainId: FrameChainId } }
  SWITCH_NETWORK: { request: { chainId: FrameChainId }; success: { chainId: FrameChainId } }
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: EmptyPayload; success: { smartAccountEnabledNetworks: number[] } }
  INIT_SMART_ACCOUNT: { request: EmptyPayload; success: { address: string; isDeployed: boolean } }
  SET_PREFERRED_ACCOUNT: { request: { type: AccountType }; success: { type: AccountType; address: string } }
  /** Start changing the email: a code goes to the current (primary) address (to the new one for a user without email). */
  UPDATE_EMAIL: { request: { email: string }; success: { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' } }
  /** Primary code accepted: a code goes to the new (secondary) address. */
  UPDATE_EMAIL_PRIMARY_OTP: { request: { otp: string }; success: { action: 'VERIFY_SECONDARY_OTP' } }
  UPDATE_EMAIL_SECONDARY_OTP: { request: { otp: string }; success: { newEmail: string } }
  SYNC_THEME: { request: { themeMode: ThemeMode }; success: EmptyPayload }
  SYNC_DAPP_DATA: {
    request: {
      projectId?: string
      sdkType?: string
      sdkVersion?: string
      metadata?: { name?: string; url?: string; icons?: string[] }
      /** The host's default account type (its preferredAccountTypes for eip155), used until the user chooses one. */
      preferredAccountType?: AccountType
      /** The host's ERC-7677 paymaster service: the smart account's user operations ask it to pay their gas. */
      paymasterUrl?: string
    }
    success: EmptyPayload
  }
  RELOAD: { request: EmptyPayload; success: EmptyPayload }
  /** A wallet RPC call; signing methods (APPROVAL_METHODS) go through the frame's approval panel first. */
  RPC_REQUEST: { request: { method: string; params?: unknown; chainId?: FrameChainId }; success: { result: unknown } }
}

export type FrameKind = keyof FrameKinds

export type FrameRequest<K extends FrameKind = FrameKind> = K extends FrameKind
  ? { type: K; id: string; payload: FrameKinds[K]['request'] }
  : never
export type FrameSuccess<K extends FrameKind = FrameKind> = K extends FrameKind
  ? { type: `${K}_SUCCESS`; id: string; payload: FrameKinds[K]['success'] }
  : never
export interface FrameErrorPayload {
  message: string
  code?: number
}
export type FrameError<K extends FrameKind = FrameKind> = K extends FrameKind
  ? { type: `${K}_ERROR`; id: string; payload: FrameErrorPayload }
  : never
export type FrameReply<K extends FrameKind = FrameKind> = FrameSuccess<K> | FrameError<K>

/** Frame → host events that are not replies. */
export type FrameEvent =
  | { type: 'FRAME_READY'; payload: { version: number } }
  /** Make the iframe visible inside the modal (ApproveTransaction view): it renders the approval panel. */
  | { type: 'FRAME_SHOW_APPROVAL'; payload: { id: string; method: string } }
  | { type: 'FRAME_HIDE_APPROVAL'; payload: { id: string } }
  /** The secure site refused the session (401); the host shows "Session Expired". */
  | { type: 'FRAME_SESSION_EXPIRED'; payload: { message: string } }

export type FrameEventType = FrameEvent['type']

/**
 * Social popup → opener (the host). `state` echoes the state the host passed to the start URL (via
 * GET_SOCIAL_REDIRECT_URI), when it did; the host should compare it. The code is one-time: the host hands it to the
 * frame with CONNECT_SOCIAL.
 */
export type SocialMessage =
  | { type: 'SOCIAL_RESULT'; payload: { code: string; state?: string; provider?: SocialProvider } }
  | { type: 'SOCIAL_ERROR'; payload: { message: string; state?: string; provider?: SocialProvider } }

// ---------------------------------------------------------------------------------------------------------------
// Tiny validator

type Check = (v: unknown) => boolean

const MAX_ID = 128
const MAX_TEXT = 10_000
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
const str: Check = (v) => typeof v === 'string' && v.length <= MAX_TEXT
const nonEmpty: Check = (v) => str(v) && (v as string).length > 0
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v)
const int: Check = (v) => Number.isSafeInteger(v)
const bool: Check = (v) => typeof v === 'boolean'
const email: Check = (v) => nonEmpty(v) && (v as string).length <= 254 && EMAIL_RE.test(v as string)
const anything: Check = () => true
const oneOf =
  (...values: readonly unknown[]): Check =>
  (v) =>
    values.includes(v)
const opt =
  (c: Check): Check =>
  (v) =>
    v === undefined || c(v)
const arr =
  (c: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(c)
const either =
  (...cs: Check[]): Check =>
  (v) =>
    cs.some((c) => c(v))
const obj =
  (shape: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.entries(shape).every(([k, c]) => c(v[k]))

const chainId = either(int, nonEmpty)
const provider = oneOf(...SOCIAL_PROVIDERS)
const accountType = oneOf(...ACCOUNT_TYPES)
const empty = obj({})
const account = obj({ address: nonEmpty, type: accountType, namespace: opt(str) })
const user = obj({
  email: opt(email),
  address: nonEmpty,
  chainId,
  accounts: arr(account),
  userName: opt(str),
  preferredAccountType: accountType,
  smartAccountDeployed: opt(bool),
  socialProvider: opt(provider),
  fid: opt(int),
  avatar: opt(str),
})
const withUser = obj({ user })
const passkey = obj({ id: nonEmpty, label: str, createdAt: nonEmpty, lastUsedAt: opt(str), deviceType: oneOf('singleDevice', 'multiDevice'), backedUp: bool })
const passkeyList = obj({ passkeys: arr(passkey) })

const SCHEMAS: { [K in FrameKind]: { request: Check; success: Check } } = {
  CONNECT_EMAIL: { request: obj({ email }), success: obj({ action: oneOf('VERIFY_DEVICE', 'VERIFY_OTP') }) },
  CONNECT_DEVICE: { request: empty, success: obj({ action: oneOf('VERIFY_OTP') }) },
  CONNECT_OTP: { request: obj({ otp: nonEmpty, chainId: opt(chainId) }), success: withUser },
  CONNECT_SOCIAL: { request: obj({ code: nonEmpty, chainId: opt(chainId) }), success: withUser },
  CONNECT_FARCASTER: { request: empty, success: withUser },
  CONNECT_PASSKEY: { request: obj({ chainId: opt(chainId) }), success: withUser },
  ADD_PASSKEY: { request: obj({ label: opt(str) }), success: obj({ passkey }) },
  GET_PASSKEYS: { request: empty, success: passkeyList },
  REMOVE_PASSKEY: { request: obj({ id: nonEmpty }), success: passkeyList },
  GET_FARCASTER_URI: { request: empty, success: obj({ url: nonEmpty }) },
  GET_SOCIAL_REDIRECT_URI: { request: obj({ provider, state: opt(str) }), success: obj({ uri: nonEmpty }) },
  GET_USER: { request: obj({ chainId: opt(chainId), preferredAccountType: opt(accountType) }), success: withUser },
  SIGN_OUT: { request: empty, success: empty },
  IS_CONNECTED: { request: empty, success: obj({ isConnected: bool }) },
  GET_CHAIN_ID: { request: empty, success: obj({ chainId }) },
  SWITCH_NETWORK: { request: obj({ chainId }), success: obj({ chainId }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: empty, success: obj({ smartAccountEnabledNetworks: arr(int) }) },
  INIT_SMART_ACCOUNT: { request: empty, success: obj({ address: nonEmpty, isDeployed: bool }) },
  SET_PREFERRED_ACCOUNT: { request: obj({ type: accountType }), success: obj({ type: accountType, address: nonEmpty }) },
  UPDATE_EMAIL: { request: obj({ email }), success: obj({ action: oneOf('VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP') }) },
  UPDATE_EMAIL_PRIMARY_OTP: { request: obj({ otp: nonEmpty }), success: obj({ action: oneOf('VERIFY_SECONDARY_OTP') }) },
  UPDATE_EMAIL_SECONDARY_OTP: { request: obj({ otp: nonEmpty }), success: obj({ newEmail: email }) },
  SYNC_THEME: { request: obj({ themeMode: oneOf(...THEME_MODES) }), success: empty },
  SYNC_DAPP_DATA: {
    request: obj({
      projectId: opt(str),
      sdkType: opt(str),
      sdkVersion: opt(str),
      metadata: opt(obj({ name: opt(str), url: opt(str), icons: opt(arr(str)) })),
      preferredAccountType: opt(accountType),
      paymasterUrl: opt(str),
    }),
    success: empty,
  },
  RELOAD: { request: empty, success: empty },
  RPC_REQUEST: { request: obj({ method: nonEmpty, params: anything, chainId: opt(chainId) }), success: obj({ result: anything }) },
}

export const FRAME_KINDS = Object.keys(SCHEMAS) as FrameKind[]

const EVENT_SCHEMAS: Record<FrameEventType, Check> = {
  FRAME_READY: obj({ version: int }),
  FRAME_SHOW_APPROVAL: obj({ id: nonEmpty, method: nonEmpty }),
  FRAME_HIDE_APPROVAL: obj({ id: nonEmpty }),
  FRAME_SESSION_EXPIRED: obj({ message: str }),
}

const errorPayload = obj({ message: str, code: opt(int) })

const has = <T extends object>(o: T, k: PropertyKey): k is keyof T => Object.prototype.hasOwnProperty.call(o, k)
const validId: Check = (v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID

export function isFrameKind(v: unknown): v is FrameKind {
  return typeof v === 'string' && has(SCHEMAS, v)
}

/** Validates a message the frame received; `undefined` unless it is a well-formed request. */
export function parseHostToFrame(data: unknown): FrameRequest | undefined {
  if (!isRecord(data) || !isFrameKind(data.type) || !validId(data.id)) return undefined
  if (!SCHEMAS[data.type].request(data.payload)) return undefined
  return { type: data.type, id: data.id, payload: data.payload } as FrameRequest
}

/** Validates a message the host received from the frame: a reply or an event; `undefined` otherwise. */
export function parseFrameToHost(data: unknown): FrameReply | FrameEvent | undefined {
  if (!isRecord(data) || typeof data.type !== 'string') return undefined
  const type = data.type
  if (has(EVENT_SCHEMAS, type)) {
    if (!EVENT_SCHEMAS[type](data.payload)) return undefined
    return { type, payload: data.payload } as FrameEvent
  }
  if (!validId(data.id)) return undefined
  const m = /^(.+)_(SUCCESS|ERROR)$/.exec(type)
  if (!m || !isFrameKind(m[1])) return undefined
  const check = m[2] === 'SUCCESS' ? SCHEMAS[m[1]].success : errorPayload
  if (!check(data.payload)) return undefined
  return { type, id: data.id, payload: data.payload } as FrameReply
}

/** Validates a message from the social-login popup (the host checks origin and that the source is its popup). */
export function parseSocialMessage(data: unknown): SocialMessage | undefined {
  if (!isRecord(data)) return undefined
  if (data.type === 'SOCIAL_RESULT' && obj({ code: nonEmpty, state: opt(str), provider: opt(provider) })(data.payload)) {
    return { type: 'SOCIAL_RESULT', payload: data.payload } as SocialMessage
  }
  if (data.type === 'SOCIAL_ERROR' && obj({ message: str, state: opt(str), provider: opt(provider) })(data.payload)) {
    return { type: 'SOCIAL_ERROR', payload: data.payload } as SocialMessage
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Builders

function randomId(): string {
  return globalThis.crypto.randomUUID()
}

/** A request with a fresh random id. */
export function createRequest<K extends FrameKind>(type: K, payload: FrameKinds[K]['request']): FrameRequest<K> {
  return { type, id: randomId(), payload } as FrameRequest<K>
}

export function successReply<K extends FrameKind>(request: FrameRequest<K>, payload: FrameKinds[K]['success']): FrameSuccess<K> {
  return { type: `${request.type}_SUCCESS`, id: request.id, payload } as FrameSuccess<K>
}

export function errorReply<K extends FrameKind>(request: FrameRequest<K>, message: string, code?: number): FrameError<K> {
  const payload: FrameErrorPayload = code === undefined ? { message } : { message, code }
  return { type: `${request.type}_ERROR`, id: request.id, payload } as FrameError<K>
}

export function isFrameEvent(m: FrameReply | FrameEvent): m is FrameEvent {
  return !('id' in m)
}

export function isErrorReply(m: FrameReply): m is FrameError {
  return m.type.endsWith('_ERROR')
}

/** The request kind a reply answers ('CONNECT_EMAIL' for 'CONNECT_EMAIL_SUCCESS'). */
export function replyKind(m: FrameReply): FrameKind {
  return m.type.replace(/_(SUCCESS|ERROR)$/, '') as FrameKind
}
