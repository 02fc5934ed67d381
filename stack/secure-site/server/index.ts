/**
 * The secure site's server (issue 13): one HTTP origin that serves the embedded-wallet frame page, its JSON API, the
 * social-login start and callback, and the device-approval link. Users' wallet keys exist only here, sealed at rest.
 * See stack/secure-site/README.md and api-types.ts for the API.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { AddressInfo, Socket } from 'node:net'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose'
import * as oidcClient from 'openid-client'
import {
  ApiErrorText,
  ApiHeader,
  SOCIAL_PROVIDERS,
  type AccountEntry,
  type AccountType,
  type FarcasterConnectResponse,
  type FarcasterChannelResponse,
  type PreferredAccountResponse,
  type SmartAccountInitResponse,
  type SmartAccountNetworksResponse,
  type EmailConnectResponse,
  type LoginFrameUser,
  type ProjectCheckResponse,
  type RpcRequest,
  type SponsorshipRequest,
  type SponsorshipResponse,
  type SessionResponse,
  type SocialCallbackMessage,
  type SocialProvider,
} from './api-types.ts'
import {
  deriveKey,
  evmAddressOf,
  generateWalletKeys,
  loadOrCreateMasterKey,
  open,
  seal,
  solanaAddressOf,
} from './crypto.ts'
import { createMailer, type OtpPurpose, type SmtpOptions } from './mailer.ts'
import { trustProxyFn, type TrustProxy } from '../../trust-proxy.ts'
import { createAllowlist, frameAncestors, isExactOrigin, isOriginAllowed } from './origins.ts'
import { CALLBACK_TEMPLATE_PATH, FRAME_CSP, PAGE_CSP, FRAME_PAGE_PATH, escapeHtml, loadFrameAssets, page, placeholderAssets, socialCallbackPage, type AssetMap } from './pages.ts'
import { handleRpc, parseChain } from './rpc.ts'
import { createSmartAccounts, type SmartAccountContracts } from './smart.ts'
import { createEip7702, type Eip7702Options } from './eip7702.ts'
import { createFarcasterSignIn } from './farcaster.ts'
import { openSecureStore, UserConflict, type StoreData, type StoredUser } from './store.ts'
import { createMemoryEphemeral, createRedisEphemeral, type Ephemeral } from './ephemeral.ts'
import { HttpError, body, invalid } from './http.ts'
import { registerPasskeyRoutes } from './passkeys.ts'

export type SecureSiteOidcOptions = {
  /** The issuer URL of a provider (H2's `startOidc().issuer`); called at request time, so it may be wired later. */
  issuer(provider: SocialProvider): string
  /** Client registered at every issuer (see `secureSiteOidcClient`). */
  clientId?: string
  clientSecret?: string
}

export type SecureSiteOptions = {
  /** Port on 127.0.0.1 (default: a free port). */
  port?: number
  host?: string
  /**
   * The URL users reach the site at (behind a reverse proxy: `https://secure.example`): the session tokens' issuer,
   * the OIDC redirect URIs, the device links and the Origin the frame page's calls must carry. Default
   * `http://<host>:<port>` (dev); production mode requires an https URL.
   */
  publicUrl?: string
  /**
   * Take the client address (the key of the per-client rate limits) from X-Forwarded-For: `true` one proxy, a hop
   * count, or the addresses/CIDRs of the proxies to trust (stack/trust-proxy.ts; not Fastify's "trust all" `true`).
   * Default false: the socket's address, so no client can pick its own rate-limit key.
   */
  trustProxy?: TrustProxy
  /** Known project ids; others get 401 "Unauthorized: invalid key". Absent: any id the API server answers. */
  projectId?: string | string[]
  /** The API server whose `GET /projects/v1/origins` gives each project's allowlist. */
  apiUrl?: string
  /** A fixed allowlist (CSP host-source patterns such as `http://localhost:*`) instead of the API server's. */
  allowedOrigins?: string[]
  smtp: SmtpOptions
  oidc?: SecureSiteOidcOptions
  /** EVM JSON-RPC URL per chain id, for eth_sendTransaction. */
  evmRpcUrls: Record<string | number, string>
  solanaRpcUrl?: string
  /**
   * Where the embedded database (PGlite, `<dataDir>/db`, without `databaseUrl`) and, without `masterKey`, master.key
   * live; an earlier store's `secure-site.json` here is imported at start.
   */
  dataDir: string
  /** A postgres:// URL: users, sealed keys and sessions in that database, shared by every secure site given it. */
  databaseUrl?: string
  /** A redis:// URL: codes, approvals and throttles there, shared by every secure site given it (default: in memory). */
  redisUrl?: string
  /** 64 hex characters; default: `<dataDir>/master.key`, created at first start. */
  masterKey?: string | Uint8Array
  /** Session lifetime (default 24 h). */
  sessionTtlSeconds?: number
  /** Requests per minute per IP on /api/email/* (default 60). */
  emailRateLimitPerMinute?: number
  /** How long one `POST /api/email/device` waits for the approval (default 25 s). */
  deviceWaitMs?: number
  /** `build` (default): H6's frame bundle (stack/secure-site/frame/build.ts, built with Vite at start); `placeholder`: none. */
  frameAssets?: 'build' | 'placeholder'
  /**
   * Smart accounts (issue 14): the host's enabled eip155 chain ids where they are offered. Each needs an entry in
   * `smartAccountContracts`, `bundlerUrl` and `evmRpcUrls`; chains missing one are not enabled. Empty: no smart accounts.
   */
  smartAccountChainIds?: number[]
  /** The ERC-4337 contracts per chain (the stack/chain deployment's `contracts`: entryPoint, porticoAccountFactory). */
  smartAccountContracts?: Record<string | number, SmartAccountContracts>
  /** The bundler RPC (stack/bundler), for every chain or per chain id. */
  bundlerUrl?: string | Record<string | number, string>
  /** The API server recording smart sessions (`/v1/sessions`) for wallet_grantPermissions; default `apiUrl`. */
  sessionsApiUrl?: string
  /** How long eth_sendTransaction from a smart account waits for the user operation receipt (default 60 s). */
  userOperationTimeoutMs?: number
  /**
   * EIP-7702 upgrades of the user's EOA (issue 29 part 2, eip7702.ts): the delegate per chain (the deployment's
   * `contracts.porticoDelegate`). Upgrades and upgraded EOAs' batches are sponsored (through `bundlerUrl`) by the
   * smart account's rule: the host's `paymasterUrl`, else `<sponsorUrl>/<projectId>`.
   * Absent: not offered (portico_setDelegation answers 4200).
   */
  eip7702?: Pick<Eip7702Options, 'delegates'>
  /**
   * Sponsored gas (docs/SPONSORED-GAS.md): the stack's sponsor service (stack/sponsor); the smart account's operations
   * and the EIP-7702-upgraded EOA's ask `<sponsorUrl>/<projectId>` (ERC-7677) to pay their gas when the host names no
   * `paymasterUrl` of its own.
   */
  sponsorUrl?: string
  /** When set, the only origins of paymaster URLs (host's, dapp's, `sponsorUrl`) this site calls. */
  paymasterOrigins?: string[]
  /** Farcaster sign-in (issue 14): the auth relay and the JSON-RPC of the chain holding the ID/Key registries. */
  farcasterRelayUrl?: string
  farcasterRpcUrl?: string
  /** How long one `POST /api/farcaster/connect` waits (default 25 s). */
  farcasterWaitMs?: number
  /** Milliseconds since the epoch (tests pass a fake clock). */
  clock?: () => number
  log?: (line: string) => void
}

