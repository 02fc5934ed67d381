/**
 * The secure site's HTTP API: request and response types, shared by the server (stack/secure-site/server) and the
 * pages it serves (stack/secure-site/frame). Types and constants only (no runtime dependency), so a browser bundle can
 * import this file.
 *
 * Conventions
 * - Every `/api/*` call except `GET /api/project-check` is made by the frame page on the secure origin itself
 *   (same origin, `fetch` with a JSON body) and carries two headers:
 *     `x-portico-project-id: <projectId>`   (the frame page's `?projectId=`)
 *     `x-portico-host-origin: <origin>`     (the frame page's `?origin=`, the exact host origin, e.g. http://127.0.0.1:5173)
 *   Calls that need a session also carry `authorization: Bearer <token>` (the token from OTP or social exchange; the
 *   page keeps it in its own origin's storage).
 * - A browser `Origin` header on an `/api/*` call, when present, must be the secure origin itself (else 403).
 * - Failures answer a non-2xx status with `ApiError`: `{ error: <text>, code: <ApiErrorCode> }`. The `error` texts
 *   of SPEC §8 are exact (see `ApiErrorText`). 429 replies also carry a `retry-after` header (whole seconds).
 * - `POST /api/rpc` answers HTTP 200 with either `{ result }` or a JSON-RPC-shaped `{ error: { code, message } }`
 *   once the session and origin checks passed.
 */

/** Header names the frame page sends on every `/api/*` call. */
export const ApiHeader = {
  PROJECT_ID: 'x-portico-project-id',
  HOST_ORIGIN: 'x-portico-host-origin',
  AUTHORIZATION: 'authorization',
} as const

/** Exact reply texts (SPEC §8 and §5) and the fixed texts of this server. `{n}` is replaced by a whole number. */
export const ApiErrorText = {
  /** 403: the host origin is not on the project's allowlist → "Invalid App Configuration". */
  ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed',
  /** 401: unknown projectId → "Invalid Project ID". */
  INVALID_KEY: 'Unauthorized: invalid key',
  /** 401: the session JWT's nbf is in the future → "Session Expired". */
  JWT_NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid',
  /** 401: the session JWT's exp has passed → "Session Expired". */
  JWT_EXPIRED: 'JWT validation error: JWT Token has expired',
  /** 401: bad signature, issuer, audience, malformed, signed out → "Session Expired". */
  JWT_INVALID: 'JWT validation error: JWT Token is invalid',
  /** 401: no `authorization: Bearer` header on a call that needs a session. */
  JWT_MISSING: 'JWT validation error: JWT Token is missing',
  /** 429: the same email (or the same user's email update) triggered a mail less than 30 s ago (SPEC §5). */
  EMAIL_THROTTLED: 'Please try again after {n} seconds',
  /** 429: more than the per-IP budget on /api/email/* (60 per minute by default) → "Rate Limited". */
  RATE_LIMITED: 'Rate Limited',
  /** 400: wrong one-time code (fewer than 5 wrong tries so far). */
  OTP_INVALID: 'Invalid code',
  /** 400: no code pending, the code is older than 10 minutes, or 5 wrong tries used it up. Ask for a new one. */
  OTP_EXPIRED: 'Code expired, request a new one',
  /** 429: the email had too many wrong codes today; only devices that logged in with it before may still try (issue 26). */
  EMAIL_LOCKED: 'Too many wrong codes for this email today, try again tomorrow',
  /** 403: the right code from a new device of a known email before the link mailed with it was approved (issue 26 item 5). */
  DEVICE_NOT_APPROVED: 'Approve this device with the link in the email, then enter the code again',
  /** 400: a body or query field fails validation (the message names the field). */
  INVALID_PARAMS: 'Invalid params',
  /** 400: an unknown social provider. */
  UNKNOWN_PROVIDER: 'Unknown social provider',
  /** 400: a social result code that is unknown, used or older than 2 minutes, or from another host origin. */
  SOCIAL_CODE_INVALID: 'Failed to connect',
  /** 400: a smart account asked on a chain where the host did not enable smart accounts (SPEC §8, §4). */
  SMART_ACCOUNT_NOT_SUPPORTED: 'This application might not support Smart Accounts.',
  /** 400 / 502: the Farcaster sign-in failed (relay unreachable, channel expired, verification refused) (SPEC §8). */
  FARCASTER_FAILED: 'Failed to connect to farcaster',
  /** 400: a passkey ceremony's response failed verification (origin, RP id, challenge, signature, user verification, counter). */
  PASSKEY_FAILED: 'Passkey verification failed',
  /** 400: a passkey login with a credential this site does not know (removed, or registered elsewhere). */
  PASSKEY_UNKNOWN: 'This passkey is not registered for a wallet here',
  /** 409: removing the user's only way to log in (a passkey of an account without email, social or Farcaster login). */
  LAST_LOGIN_METHOD: 'This passkey is your only way to log in: add another login method before removing it',
  /** 500 */
  SERVER_ERROR: 'Server Error',
} as const

