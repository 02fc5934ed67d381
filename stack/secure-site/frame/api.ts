/**
 * The frame page's client for the secure site's own JSON API (`/api/*`, same origin as the frame). Types come from
 * the server's stack/secure-site/server/api-types.ts. Errors become `ApiFailure` carrying the server's text verbatim
 * (SPEC §8: 'Unauthorized: origin not allowed', 'JWT validation error: JWT Token is not yet valid',
 * 'Unauthorized: invalid key', 'Please try again after {n} seconds'), which the frame forwards to the host as the
 * error reply's message.
 */
import {
  ApiHeader,
  type ApiError,
  type ApiErrorCode,
  type EmailConnectRequest,
  type EmailConnectResponse,
  type EmailDeviceRequest,
  type EmailDeviceResponse,
  type EmailOtpRequest,
  type EmailUpdatePrimaryResponse,
  type EmailUpdateResponse,
  type EmailUpdateSecondaryResponse,
  type AccountType,
  type FarcasterChannelResponse,
  type FarcasterConnectResponse,
  type PreferredAccountResponse,
  type SmartAccountInitResponse,
  type SmartAccountNetworksResponse,
  type RpcRequest,
  type RpcResponse,
  type SponsorshipRequest,
  type SponsorshipResponse,
  type SessionResponse,
  type SignOutResponse,
  type UserResponse,
  type PasskeyListResponse,
  type PasskeyLoginOptionsResponse,
  type PasskeyRegisterOptionsResponse,
  type PasskeyRegisterVerifyResponse,
} from '../server/api-types.ts'

/** Message used when the API cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'Network Error'
/** Message used when the API answers something that is not its JSON error shape. */
export const SERVER_ERROR_MESSAGE = 'Server Error'

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode | undefined,
  ) {
    super(message)
    this.name = 'ApiFailure'
  }

  /** 401 for an invalid, expired, not-yet-valid, missing or revoked session (not an unknown project id). */
  get sessionExpired(): boolean {
    return this.status === 401 && (this.code === 'SESSION_EXPIRED' || this.message.startsWith('JWT validation error'))
  }
}

export interface ApiClientOptions {
  /** Base URL of the secure site (the frame's own origin), e.g. `location.origin`. */
  baseUrl: string
  projectId: string
  hostOrigin: string
  /** The current session token, if any. */
  token(): string | undefined
  fetch?: typeof fetch
}

export interface ApiClient {
  emailConnect(body: EmailConnectRequest): Promise<EmailConnectResponse>
  emailDevice(body: EmailDeviceRequest): Promise<EmailDeviceResponse>
  emailOtp(body: EmailOtpRequest): Promise<SessionResponse>
  socialExchange(code: string): Promise<SessionResponse>
  emailUpdate(newEmail: string): Promise<EmailUpdateResponse>
  emailUpdatePrimary(otp: string): Promise<EmailUpdatePrimaryResponse>
  emailUpdateSecondary(otp: string): Promise<EmailUpdateSecondaryResponse>
  /** `preferredAccountType`: the host's default, applied while the user has not chosen one. */
  user(chainId?: number | string, preferredAccountType?: AccountType): Promise<UserResponse>
  signOut(): Promise<SignOutResponse>
  rpc(body: RpcRequest): Promise<RpcResponse>
  /** Sponsored gas: asks the site whether a paymaster pays this request (before the panel shows). */
  sponsorship(body: SponsorshipRequest): Promise<SponsorshipResponse>
  smartAccountNetworks(): Promise<SmartAccountNetworksResponse>
  smartAccountInit(chainId?: number | string): Promise<SmartAccountInitResponse>
  preferredAccount(type: AccountType, chainId?: number | string): Promise<PreferredAccountResponse>
  farcasterChannel(): Promise<FarcasterChannelResponse>
  farcasterConnect(channelId: string): Promise<FarcasterConnectResponse>
  passkeyRegisterOptions(): Promise<PasskeyRegisterOptionsResponse>
  passkeyRegisterVerify(response: unknown, label?: string): Promise<PasskeyRegisterVerifyResponse>
  passkeyLoginOptions(): Promise<PasskeyLoginOptionsResponse>
  passkeyLoginVerify(response: unknown): Promise<SessionResponse>
  passkeys(): Promise<PasskeyListResponse>
  passkeyRemove(id: string): Promise<PasskeyListResponse>
}

function isApiError(v: unknown): v is ApiError {
  return typeof v === 'object' && v !== null && typeof (v as ApiError).error === 'string'
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis)

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      [ApiHeader.PROJECT_ID]: opts.projectId,
      [ApiHeader.HOST_ORIGIN]: opts.hostOrigin,
    }
    const token = opts.token()
    if (token) headers[ApiHeader.AUTHORIZATION] = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let res: Response
    try {
      res = await doFetch(new URL(path, opts.baseUrl).href, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch {
      throw new ApiFailure(NETWORK_ERROR_MESSAGE, 0, undefined)
    }
    let data: unknown
    try {
      data = await res.json()
    } catch {
      data = undefined
    }
    if (res.ok) return data as T
    if (isApiError(data)) throw new ApiFailure(data.error, res.status, data.code)
    throw new ApiFailure(SERVER_ERROR_MESSAGE, res.status, undefined)
  }

  return {
    emailConnect: (body) => call('POST', '/api/email/connect', body),
    emailDevice: (body) => call('POST', '/api/email/device', body),
    emailOtp: (body) => call('POST', '/api/email/otp', body),
    socialExchange: (code) => call('POST', '/api/social/exchange', { code }),
    emailUpdate: (newEmail) => call('POST', '/api/email/update', { newEmail }),
    emailUpdatePrimary: (otp) => call('POST', '/api/email/update/primary', { otp }),
    emailUpdateSecondary: (otp) => call('POST', '/api/email/update/secondary', { otp }),
    user: (chainId, preferredAccountType) => {
      const q = new URLSearchParams()
      if (chainId !== undefined) q.set('chainId', String(chainId))
      if (preferredAccountType !== undefined) q.set('preferredAccountType', preferredAccountType)
      const query = q.toString()
      return call('GET', query ? `/api/user?${query}` : '/api/user')
    },
    signOut: () => call('POST', '/api/sign-out', {}),
    rpc: (body) => call('POST', '/api/rpc', body),
    sponsorship: (body) => call('POST', '/api/sponsorship', body),
    smartAccountNetworks: () => call('GET', '/api/smart-account/networks'),
    smartAccountInit: (chainId) => call('POST', '/api/smart-account', chainId === undefined ? {} : { chainId }),
    preferredAccount: (type, chainId) => call('POST', '/api/preferred-account', chainId === undefined ? { type } : { type, chainId }),
    farcasterChannel: () => call('POST', '/api/farcaster/channel', {}),
    farcasterConnect: (channelId) => call('POST', '/api/farcaster/connect', { channelId }),
    passkeyRegisterOptions: () => call('POST', '/api/passkey/register/options', {}),
    passkeyRegisterVerify: (response, label) => call('POST', '/api/passkey/register/verify', label === undefined ? { response } : { response, label }),
    passkeyLoginOptions: () => call('POST', '/api/passkey/login/options', {}),
    passkeyLoginVerify: (response) => call('POST', '/api/passkey/login/verify', { response }),
    passkeys: () => call('GET', '/api/passkeys'),
    passkeyRemove: (id) => call('POST', '/api/passkey/remove', { id }),
  }
}