export type SecureSite = {
  /** `publicUrl`, else http://127.0.0.1:<port>; no trailing slash. */
  url: string
  /** Where this process listens: http://<host>:<port>. */
  localUrl: string
  /** The callback URL a provider redirects to. */
  redirectUri(provider: SocialProvider): string
  /** The OIDC client to register at H2's issuers (`startOidc({ clients: [site.oidcClient] })` or `addClient`). */
  oidcClient: { client_id: string; client_secret: string; redirect_uris: string[] }
  /** Resolves when every store write is done (each is awaited by its request; kept for callers of the JSON store). */
  flush(): Promise<void>
  /** The durable state (users with sealed keys, sessions, key check) as one object: a backup, and what tests inspect. */
  exportState(): Promise<StoreData>
  stop(): Promise<void>
}

export const DEFAULT_OIDC_CLIENT_ID = 'portico-secure-site'
/** Dev-only secret of the local stack's OIDC client (a deployment passes its own). */
export const DEFAULT_OIDC_CLIENT_SECRET = 'portico-secure-site-local-secret'

const EMAIL_THROTTLE_MS = 30_000
const OTP_TTL_MS = 10 * 60_000
const OTP_MAX_WRONG = 5
/** Wrong codes per email in a day after which only the user's known devices may still try (issue 26 item 4). */
const EMAIL_MAX_WRONG_PER_DAY = 20
const DAY_MS = 24 * 3_600_000
/** Entries of each in-memory table unauthenticated callers fill (pending social logins, links, throttles); LRU past it. */
const MAX_PENDING = 10_000
/** Entries of each in-memory table of codes and per-email/per-device counters. */
const MAX_COUNTERS = 100_000
/** Social starts and Farcaster channels per client address a minute (issue 26 item 6). */
const STARTS_PER_MINUTE = 30
const DEVICE_LINK_TTL_MS = 15 * 60_000
const SOCIAL_START_TTL_MS = 10 * 60_000
const SOCIAL_CODE_TTL_MS = 2 * 60_000


const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)+$/i
function emailField(v: unknown, name = 'email'): string {
  if (typeof v !== 'string' || v.length > 254 || !EMAIL_RE.test(v.trim())) throw invalid(`${name} must be a valid email`)
  return v.trim().toLowerCase()
}
function deviceField(v: unknown): string {
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(v)) throw invalid('deviceId must be 16 to 128 characters of A-Z a-z 0-9 _ -')
  return v
}
function otpField(v: unknown): string {
  if (typeof v !== 'string' || !/^\d{6}$/.test(v)) throw invalid('otp must be six digits')
  return v
}
const sha256 = (s: string) => createHash('sha256').update(s).digest()

/**
 * The email of a social login's id_token claims, only when the provider says it is verified: `email_verified` must be
 * exactly true; a missing claim is not verified (issue 26 item 10).
 */
export function verifiedSocialEmail(claims: Record<string, unknown>): string | undefined {
  const email = claims.email
  if (typeof email !== 'string' || email.length > 254 || claims.email_verified !== true || !EMAIL_RE.test(email)) return undefined
  return email.toLowerCase()
}

type Otp = { hash: Buffer; expiresAt: number; wrong: number; deviceId?: string; newEmail?: string }
type SocialStart = { provider: SocialProvider; hostOrigin: string; projectId: string; clientState?: string; verifier: string; nonce: string; expiresAt: number }
type SocialCode = { userId: string; projectId: string; hostOrigin: string; expiresAt: number }
type ApiContext = { projectId: string; hostOrigin: string }
type Session = ApiContext & { sid: string; user: StoredUser }