export type ApiErrorCode =
  | 'ORIGIN_NOT_ALLOWED'
  | 'INVALID_KEY'
  | 'SESSION_EXPIRED'
  | 'EMAIL_THROTTLED'
  | 'RATE_LIMITED'
  | 'OTP_INVALID'
  | 'OTP_EXPIRED'
  | 'EMAIL_LOCKED'
  | 'DEVICE_NOT_APPROVED'
  | 'INVALID_PARAMS'
  | 'UNKNOWN_PROVIDER'
  | 'SOCIAL_CODE_INVALID'
  | 'SMART_ACCOUNT_NOT_SUPPORTED'
  | 'FARCASTER_FAILED'
  | 'PASSKEY_FAILED'
  | 'PASSKEY_UNKNOWN'
  | 'LAST_LOGIN_METHOD'
  | 'NOT_FOUND'
  | 'SERVER_ERROR'

/** Body of every non-2xx reply (except `/api/rpc` outcomes, see `RpcResponse`). */
export type ApiError = { error: string; code: ApiErrorCode }

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** Account types (SPEC §1): the user's own key (EOA) or the ERC-4337 smart account it owns. */
export type AccountType = 'eoa' | 'smartAccount'

/**
 * An account of the user (SPEC §3 account entry). Both keys exist from the user's creation; on a chain where smart
 * accounts are enabled the list also carries the eip155 smart account (counterfactual until its first operation).
 */
export type AccountEntry = { namespace: 'eip155' | 'solana'; address: string; type: AccountType }

/**
 * SPEC §3 login-frame user. `address` is the account of the namespace of `chainId` (eip155 when no chainId was asked);
 * `chainId` is a number for eip155 and the CAIP-2 id (e.g. "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp") for solana.
 */
export type LoginFrameUser = {
  email?: string
  address: string
  chainId: number | string
  accounts: AccountEntry[]
  /** Social users: the provider's name or login. */
  userName?: string
  /** Social users: the provider they signed in with. */
  socialProvider?: SocialProvider
  /** Farcaster users: their fid and profile picture URL (userName is the Farcaster username). */
  fid?: number
  avatar?: string
  /** The account type `address` is (eip155): the stored preference where smart accounts are enabled, else 'eoa'. */
  preferredAccountType: AccountType
  /** Whether the user's smart account has code on this chain (false where smart accounts are not enabled). */
  smartAccountDeployed?: boolean
}

// ---------------------------------------------------------------------------------------------------------------
// Public (no headers needed, CORS `*`): lets the host plugin learn why the frame would be refused.

/** `GET /api/project-check?projectId=&origin=` → 200 `{ ok: true }`, or 401 INVALID_KEY, or 403 ORIGIN_NOT_ALLOWED. */
export type ProjectCheckResponse = { ok: true; allowedOrigins: string[] }

// ---------------------------------------------------------------------------------------------------------------
// Email login

/**
 * `POST /api/email/connect`. `deviceId` is a random id (at least 16 characters of [A-Za-z0-9_-]) the frame page
 * creates once and keeps in its storage. Always `VERIFY_OTP` after one mail, whether the email is registered or not
 * (issue 26 item 5). For an existing user on an unknown device that mail also carries the approval link, and
 * `POST /api/email/otp` refuses the right code (403 DEVICE_NOT_APPROVED, code kept) until the link was approved.
 * This server never answers `VERIFY_DEVICE` here; the type keeps it for the frame protocol.
 * Throttled per email: 30 s between triggers (429 EMAIL_THROTTLED with n = whole seconds left).
 */
export type EmailConnectRequest = { email: string; deviceId: string }
export type EmailConnectResponse = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }

/**
 * `POST /api/email/device`: waits (long poll, up to ~25 s) for the approval link to be approved. Approved →
 * `VERIFY_OTP` (the code came in the link's mail); still waiting → `VERIFY_DEVICE` (call again).
 */