export async function startSecureSite(opts: SecureSiteOptions): Promise<SecureSite> {
  const clock = opts.clock ?? Date.now
  const log = opts.log ?? (() => {})
  const master = loadOrCreateMasterKey(opts.dataDir, opts.masterKey)
  const keysKey = deriveKey(master, 'wallet-keys')
  const jwtKey = deriveKey(master, 'session-jwt')
  master.fill(0)

  const store = await openSecureStore({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl }, log)
  // Short-lived state: in Redis when configured (shared by every instance), else in this process.
  let ephemeral: Ephemeral
  try {
    // A wrong master key must fail at start, not at the first signature.
    const KEY_CHECK = 'portico-secure-site key check'
    const opens = (sealed: string) => {
      try {
        open(keysKey, sealed, 'key-check')
        return true
      } catch {
        return false
      }
    }
    await store.importJsonFile(opts.dataDir, opens)
    const check = (await store.keyCheck()) ?? (await store.initKeyCheck(seal(keysKey, Buffer.from(KEY_CHECK), 'key-check')))
    if (!opens(check)) throw new Error(`secure site: the master key does not open the store in ${opts.databaseUrl === undefined ? opts.dataDir : 'the database'}`)
    ephemeral = opts.redisUrl
      ? await createRedisEphemeral(opts.redisUrl, { log })
      : createMemoryEphemeral({ clock, maxPerNamespace: MAX_PENDING, limits: { otp: MAX_COUNTERS, 'otp-wrong': MAX_COUNTERS, 'wrong-email': MAX_COUNTERS, 'wrong-device': MAX_COUNTERS, throttle: MAX_COUNTERS } })
  } catch (e) {
    await store.close()
    throw e
  }

  const projectIds = opts.projectId === undefined ? undefined : Array.isArray(opts.projectId) ? opts.projectId : [opts.projectId]
  const allowlist = createAllowlist({ projectIds, allowedOrigins: opts.allowedOrigins, apiUrl: opts.apiUrl, clock })
  const mailer = createMailer(opts.smtp)
  const assets: AssetMap = opts.frameAssets === 'placeholder' ? placeholderAssets() : await loadFrameAssets(log)
  const sessionTtl = opts.sessionTtlSeconds ?? 24 * 3600
  const rateLimit = opts.emailRateLimitPerMinute ?? 60
  const deviceWaitMs = opts.deviceWaitMs ?? 25_000
  const clientId = opts.oidc?.clientId ?? DEFAULT_OIDC_CLIENT_ID
  const clientSecret = opts.oidc?.clientSecret ?? DEFAULT_OIDC_CLIENT_SECRET
  const evmChainIds = Object.keys(opts.evmRpcUrls).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)
  const defaultChainId = evmChainIds[0] ?? 1
  const smart = createSmartAccounts({
    chainIds: opts.smartAccountChainIds ?? [],
    contracts: opts.smartAccountContracts ?? {},
    bundlerUrl: opts.bundlerUrl ?? {},
    evmRpcUrls: opts.evmRpcUrls,
    sessionsApiUrl: opts.sessionsApiUrl ?? opts.apiUrl,
    receiptTimeoutMs: opts.userOperationTimeoutMs,
    state: ephemeral,
    sponsorUrl: opts.sponsorUrl,
    paymasterOrigins: opts.paymasterOrigins,
  })
  const eip7702 = opts.eip7702
    ? createEip7702({
        delegates: opts.eip7702.delegates,
        sponsorUrl: opts.sponsorUrl,
        paymasterOrigins: opts.paymasterOrigins,
        evmRpcUrls: opts.evmRpcUrls,
        // One bundler URL serves the smart-account chains only (as in smart.ts); sponsored batches go there alone.
        bundlerUrl: typeof opts.bundlerUrl === 'string' ? Object.fromEntries((opts.smartAccountChainIds ?? []).map((id) => [id, opts.bundlerUrl as string])) : opts.bundlerUrl,
        receiptTimeoutMs: opts.userOperationTimeoutMs,
        state: ephemeral,
      })
    : undefined
  const farcaster =
    opts.farcasterRelayUrl && opts.farcasterRpcUrl
      ? createFarcasterSignIn({ relayUrl: opts.farcasterRelayUrl, rpcUrl: opts.farcasterRpcUrl, waitMs: opts.farcasterWaitMs, clock, state: ephemeral })
      : undefined

  const oidcConfigs = new Map<SocialProvider, Promise<oidcClient.Configuration>>()

  // Fastify takes a hop count too; its overloads type only the others.
  // No forceCloseConnections: stop() lets requests under way finish (a signature, a UserOperation's receipt wait), so a
  // deploy does not cut them; the long-polls a client simply repeats (device approval, Farcaster) end at stop().
  // Sockets carrying no request are closed at stop() (preClose below).
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024, trustProxy: trustProxyFn(opts.trustProxy, 'secure-site: trustProxy') })
  // Requests under way per socket. Node's server.close() (and fastify's idle close) waits for a socket that never sent
  // a request until headersTimeout (60 s): undici (fetch) opens such spare sockets under parallel requests, and one left
  // from the tests' rate-limit burst was what held app.close() in secure-site.test.ts.
  const requestsOn = new Map<Socket, number>()
  app.server.on('connection', (socket: Socket) => {
    requestsOn.set(socket, 0)
    socket.once('close', () => requestsOn.delete(socket))
  })
  app.server.on('request', (req, res) => {
    const socket = req.socket
    requestsOn.set(socket, (requestsOn.get(socket) ?? 0) + 1)
    res.once('close', () => requestsOn.has(socket) && requestsOn.set(socket, requestsOn.get(socket)! - 1))
  })
  app.addHook('preClose', (done) => {
    for (const [socket, requests] of requestsOn) if (requests === 0) socket.destroy()
    done()
  })
  /** Set once listening (routes only run after that). */
  let url = ''
  /** Pending device long-polls, released at stop. */
  const waiters = new Set<() => void>()
  let stopping = false
  const redirectUri = (p: SocialProvider) => `${url}/auth/callback/${p}`

  // ---- users, keys, sessions ------------------------------------------------------------------------------------

  async function createUser(init: Pick<StoredUser, 'email' | 'social' | 'farcaster'>): Promise<StoredUser> {
    const id = randomUUID()
    const keys = generateWalletKeys()
    const user: StoredUser = {
      id,
      ...init,
      devices: [],
      sealedKeys: { eip155: seal(keysKey, keys.evm, `${id}:eip155`), solana: seal(keysKey, keys.solana, `${id}:solana`) },
      addresses: { eip155: evmAddressOf(keys.evm), solana: solanaAddressOf(keys.solana) },
      createdAt: new Date(clock()).toISOString(),
    }
    keys.evm.fill(0)
    keys.solana.fill(0)
    // Another instance may have created the same user a moment ago: then that one is the user.
    return store.insertUser(user)
  }

  const isAccountType = (v: unknown): v is AccountType => v === 'eoa' || v === 'smartAccount'

  /** The user's account type on an eip155 chain: the stored choice, else the host's default; smart only where enabled. */
  function activeType(u: StoredUser, chainId: number | undefined, hostDefault?: unknown): AccountType {
    const wanted = u.preferredAccountType ?? (isAccountType(hostDefault) ? hostDefault : 'eoa')
    return wanted === 'smartAccount' && smart.isEnabled(chainId) ? 'smartAccount' : 'eoa'
  }

  async function userView(u: StoredUser, chainIdRaw?: unknown, hostDefault?: unknown): Promise<LoginFrameUser> {
    const chain = parseChain(chainIdRaw)
    if (chainIdRaw !== undefined && chainIdRaw !== '' && !chain) throw invalid('chainId')
    const solana = chain?.namespace === 'solana'
    const email = u.email ?? u.social?.email
    const evmChain = chain?.namespace === 'eip155' ? chain.id : chain ? undefined : defaultChainId
    const accounts: AccountEntry[] = [
      { namespace: 'eip155', address: u.addresses.eip155, type: 'eoa' },
      { namespace: 'solana', address: u.addresses.solana, type: 'eoa' },
    ]
    let smartAddress: string | undefined
    let deployed = false
    if (smart.isEnabled(evmChain)) {
      try {
        smartAddress = await smart.address(u.addresses.eip155, evmChain)
        deployed = await smart.isDeployed(smartAddress as `0x${string}`, evmChain)
      } catch (e) {
        log(`secure site: smart account lookup on ${evmChain} failed: ${(e as Error).message}`)
        throw new HttpError(502, 'SERVER_ERROR', ApiErrorText.SERVER_ERROR)
      }
      accounts.push({ namespace: 'eip155', address: smartAddress, type: 'smartAccount' })
    }
    const type = solana ? 'eoa' : activeType(u, evmChain, hostDefault)
    const userName = u.social?.userName ?? u.farcaster?.username
    return {
      ...(email ? { email } : {}),
      address: solana ? u.addresses.solana : type === 'smartAccount' ? smartAddress! : u.addresses.eip155,
      chainId: chain ? chain.id : defaultChainId,
      accounts,
      ...(userName ? { userName } : {}),
      ...(u.social ? { socialProvider: u.social.provider } : {}),
      ...(u.farcaster ? { fid: u.farcaster.fid, ...(u.farcaster.pfpUrl ? { avatar: u.farcaster.pfpUrl } : {}) } : {}),
      preferredAccountType: type,
      smartAccountDeployed: deployed,
    }
  }

  async function startSession(user: StoredUser, ctx: ApiContext): Promise<SessionResponse> {
    const sid = randomBytes(18).toString('base64url')
    const nowSec = Math.floor(clock() / 1000)
    const exp = nowSec + sessionTtl
    await store.createSession(sid, { userId: user.id, projectId: ctx.projectId, origin: ctx.hostOrigin, exp }, nowSec)
    const token = await new SignJWT({ sid, origin: ctx.hostOrigin })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(url)
      .setAudience(ctx.projectId)
      .setIssuedAt(nowSec)
      .setNotBefore(nowSec)
      .setExpirationTime(exp)
      .sign(jwtKey)
    return { token, user: await userView(user) }
  }

  const sessionError = (text: string) => new HttpError(401, 'SESSION_EXPIRED', text)

  async function requireSession(req: FastifyRequest, ctx: ApiContext): Promise<Session> {
    const auth = req.headers.authorization
    const m = typeof auth === 'string' ? /^Bearer ([A-Za-z0-9._-]{1,4096})$/.exec(auth) : null
    if (!m) throw sessionError(ApiErrorText.JWT_MISSING)
    let payload: { sub?: string; sid?: unknown; origin?: unknown }
    try {
      ;({ payload } = await jwtVerify(m[1]!, jwtKey, {
        algorithms: ['HS256'],
        issuer: url,
        audience: ctx.projectId,
        currentDate: new Date(clock()),
        requiredClaims: ['sub', 'exp', 'nbf', 'iat'],
      }))
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw sessionError(ApiErrorText.JWT_EXPIRED)
      if (e instanceof joseErrors.JWTClaimValidationFailed && e.claim === 'nbf') throw sessionError(ApiErrorText.JWT_NOT_YET_VALID)
      throw sessionError(ApiErrorText.JWT_INVALID)
    }
    const sid = typeof payload.sid === 'string' ? payload.sid : ''
    const found = sid ? await store.session(sid) : undefined
    const s = found?.session
    const user = found?.user
    if (!s || !user || s.userId !== payload.sub || s.origin !== ctx.hostOrigin || payload.origin !== ctx.hostOrigin || s.projectId !== ctx.projectId)
      throw sessionError(ApiErrorText.JWT_INVALID)
    return { ...ctx, sid, user }
  }

  // ---- request context: origin, project, rate limits ---------------------------------------------------------------

  async function checkProject(projectId: unknown, hostOrigin: unknown): Promise<{ ctx: ApiContext; allowedOrigins: string[] }> {
    const project = await allowlist.lookup(projectId)
    if (project.status === 'invalid-key') throw new HttpError(401, 'INVALID_KEY', ApiErrorText.INVALID_KEY)
    if (project.status === 'unavailable') throw new HttpError(503, 'SERVER_ERROR', ApiErrorText.SERVER_ERROR)
    if (!isExactOrigin(hostOrigin) || !isOriginAllowed(hostOrigin, project.allowedOrigins))
      throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', ApiErrorText.ORIGIN_NOT_ALLOWED)
    return { ctx: { projectId: projectId as string, hostOrigin }, allowedOrigins: project.allowedOrigins }
  }

  /** This site's own origin as the browser sees it: the public URL's, else the Host the request came to (dev). */
  const publicOrigin = opts.publicUrl ? new URL(opts.publicUrl).origin : undefined
  const selfOrigin = (req: FastifyRequest) => publicOrigin ?? `http://${req.headers.host}`

  /** The checks of every frame-page API call: same-origin caller, known project, allowed host origin. */
  async function apiContext(req: FastifyRequest): Promise<ApiContext> {
    const origin = req.headers.origin
    const site = req.headers['sec-fetch-site']
    if ((origin !== undefined && origin !== selfOrigin(req)) || (site !== undefined && site !== 'same-origin' && site !== 'none'))
      throw new HttpError(403, 'ORIGIN_NOT_ALLOWED', ApiErrorText.ORIGIN_NOT_ALLOWED)
    const h = (name: string) => {
      const v = req.headers[name]
      return typeof v === 'string' ? v : undefined
    }
    return (await checkProject(h(ApiHeader.PROJECT_ID), h(ApiHeader.HOST_ORIGIN))).ctx
  }

  /** A minute's window per client address (counted across instances with Redis) → 429 Rate Limited past `max`. */
  async function minuteLimit(key: string, max: number): Promise<void> {
    const w = await ephemeral.hit(key, 60_000)
    if (w.count > max) throw new HttpError(429, 'RATE_LIMITED', ApiErrorText.RATE_LIMITED, Math.max(1, Math.ceil(w.resetMs / 1000)))
  }
  const ipRateLimit = (req: FastifyRequest) => minuteLimit(`ip:${req.ip}`, rateLimit)
  /** Per client address: at most STARTS_PER_MINUTE social starts and Farcaster channels a minute → 429 Rate Limited. */
  const startRateLimit = (req: FastifyRequest) => minuteLimit(`starts:${req.ip}`, STARTS_PER_MINUTE)

  async function throttle(key: string): Promise<void> {
    if (await ephemeral.set(`throttle:${key}`, '1', EMAIL_THROTTLE_MS, true)) return
    const n = Math.max(1, Math.ceil((await ephemeral.ttl(`throttle:${key}`)) / 1000))
    throw new HttpError(429, 'EMAIL_THROTTLED', ApiErrorText.EMAIL_THROTTLED.replace('{n}', String(n)), n)
  }

  // ---- one-time codes ----------------------------------------------------------------------------------------------

  /** The stored form of a code: its hash, never the code (`otp:<key>`; its wrong guesses count in `otp-wrong:<key>`). */
  type StoredOtp = { hash: string; expiresAt: number; deviceId?: string; newEmail?: string }
  const storedOtp = (rec: Otp): string =>
    JSON.stringify({ hash: rec.hash.toString('hex'), expiresAt: rec.expiresAt, deviceId: rec.deviceId, newEmail: rec.newEmail } satisfies StoredOtp)

  async function sendOtp(key: string, to: string, purpose: OtpPurpose, extra: Pick<Otp, 'deviceId' | 'newEmail'> = {}, deviceLink?: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await ephemeral.del(`otp-wrong:${key}`)
    await ephemeral.set(`otp:${key}`, storedOtp({ hash: sha256(`${key}\n${code}`), expiresAt: clock() + OTP_TTL_MS, wrong: 0, ...extra }), OTP_TTL_MS)
    await mailer.sendOtp(to, code, purpose, deviceLink)
  }

  /**
   * Checks a code (issue 26 item 4). A wrong code from the device the code was sent to counts against the code (the
   * fifth invalidates it); one from any other device counts against that device only, so a stranger cannot burn a
   * user's pending code. Every wrong code counts against the email for the day: past EMAIL_MAX_WRONG_PER_DAY only
   * devices that logged in with that email before may still try. Returns the record on success (consumed). With Redis
   * every count is shared by all instances, and of two instances checking the right code at once one succeeds.
   */
  async function checkOtp(key: string, code: string, deviceId?: string, email?: string): Promise<Otp> {
    if (email !== undefined && (await ephemeral.count(`wrong-email:${email}`)) >= EMAIL_MAX_WRONG_PER_DAY && !(deviceId && (await store.userByEmail(email))?.devices.includes(deviceId)))
      throw new HttpError(429, 'EMAIL_LOCKED', ApiErrorText.EMAIL_LOCKED)
    const deviceCounter = `wrong-device:${key}\n${deviceId}`
    if (deviceId !== undefined && (await ephemeral.count(deviceCounter)) >= OTP_MAX_WRONG) throw new HttpError(400, 'OTP_EXPIRED', ApiErrorText.OTP_EXPIRED)
    const raw = await ephemeral.get(`otp:${key}`)
    const rec = raw === undefined ? undefined : (JSON.parse(raw) as StoredOtp)
    if (!rec || rec.expiresAt <= clock() || (await ephemeral.count(`otp-wrong:${key}`)) >= OTP_MAX_WRONG) {
      await ephemeral.del(`otp:${key}`)
      throw new HttpError(400, 'OTP_EXPIRED', ApiErrorText.OTP_EXPIRED)
    }
    const ownDevice = rec.deviceId === undefined || rec.deviceId === deviceId
    const ok = timingSafeEqual(Buffer.from(rec.hash, 'hex'), sha256(`${key}\n${code}`)) && ownDevice
    if (!ok) {
      if (email !== undefined) await ephemeral.hit(`wrong-email:${email}`, DAY_MS)
      if (ownDevice) {
        if ((await ephemeral.hit(`otp-wrong:${key}`, OTP_TTL_MS)).count >= OTP_MAX_WRONG) await ephemeral.del(`otp:${key}`)
      } else await ephemeral.hit(deviceCounter, DAY_MS)
      throw new HttpError(400, 'OTP_INVALID', ApiErrorText.OTP_INVALID)
    }
    // Single use: only the caller that takes this very record succeeds.
    if ((await ephemeral.take(`otp:${key}`)) !== raw) throw new HttpError(400, 'OTP_EXPIRED', ApiErrorText.OTP_EXPIRED)
    return { hash: Buffer.from(rec.hash, 'hex'), expiresAt: rec.expiresAt, wrong: 0, deviceId: rec.deviceId, newEmail: rec.newEmail }
  }

  const deviceKey = (email: string, deviceId: string) => `${email}\n${deviceId}`

  // ---- HTTP plumbing ---------------------------------------------------------------------------------------------

  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'no-referrer')
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })

  app.setErrorHandler((err, req, reply) => {
    const e = err as Error & { statusCode?: number }
    if (e instanceof HttpError) {
      if (e.retryAfter !== undefined) reply.header('retry-after', String(e.retryAfter))
      return reply.code(e.status).send({ error: e.message, code: e.code })
    }
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
      return reply.code(e.statusCode).send({ error: `${ApiErrorText.INVALID_PARAMS}: ${e.message}`, code: 'INVALID_PARAMS' })
    log(`secure site: ${req.method} ${req.url.split('?')[0]} failed: ${e.stack ?? e.message}`)
    return reply.code(500).send({ error: ApiErrorText.SERVER_ERROR, code: 'SERVER_ERROR' })
  })

  const htmlPage = (reply: FastifyReply, status: number, title: string, text: string) =>
    reply.code(status).header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(page(title, `<p>${escapeHtml(text)}</p>`))

  // ---- frame page and assets ---------------------------------------------------------------------------------------

  app.get<{ Querystring: { projectId?: string; origin?: string } }>(FRAME_PAGE_PATH, async (req, reply) => {
    const project = await allowlist.lookup(req.query.projectId)
    // Only the project's own patterns may frame the page; an unknown project may be framed by nobody.
    const ancestors = project.status === 'ok' ? project.allowedOrigins : []
    const asset = assets.get(FRAME_PAGE_PATH)!
    return reply
      .code(project.status === 'invalid-key' ? 401 : 200)
      .header('content-security-policy', `${FRAME_CSP}; ${frameAncestors(ancestors)}`)
      .type(asset.type)
      .send(asset.body)
  })

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(path) : undefined
    if (asset && path !== FRAME_PAGE_PATH && path !== CALLBACK_TEMPLATE_PATH) {
      return reply.header('cache-control', 'no-cache').type(asset.type).send(asset.body)
    }
    return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' })
  })

  // ---- public project check (for the host plugin) -----------------------------------------------------------------

  app.get<{ Querystring: { projectId?: string; origin?: string } }>('/api/project-check', async (req, reply) => {
    reply.header('access-control-allow-origin', '*')
    const { allowedOrigins } = await checkProject(req.query.projectId, req.query.origin)
    const res: ProjectCheckResponse = { ok: true, allowedOrigins }
    return res
  })

  // ---- email login -------------------------------------------------------------------------------------------------

  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/api/email/')) await ipRateLimit(req)
  })

  // Issue 26 item 5: the answer, and the work done before it (one mail), are the same whether the email is registered
  // or not. A known email on an unknown device gets the approval link in that same mail; the code is only accepted
  // once the link was approved (POST /api/email/otp), so only whoever reads the mailbox learns the email is known.
  app.post('/api/email/connect', async (req): Promise<EmailConnectResponse> => {
    await apiContext(req)
    const b = body(req)
    const email = emailField(b.email)
    const deviceId = deviceField(b.deviceId)
    await throttle(`email:${email}`)
    try {
      const user = await store.userByEmail(email)
      let link: string | undefined
      if (user && !user.devices.includes(deviceId)) {
        const token = randomBytes(24).toString('base64url')
        await setDeviceLink(token, { email, deviceId, expiresAt: clock() + DEVICE_LINK_TTL_MS })
        link = `${url}/device/approve?token=${token}`
      }
      await sendOtp(`login:${email}`, email, 'login', { deviceId }, link)
      return { action: 'VERIFY_OTP' }
    } catch (e) {
      await ephemeral.del(`throttle:email:${email}`)
      throw e
    }
  })

  /** Kept for hosts of the AppKit protocol: waits for the approval link (the code was mailed with it), then VERIFY_OTP. */
  app.post('/api/email/device', async (req, reply): Promise<EmailConnectResponse> => {
    await apiContext(req)
    const b = body(req)
    const email = emailField(b.email)
    const deviceId = deviceField(b.deviceId)
    const key = deviceKey(email, deviceId)
    const approved = async () => Number((await ephemeral.get(`approved:${key}`)) ?? 0) > clock()
    // Listening before looking: an approval on any instance between the two still wakes this request.
    let wake = () => {}
    const woken = new Promise<void>((resolve) => (wake = resolve))
    const unlisten = ephemeral.on(`approval:${key}`, () => wake())
    try {
      if (!(await approved())) {
        const pending = await liveLink(await ephemeral.get(`link-pending:${key}`))
        // An approval lands before its link's pending mark goes: gone pending with no approval is no link at all.
        if (!pending && !(await approved())) throw invalid('no device approval is pending for this email and device')
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer)
            reply.raw.off('close', done)
            waiters.delete(done)
            resolve()
          }
          const timer = setTimeout(done, deviceWaitMs)
          void woken.then(done)
          reply.raw.on('close', done)
          waiters.add(done)
        })
        if (!(await approved())) return { action: 'VERIFY_DEVICE' }
      }
    } finally {
      unlisten()
    }
    return { action: 'VERIFY_OTP' }
  })

  // Mail scanners open GET links: the link shows a confirmation page, and only its POST approves (issue 26 item 4).
  type DeviceLink = { email: string; deviceId: string; expiresAt: number }
  /** A device link (`link:<token>`), and the latest one per email and device (`link-pending:<email>\n<device>`). */
  async function setDeviceLink(token: string, link: DeviceLink): Promise<void> {
    await ephemeral.set(`link:${token}`, JSON.stringify(link), DEVICE_LINK_TTL_MS)
    await ephemeral.set(`link-pending:${deviceKey(link.email, link.deviceId)}`, token, DEVICE_LINK_TTL_MS)
  }
  const liveLink = async (token: unknown): Promise<DeviceLink | undefined> => {
    const raw = typeof token === 'string' && token.length <= 100 ? await ephemeral.get(`link:${token}`) : undefined
    const link = raw === undefined ? undefined : (JSON.parse(raw) as DeviceLink)
    return link && link.expiresAt > clock() ? link : undefined
  }
  const expiredLink = (reply: FastifyReply) => htmlPage(reply, 400, 'Link expired', 'This approval link is invalid, used or expired. Start the login again.')

  app.get<{ Querystring: { token?: string } }>('/device/approve', async (req, reply) => {
    if (!(await liveLink(req.query.token))) return expiredLink(reply)
    const form =
      '<p>Someone is signing in to your Portico wallet from a new device. Approve it only if it is you.</p>' +
      `<form method="post" action="/device/approve"><input type="hidden" name="token" value="${escapeHtml(req.query.token!)}">` +
      '<button type="submit">Approve this device</button></form>'
    return reply
      .code(200)
      .header('content-security-policy', PAGE_CSP.replace("form-action 'none'", "form-action 'self'"))
      .type('text/html; charset=utf-8')
      .send(page('Approve this device?', form))
  })

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)))
  })

  app.post('/device/approve', async (req, reply) => {
    // A same-origin form post (or a tool with no Origin); another site cannot approve on the user's behalf.
    const origin = req.headers.origin
    if (origin !== undefined && origin !== 'null' && origin !== selfOrigin(req)) return expiredLink(reply)
    const token = (body(req) as { token?: unknown }).token
    const link = await liveLink(token)
    // Single use: of two posts of one link (on any instances), one approves.
    if (!link || (await ephemeral.take(`link:${token as string}`)) === undefined) return expiredLink(reply)
    const key = deviceKey(link.email, link.deviceId)
    await ephemeral.set(`approved:${key}`, String(clock() + DEVICE_LINK_TTL_MS), DEVICE_LINK_TTL_MS)
    await ephemeral.emit(`approval:${key}`)
    if ((await ephemeral.get(`link-pending:${key}`)) === token) await ephemeral.del(`link-pending:${key}`)
    return htmlPage(reply, 200, 'Device approved', 'Go back to the app and enter the code from the same mail.')
  })

  app.post('/api/email/otp', async (req): Promise<SessionResponse> => {
    const ctx = await apiContext(req)
    const b = body(req)
    const email = emailField(b.email)
    const otp = otpField(b.otp)
    const deviceId = deviceField(b.deviceId)
    const rec = await checkOtp(`login:${email}`, otp, deviceId, email)
    const known = await store.userByEmail(email)
    if (known && !known.devices.includes(deviceId)) {
      // The right code from a new device of a known email: it still needs the link mailed with the code. The code
      // stays valid (not consumed) so the user types it again once the device is approved.
      const key = deviceKey(email, deviceId)
      if (!(Number((await ephemeral.get(`approved:${key}`)) ?? 0) > clock())) {
        await ephemeral.set(`otp:login:${email}`, storedOtp(rec), rec.expiresAt - clock())
        throw new HttpError(403, 'DEVICE_NOT_APPROVED', ApiErrorText.DEVICE_NOT_APPROVED)
      }
      await ephemeral.del(`approved:${key}`)
    }
    let user = known ?? (await createUser({ email }))
    if (!user.devices.includes(deviceId))
      user = await store.updateUser(user.id, (u) => {
        if (!u.devices.includes(deviceId)) u.devices = [...u.devices.slice(-19), deviceId]
      })
    return startSession(user, ctx)
  })

  // ---- email update ------------------------------------------------------------------------------------------------

  app.post('/api/email/update', async (req) => {
    const s = await requireSession(req, await apiContext(req))
    await throttle(`update:${s.user.id}`)
    const newEmail = emailField(body(req).newEmail, 'newEmail')
    const current = s.user.email ?? s.user.social?.email
    if (!current) throw invalid('this account has no email to update')
    if (newEmail === current) throw invalid('newEmail is the current email')
    // Whether newEmail belongs to another account is not told here (issue 26 item 5): the same answer either way;
    // the last step refuses it, after the owner of newEmail typed the code sent there.
    await ephemeral.del(`otp:update-secondary:${s.user.id}`)
    try {
      await sendOtp(`update-primary:${s.user.id}`, current, 'update-primary', { newEmail })
    } catch (e) {
      await ephemeral.del(`throttle:update:${s.user.id}`)
      throw e
    }
    return { action: 'VERIFY_PRIMARY_OTP' as const }
  })

  app.post('/api/email/update/primary', async (req) => {
    const s = await requireSession(req, await apiContext(req))
    const rec = await checkOtp(`update-primary:${s.user.id}`, otpField(body(req).otp))
    await sendOtp(`update-secondary:${s.user.id}`, rec.newEmail!, 'update-secondary', { newEmail: rec.newEmail })
    return { action: 'VERIFY_SECONDARY_OTP' as const }
  })

  app.post('/api/email/update/secondary', async (req) => {
    const s = await requireSession(req, await apiContext(req))
    const rec = await checkOtp(`update-secondary:${s.user.id}`, otpField(body(req).otp))
    const newEmail = rec.newEmail!
    const other = await store.userByEmail(newEmail)
    // Only the owner of newEmail (who typed its code) learns that it is taken.
    const taken = () => invalid('newEmail belongs to another account')
    if (other && other.id !== s.user.id) throw taken()
    try {
      await store.updateUser(s.user.id, (u) => {
        if (u.email !== undefined || !u.social) u.email = newEmail
        else u.social = { ...u.social, email: newEmail }
      })
    } catch (e) {
      // Taken between the check and the write (another instance's login created that user).
      if (e instanceof UserConflict) throw taken()
      throw e
    }
    return { email: newEmail }
  })

  // ---- social login ------------------------------------------------------------------------------------------------

  function oidcConfig(provider: SocialProvider): Promise<oidcClient.Configuration> {
    let p = oidcConfigs.get(provider)
    if (!p) {
      const issuer = new URL(opts.oidc!.issuer(provider))
      const insecure = issuer.protocol === 'http:'
      p = oidcClient.discovery(issuer, clientId, undefined, oidcClient.ClientSecretPost(clientSecret), {
        execute: insecure ? [oidcClient.allowInsecureRequests] : [],
        timeout: 10,
      })
      p.catch(() => oidcConfigs.delete(provider))
      oidcConfigs.set(provider, p)
    }
    return p
  }

  const isProvider = (p: unknown): p is SocialProvider => typeof p === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(p)

  app.get<{ Querystring: Record<string, string | undefined> }>('/social/start', async (req, reply) => {
    const { provider, state, hostOrigin, projectId } = req.query
    try {
      await startRateLimit(req)
    } catch (e) {
      if (e instanceof HttpError) return htmlPage(reply.header('retry-after', String(e.retryAfter)), e.status, 'Sign-in failed', e.message)
      throw e
    }
    if (!isProvider(provider)) return htmlPage(reply, 400, 'Sign-in failed', ApiErrorText.UNKNOWN_PROVIDER)
    if (state !== undefined && (typeof state !== 'string' || state.length > 200)) return htmlPage(reply, 400, 'Sign-in failed', `${ApiErrorText.INVALID_PARAMS}: state`)
    try {
      await checkProject(projectId, hostOrigin)
    } catch (e) {
      if (e instanceof HttpError) return htmlPage(reply, e.status, 'Sign-in failed', e.message)
      throw e
    }
    if (!opts.oidc) return htmlPage(reply, 503, 'Sign-in failed', 'Social login is not configured on this secure site')
    const config = await oidcConfig(provider)
    const verifier = oidcClient.randomPKCECodeVerifier()
    const serverState = oidcClient.randomState()
    const nonce = oidcClient.randomNonce()
    const start: SocialStart = { provider, hostOrigin: hostOrigin!, projectId: projectId!, clientState: state, verifier, nonce, expiresAt: clock() + SOCIAL_START_TTL_MS }
    await ephemeral.set(`social-start:${serverState}`, JSON.stringify(start), SOCIAL_START_TTL_MS)
    const target = oidcClient.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(provider),
      scope: 'openid email profile',
      state: serverState,
      nonce,
      code_challenge: await oidcClient.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    return reply.redirect(target.href, 302)
  })

  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>('/auth/callback/:provider', async (req, reply) => {
    const provider = req.params.provider
    const st = typeof req.query.state === 'string' ? req.query.state : ''
    // Single use: taken (on whichever instance the provider redirected to) before anything else.
    const raw = st && st.length <= 200 ? await ephemeral.take(`social-start:${st}`) : undefined
    const start = raw === undefined ? undefined : (JSON.parse(raw) as SocialStart)
    if (!isProvider(provider) || !start || start.provider !== provider || start.expiresAt <= clock())
      return htmlPage(reply, 400, 'Sign-in failed', 'This sign-in link is invalid or expired. Close this window and try again.')
    const sendResult = (message: SocialCallbackMessage, status = 200) => {
      const { html, csp } = socialCallbackPage({ targetOrigin: start.hostOrigin, message }, assets)
      return reply.code(status).header('content-security-policy', csp).type('text/html; charset=utf-8').send(html)
    }
    const stateField = start.clientState === undefined ? {} : { state: start.clientState }
    if (req.query.error !== undefined) return sendResult({ type: 'SOCIAL_ERROR', payload: { message: 'Failed to connect', ...stateField } })
    let claims: Record<string, unknown>
    try {
      const config = await oidcConfig(provider)
      const tokens = await oidcClient.authorizationCodeGrant(config, new URL(req.url, url), {
        pkceCodeVerifier: start.verifier,
        expectedState: st,
        expectedNonce: start.nonce,
        idTokenExpected: true,
      })
      claims = (tokens.claims() ?? {}) as Record<string, unknown>
    } catch (e) {
      log(`secure site: ${provider} code exchange failed: ${(e as Error).message}`)
      return sendResult({ type: 'SOCIAL_ERROR', payload: { message: 'Failed to connect', ...stateField } })
    }
    const sub = typeof claims.sub === 'string' ? claims.sub : ''
    if (!sub) return sendResult({ type: 'SOCIAL_ERROR', payload: { message: 'Failed to connect', ...stateField } })
    const str = (k: string) => (typeof claims[k] === 'string' && (claims[k] as string).length <= 254 ? (claims[k] as string) : undefined)
    const email = verifiedSocialEmail(claims)
    const userName = str('name') ?? str('preferred_username') ?? email
    let user = await store.userBySocial(provider, sub)
    if (!user) user = await createUser({ social: { provider, sub, ...(userName ? { userName } : {}), ...(email ? { email } : {}) } })
    else if (userName && user.social?.userName !== userName)
      await store.updateUser(user.id, (u) => {
        u.social = { ...u.social!, userName }
      })
    const code = randomBytes(24).toString('base64url')
    const socialCode: SocialCode = { userId: user.id, projectId: start.projectId, hostOrigin: start.hostOrigin, expiresAt: clock() + SOCIAL_CODE_TTL_MS }
    await ephemeral.set(`social-code:${code}`, JSON.stringify(socialCode), SOCIAL_CODE_TTL_MS)
    return sendResult({ type: 'SOCIAL_RESULT', payload: { code, ...stateField } })
  })

  app.post('/api/social/exchange', async (req): Promise<SessionResponse> => {
    const ctx = await apiContext(req)
    const code = body(req).code
    const raw = typeof code === 'string' && code.length <= 100 ? await ephemeral.take(`social-code:${code}`) : undefined
    const rec = raw === undefined ? undefined : (JSON.parse(raw) as SocialCode)
    if (!rec || rec.expiresAt <= clock() || rec.hostOrigin !== ctx.hostOrigin || rec.projectId !== ctx.projectId)
      throw new HttpError(400, 'SOCIAL_CODE_INVALID', ApiErrorText.SOCIAL_CODE_INVALID)
    const user = await store.userById(rec.userId)
    if (!user) throw new HttpError(400, 'SOCIAL_CODE_INVALID', ApiErrorText.SOCIAL_CODE_INVALID)
    return startSession(user, ctx)
  })

  // ---- session -----------------------------------------------------------------------------------------------------

  app.get<{ Querystring: { chainId?: string; preferredAccountType?: string } }>('/api/user', async (req) => {
    const s = await requireSession(req, await apiContext(req))
    return userView(s.user, req.query.chainId, req.query.preferredAccountType)
  })

  // ---- smart accounts ----------------------------------------------------------------------------------------------

  /** The eip155 chain of a body's chainId (default chain when absent); smart accounts must be enabled there. */
  function smartChain(raw: unknown): number {
    const chain = raw === undefined || raw === null ? { namespace: 'eip155' as const, id: defaultChainId } : parseChain(raw)
    if (!chain) throw invalid('chainId')
    if (chain.namespace !== 'eip155' || !smart.isEnabled(chain.id))
      throw new HttpError(400, 'SMART_ACCOUNT_NOT_SUPPORTED', ApiErrorText.SMART_ACCOUNT_NOT_SUPPORTED)
    return chain.id
  }

  app.get('/api/smart-account/networks', async (req): Promise<SmartAccountNetworksResponse> => {
    await apiContext(req)
    return { smartAccountEnabledNetworks: [...smart.enabledChainIds] }
  })

  app.post('/api/smart-account', async (req): Promise<SmartAccountInitResponse> => {
    const s = await requireSession(req, await apiContext(req))
    const chainId = smartChain(body(req).chainId)
    const address = await smart.address(s.user.addresses.eip155, chainId)
    return { address, isDeployed: await smart.isDeployed(address, chainId) }
  })

  app.post('/api/preferred-account', async (req): Promise<PreferredAccountResponse> => {
    const s = await requireSession(req, await apiContext(req))
    const b = body(req)
    if (!isAccountType(b.type)) throw invalid("type must be 'eoa' or 'smartAccount'")
    let address = s.user.addresses.eip155
    if (b.type === 'smartAccount') address = await smart.address(s.user.addresses.eip155, smartChain(b.chainId))
    const type = b.type
    await store.updateUser(s.user.id, (u) => {
      u.preferredAccountType = type
    })
    return { type, address }
  })

  // ---- Farcaster ---------------------------------------------------------------------------------------------------

  const farcasterFailed = () => new HttpError(400, 'FARCASTER_FAILED', ApiErrorText.FARCASTER_FAILED)

  app.post('/api/farcaster/channel', async (req): Promise<FarcasterChannelResponse> => {
    await startRateLimit(req)
    const ctx = await apiContext(req)
    if (!farcaster) throw farcasterFailed()
    const channel = await farcaster.open(ctx.projectId, ctx.hostOrigin)
    if (!channel) throw new HttpError(502, 'FARCASTER_FAILED', ApiErrorText.FARCASTER_FAILED)
    return channel
  })

  app.post('/api/farcaster/connect', async (req, reply): Promise<FarcasterConnectResponse> => {
    const ctx = await apiContext(req)
    if (!farcaster) throw farcasterFailed()
    const channelId = body(req).channelId
    if (typeof channelId !== 'string' || channelId.length > 100) throw invalid('channelId')
    let closed = false
    const onClose = () => (closed = true)
    reply.raw.on('close', onClose)
    let outcome: Awaited<ReturnType<typeof farcaster.connect>>
    try {
      outcome = await farcaster.connect(channelId, ctx.projectId, ctx.hostOrigin, () => closed || stopping)
    } finally {
      reply.raw.off('close', onClose)
    }
    if (outcome.status === 'pending') return { status: 'pending' }
    if (outcome.status === 'failed') {
      log(`secure site: farcaster sign-in failed: ${outcome.reason}`)
      throw farcasterFailed()
    }
    const { profile } = outcome
    let user = await store.userByFid(profile.fid)
    if (!user) user = await createUser({ farcaster: profile })
    else
      user = await store.updateUser(user.id, (u) => {
        u.farcaster = profile
      })
    return { status: 'completed', ...(await startSession(user, ctx)) }
  })

  registerPasskeyRoutes(app, { store, ephemeral, clock, siteUrl: () => url, apiContext, requireSession, startSession, rateLimit: startRateLimit })

  app.post('/api/sign-out', async (req) => {
    const s = await requireSession(req, await apiContext(req))
    await store.deleteSession(s.sid)
    return { ok: true as const }
  })

  // Sponsored gas: asked by the frame before the approval panel shows ("Gas paid by …" or the sponsor's refusal).
  app.post('/api/sponsorship', async (req): Promise<SponsorshipResponse> => {
    const s = await requireSession(req, await apiContext(req))
    const b = body(req) as SponsorshipRequest
    const chain = parseChain(b.chainId)
    if (chain?.namespace !== 'eip155' || activeType(s.user, chain.id, b.preferredAccountType) !== 'smartAccount') return { status: 'none' }
    return smart.sponsorship(s.user.addresses.eip155, chain.id, b.method, b.params, b.paymasterUrl, s.projectId)
  })

  app.post('/api/rpc', async (req) => {
    const s = await requireSession(req, await apiContext(req))
    const b = body(req) as RpcRequest
    const u = s.user
    const rpcUser = { eip155Address: u.addresses.eip155, solanaAddress: u.addresses.solana }
    const keys = {
      evm: () => open(keysKey, u.sealedKeys.eip155, `${u.id}:eip155`),
      solana: () => open(keysKey, u.sealedKeys.solana, `${u.id}:solana`),
    }
    return handleRpc(
      { method: b.method, params: b.params, chainId: b.chainId, approved: b.approved },
      rpcUser,
      keys,
      { evmRpcUrls: opts.evmRpcUrls, solanaRpcUrl: opts.solanaRpcUrl },
      {
        // The stored choice decides (the host's default was applied when it fetched the user).
        active: (chainId) => activeType(u, chainId, b.preferredAccountType) === 'smartAccount',
        call: (method, params, chainId, parsed) =>
          smart.call(method, params, chainId, rpcUser, keys, s.projectId, parsed, { paymasterUrl: b.paymasterUrl, sponsored: b.sponsored === true }),
      },
      eip7702?.forUser(rpcUser, keys, { projectId: s.projectId, paymasterUrl: b.paymasterUrl }),
    )
  })

  await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 })
  const localUrl = `http://${opts.host ?? '127.0.0.1'}:${(app.server.address() as AddressInfo).port}`
  url = publicOrigin ?? localUrl
  log(`secure site ready ${url}`)

  return {
    url,
    localUrl,
    redirectUri,
    oidcClient: { client_id: clientId, client_secret: clientSecret, redirect_uris: SOCIAL_PROVIDERS.map(redirectUri) },
    flush: async () => {},
    exportState: () => store.exportState(),
    async stop() {
      stopping = true
      for (const release of [...waiters]) release()
      await app.close()
      mailer.close()
      await ephemeral.close()
      await store.close()
    },
  }
}