export type EmailDeviceRequest = { email: string; deviceId: string }
export type EmailDeviceResponse = { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' }

/**
 * `POST /api/email/otp`: six digits, valid 10 minutes, 5 wrong tries invalidate it. Success registers the device and
 * starts a session.
 */
export type EmailOtpRequest = { email: string; otp: string; deviceId: string }
export type SessionResponse = { token: string; user: LoginFrameUser }
export type EmailOtpResponse = SessionResponse

// Email update (SPEC §4), needs a session. Steps: update → primary otp → secondary otp.
/**
 * `POST /api/email/update`: sends a code to the current email. Only users with an email (email logins, or social
 * logins whose provider gave one) can update; others get 400 INVALID_PARAMS. Throttled 30 s per user.
 */
export type EmailUpdateRequest = { newEmail: string }
export type EmailUpdateResponse = { action: 'VERIFY_PRIMARY_OTP' }
/** `POST /api/email/update/primary`: the code from the current email; then a code goes to the new email. */
export type EmailUpdatePrimaryRequest = { otp: string }
export type EmailUpdatePrimaryResponse = { action: 'VERIFY_SECONDARY_OTP' }
/** `POST /api/email/update/secondary`: the code from the new email; then `GET /api/user` shows the new email. */
export type EmailUpdateSecondaryRequest = { otp: string }
export type EmailUpdateSecondaryResponse = { email: string }

// ---------------------------------------------------------------------------------------------------------------
// Social login

/**
 * `GET /social/start?provider=&state=&hostOrigin=&projectId=` (the popup's first URL): checks projectId and hostOrigin,
 * keeps PKCE verifier, nonce and its own state server-side, and redirects (302) to the provider's authorization URL.
 * `state` is the host's opaque value (echoed back in `SocialCallbackMessage`, at most 200 characters).
 *
 * `GET /auth/callback/:provider` (the provider redirects here): exchanges the code server-side, checks the id_token,
 * finds or creates the user by provider+sub, then serves the callback page. That page posts one `SocialCallbackMessage`
 * to `window.opener` with target origin = the exact hostOrigin given at start, then closes.
 */
export type SocialCallbackMessage =
  | { type: 'SOCIAL_RESULT'; payload: { code: string; state?: string } }
  | { type: 'SOCIAL_ERROR'; payload: { message: string; state?: string } }

/**
 * Data the server embeds in the callback page as JSON in
 * `<script type="application/json" id="portico-social-callback">…</script>` for the callback page's script: post
 * `message` to `window.opener` with exactly `targetOrigin` (never `*`), then close.
 */
export type SocialCallbackPageData = { targetOrigin: string; message: SocialCallbackMessage }

/**
 * `POST /api/social/exchange`: trades the one-time result code (valid 2 minutes, once, only with the host origin
 * and projectId recorded at start) for a session.
 */
export type SocialExchangeRequest = { code: string }
export type SocialExchangeResponse = SessionResponse

// ---------------------------------------------------------------------------------------------------------------
// Session

/**
 * `GET /api/user?chainId=&preferredAccountType=` (chainId: eip155 number, or CAIP-2 `eip155:1` / `solana:<ref>`),
 * needs a session. `preferredAccountType` is the host's default, used only while the user has not chosen one.
 */
export type UserResponse = LoginFrameUser
/** `POST /api/sign-out` (body `{}`): revokes the session; the token is refused from then on. */
export type SignOutResponse = { ok: true }

// ---------------------------------------------------------------------------------------------------------------
// Smart accounts (SPEC §1, §4): only on the chain ids the secure site was started with (`smartAccountChainIds`).

/** `GET /api/smart-account/networks` (project headers only) → the enabled eip155 chain ids. */
export type SmartAccountNetworksResponse = { smartAccountEnabledNetworks: number[] }
/**
 * `POST /api/smart-account` `{ chainId }` (session): the user's smart account on that chain (counterfactual address
 * from the factory, deployed = has code). Not enabled there → 400 SMART_ACCOUNT_NOT_SUPPORTED.
 */
export type SmartAccountInitRequest = { chainId?: number | string }
export type SmartAccountInitResponse = { address: string; isDeployed: boolean }
/**
 * `POST /api/preferred-account` `{ type, chainId }` (session): stores the user's preferred account type (kept across
 * sessions) and answers the address of that type on chainId. 'smartAccount' on a chain not enabled → 400
 * SMART_ACCOUNT_NOT_SUPPORTED (nothing stored).
 */
export type PreferredAccountRequest = { type: AccountType; chainId?: number | string }
export type PreferredAccountResponse = { type: AccountType; address: string }

// ---------------------------------------------------------------------------------------------------------------
// Farcaster sign-in (SPEC §4 "Farcaster uses a URL"), when the site was started with `farcaster` options.

/**
 * `POST /api/farcaster/channel` `{}` (project headers): opens a sign-in channel on the Farcaster auth relay with the
 * host origin's host as SIWF domain → `{ url, channelId }` (`url`: the farcaster sign-in URL to show as QR / link;
 * `channelId`: this site's opaque handle, valid 5 minutes, bound to the project and host origin).
 */
export type FarcasterChannelResponse = { url: string; channelId: string }
/**
 * `POST /api/farcaster/connect` `{ channelId }` (project headers): waits up to ~25 s for the sign-in. Still waiting →
 * `{ status: 'pending' }` (call again); signed in and verified against the registries → `{ status: 'completed',
 * token, user }`; expired, refused or unverifiable → 400 FARCASTER_FAILED.
 */
export type FarcasterConnectRequest = { channelId: string }
export type FarcasterConnectResponse = { status: 'pending' } | ({ status: 'completed' } & SessionResponse)

// ---------------------------------------------------------------------------------------------------------------
// Wallet RPC (needs a session)

/**
 * `POST /api/rpc`. `approved` must be `true` (the frame's approval UI sets it after the user pressed Approve; absent
 * or false → 4001). The security boundary is the session + host origin, not this flag.
 *
 * eip155 (chainId: number or "eip155:<n>"):
 * - `personal_sign` params `[message: hex | utf8 string, address]` → signature hex
 * - `eth_signTypedData_v4` params `[address, typedData: object | JSON string]` → signature hex
 * - `eth_sendTransaction` params `[{ from?, to?, value?, data?, gas?, nonce?, maxFeePerGas?, maxPriorityFeePerGas?,
 *   gasPrice? }]` (hex quantities) → transaction hash (signed here, sent to the dev chain of chainId)
 * - `eth_accounts` / `eth_requestAccounts` → [address]; `eth_chainId` → hex chain id
 * solana (chainId: "solana:<ref>"):
 * - `solana_signMessage` params `{ message: base58, pubkey? }` → `{ signature: base58 }`
 * - `solana_signTransaction` params `{ transaction: base64 wire tx }` → `{ transaction: base64 signed, signature: base58 }`
 * - `solana_signAndSendTransaction` params `{ transaction: base64 }` → `{ signature: base58 }` (sent to solanaRpcUrl)
 * - `solana_getAccounts` / `solana_requestAccounts` → `[{ pubkey }]`
 * With the smart account active (preferred type 'smartAccount' on an enabled chain) the eip155 methods act for it:
 * - `eth_accounts` → [smart account]; `personal_sign` / `eth_signTypedData_v4` → ERC-1271 signature (ERC-6492-wrapped
 *   while the account has no code); `eth_sendTransaction` → one user operation through the bundler (deploys the
 *   account on first use), waits for `eth_getUserOperationReceipt`, answers the bundle's transaction hash, or
 *   "Failed to fetch user operation receipt - {status}" (status: the bundler's HTTP status, `reverted`, `timeout`).
 *   A `gas` in the transaction becomes the operation's callGasLimit (the call is then not estimated).
 * - `wallet_sendCalls` params `[{ calls: [{ to, value?, data? }], chainId?, from?, version? }]` → `{ id }` (the user
 *   operation hash; all calls in one operation, atomic)
 * - `wallet_getCallsStatus` params `[id]` → EIP-5792 `{ version: '2.0.0', id, chainId, status: 100 | 200 | 500,
 *   atomic: true, receipts? }`; an id this account did not send → 5730
 * - `wallet_grantPermissions` params `[{ expiry, signer, permissions, chainId?, address? }]` (ERC-7715) → the grant
 *   with `context` = the API server's session pci (the account signed `sessionGrantMessage` and the site POSTed
 *   `/v1/sessions/{caip}`); `wallet_revokePermissions` params `[{ permissionContext | context }]` → `{}` (signed revoke)
 * - `wallet_getCapabilities` (both types) → `{ [hexChainId]: { atomic: { status: 'supported' | 'unsupported' } } }`,
 *   plus `paymasterService: { supported: true }` where the smart account is active (ERC-7677)
 * Sponsored gas (docs/SPONSORED-GAS.md): `eth_sendTransaction` and `wallet_sendCalls` from the smart account take
 * `paymasterUrl` (the host's ERC-7677 service; default the site's own sponsor) and `sponsored: true` when the panel
 * showed "Gas paid by …"; a `paymasterService.url` capability of `wallet_sendCalls` comes first.
 * Any other method → `{ error: { code: 4200, message } }`.
 */
export type RpcRequest = {
  method: string
  params?: unknown
  chainId?: number | string
  approved?: boolean
  /** The host's default account type (as for `GET /api/user`), used only while the user has not chosen one. */
  preferredAccountType?: AccountType
  /** The host's ERC-7677 paymaster service (SYNC_DAPP_DATA), for the smart account's user operations. */
  paymasterUrl?: string
  /** The user approved a sponsored operation (`POST /api/sponsorship` answered `sponsored`): send it with the paymaster. */
  sponsored?: boolean
}

/** `POST /api/sponsorship`: will a paymaster pay this request's gas? Asked before the approval panel shows. */
export type SponsorshipRequest = Pick<RpcRequest, 'method' | 'params' | 'chainId' | 'preferredAccountType' | 'paymasterUrl'>
/**
 * `none`: not a smart account operation, or no paymaster for it; `sponsored`: the paymaster's stub accepted it (`name`:
 * the ERC-7677 `sponsor.name`, if it gave one); `refused`: the paymaster's own reason, or why it could not be asked.
 */
export type SponsorshipResponse = { status: 'none' } | { status: 'sponsored'; name?: string } | { status: 'refused'; message: string }
export type RpcErrorObject = { code: number; message: string; data?: unknown }
export type RpcResponse = { result: unknown } | { error: RpcErrorObject }

/** Wallet error codes used by `/api/rpc` (SPEC §8). */
export const RpcErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  UNRECOGNIZED_CHAIN: 4902,
  /** EIP-5792 (SPEC §8 5700 to 5760): a required capability the wallet lacks. */
  UNSUPPORTED_CAPABILITY: 5700,
  /** EIP-5792: the calls are for a chain the wallet does not serve here. */
  UNSUPPORTED_CHAIN: 5710,
  /** EIP-5792: a dapp-chosen id already used. */
  DUPLICATE_ID: 5720,
  /** EIP-5792: unknown bundle id. */
  UNKNOWN_BUNDLE: 5730,
  /** EIP-5792: more calls than the wallet bundles at once. */
  BUNDLE_TOO_LARGE: 5740,
  /** EIP-5792: atomic execution required but the active account (an EOA) cannot batch atomically. */
  ATOMICITY_NOT_SUPPORTED: 5760,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
} as const

// Passkeys (issue 28 part 1; server/passkeys.ts). Options are @simplewebauthn's JSON shapes, passed to
// @simplewebauthn/browser as they are; responses are what its startRegistration / startAuthentication resolve.

/** A passkey as the user's list shows it (never the public key). */
export type PasskeyInfo = {
  /** The credential id (base64url). */
  id: string
  label: string
  /** ISO 8601. */
  createdAt: string
  lastUsedAt?: string
  /** Backup eligible ('multiDevice', e.g. synced by a password manager) or bound to one authenticator. */
  deviceType: 'singleDevice' | 'multiDevice'
  backedUp: boolean
  transports: string[]
}
/** `POST /api/passkey/register/options` (session, `{}`): creation options (resident key and user verification required). */
export type PasskeyRegisterOptionsResponse = Record<string, unknown> & { challenge: string }
/** `POST /api/passkey/register/verify` (session): `{ response, label? }` → the stored passkey. */
export type PasskeyRegisterVerifyRequest = { response: unknown; label?: string }
export type PasskeyRegisterVerifyResponse = { passkey: PasskeyInfo }
/** `POST /api/passkey/login/options` (project, `{}`): request options without allowCredentials (discoverable). */
export type PasskeyLoginOptionsResponse = Record<string, unknown> & { challenge: string }
/** `POST /api/passkey/login/verify` (project): `{ response }` → a session, as after an email code. */
export type PasskeyLoginVerifyRequest = { response: unknown }
/** `GET /api/passkeys` (session) and `POST /api/passkey/remove` (session, `{ id }`): the user's passkeys. */
export type PasskeyListResponse = { passkeys: PasskeyInfo[] }
