/**
 * Passkeys on the secure site (issue 28 part 1), with @simplewebauthn/server. The relying party is this site: its id
 * is the domain of its URL (`publicUrl`, else the local URL) and the only expected origin is its own, so a passkey
 * made here works only in this site's frame or popup, never on a host page. User verification is required, resident
 * (discoverable) keys are required, attestation is not asked for.
 *
 * - Registration needs a session (after an email, social or Farcaster login): options, then verify, which stores the
 *   credential (public key, counter, transports, backup eligibility and state, label, times) for that user.
 * - Login needs no email: options without allowCredentials (the authenticator offers its discoverable credentials),
 *   then verify, which finds the credential by id, checks the user handle, refuses a counter that did not grow, and
 *   starts a session exactly as an email code does.
 * - Challenges are single-use and short-lived: each one is kept in the short-lived state (`passkey-challenge:<c>`,
 *   5 minutes) with what it was made for, and taken (deleted) by the first verify that names it, whatever the outcome.
 * - The user lists and removes passkeys; a passkey that is the account's last way to log in stays.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import {
  ApiErrorText,
  type PasskeyInfo,
  type PasskeyListResponse,
  type PasskeyLoginOptionsResponse,
  type PasskeyRegisterOptionsResponse,
  type PasskeyRegisterVerifyResponse,
  type SessionResponse,
} from './api-types.ts'
import type { Ephemeral } from './ephemeral.ts'
import { HttpError, body, invalid } from './http.ts'
import type { SecureStore, StoredPasskey, StoredUser } from './store.ts'

/** How long a ceremony's challenge is accepted. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000
/** The timeout the browser is given for one ceremony. */
const CEREMONY_TIMEOUT_MS = 120_000
/** Passkeys per user (one per device or password manager is the use; a bound keeps the list and excludeCredentials short). */
const MAX_PASSKEYS = 20
const MAX_LABEL = 64
const RP_NAME = 'Portico wallet'

type Ctx = { projectId: string; hostOrigin: string }
type Challenge = Ctx & { kind: 'register' | 'login'; userId?: string }

export type PasskeyRouteDeps = {
  store: SecureStore
  ephemeral: Ephemeral
  clock: () => number
  /** This site's URL (publicUrl or the local one): the RP id is its host name, the expected origin its origin. */
  siteUrl: () => string
  apiContext(req: FastifyRequest): Promise<Ctx>
  requireSession(req: FastifyRequest, ctx: Ctx): Promise<Ctx & { user: StoredUser }>
  startSession(user: StoredUser, ctx: Ctx): Promise<SessionResponse>
  /** The per-client budget unauthenticated starts share (social starts, Farcaster channels, passkey logins). */
  rateLimit(req: FastifyRequest): Promise<void>
}

/** Whether an account keeps a way to log in with `passkeysLeft` passkeys: email, social, Farcaster or a passkey. */
export function hasLoginMethod(u: Pick<StoredUser, 'email' | 'social' | 'farcaster'>, passkeysLeft: number): boolean {
  return u.email !== undefined || u.social !== undefined || u.farcaster !== undefined || passkeysLeft > 0
}

/** The WebAuthn user handle of a user: the bytes of its id (a random UUID, nothing personal). */
const userHandle = (userId: string) => new TextEncoder().encode(userId)

const info = (p: StoredPasskey): PasskeyInfo => ({
  id: p.id,
  label: p.label,
  createdAt: new Date(p.createdAt).toISOString(),
  ...(p.lastUsedAt === undefined ? {} : { lastUsedAt: new Date(p.lastUsedAt).toISOString() }),
  deviceType: p.deviceType,
  backedUp: p.backedUp,
  transports: p.transports,
})

const failed = () => new HttpError(400, 'PASSKEY_FAILED', ApiErrorText.PASSKEY_FAILED)

function labelField(v: unknown, fallback: string): string {
  if (v === undefined || v === null || v === '') return fallback
  if (typeof v !== 'string') throw invalid('label must be a string')
  const label = v.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  if (!label || label.length > MAX_LABEL) throw invalid(`label must be 1 to ${MAX_LABEL} characters`)
  return label
}

/** The response's shape (as @simplewebauthn/browser resolves it), before anything is verified. */
function responseField<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(v: unknown): T {
  const r = v as { id?: unknown; rawId?: unknown; type?: unknown; response?: { clientDataJSON?: unknown } }
  if (
    typeof r !== 'object' ||
    r === null ||
    typeof r.id !== 'string' ||
    r.id.length > 1024 ||
    r.type !== 'public-key' ||
    typeof r.response !== 'object' ||
    r.response === null ||
    typeof r.response.clientDataJSON !== 'string' ||
    r.response.clientDataJSON.length > 8192
  )
    throw invalid('response must be a WebAuthn credential (startRegistration / startAuthentication result)')
  return v as T
}

export function registerPasskeyRoutes(app: FastifyInstance, d: PasskeyRouteDeps): void {
  const rp = () => {
    const u = new URL(d.siteUrl())
    return { id: u.hostname, origin: u.origin }
  }

  async function newChallenge(challenge: string, c: Challenge): Promise<void> {
    await d.ephemeral.set(`passkey-challenge:${challenge}`, JSON.stringify(c), PASSKEY_CHALLENGE_TTL_MS)
  }

  /**
   * Takes the challenge the response's client data names (single use: gone from here on, verified or not) and
   * checks it was made for this kind of ceremony, project, host origin (and user).
   */
  async function takeChallenge(response: { response: { clientDataJSON: string } }, kind: Challenge['kind'], ctx: Ctx, userId?: string): Promise<string> {
    let client: { challenge?: unknown; crossOrigin?: unknown; topOrigin?: unknown }
    try {
      client = decodeClientDataJSON(response.response.clientDataJSON)
    } catch {
      throw failed()
    }
    const challenge = client.challenge
    if (typeof challenge !== 'string' || challenge.length > 200) throw failed()
    const raw = await d.ephemeral.take(`passkey-challenge:${challenge}`)
    const c = raw === undefined ? undefined : (JSON.parse(raw) as Challenge)
    if (!c || c.kind !== kind || c.projectId !== ctx.projectId || c.hostOrigin !== ctx.hostOrigin || c.userId !== userId) throw failed()
    // In the host's iframe the browser reports crossOrigin with topOrigin = the host page: it must be the host origin
    // the challenge was made for (a top-level window on this origin reports none; browsers without topOrigin neither).
    if (client.crossOrigin === true && client.topOrigin !== undefined && client.topOrigin !== ctx.hostOrigin) throw failed()
    return challenge
  }

  app.post('/api/passkey/register/options', async (req): Promise<PasskeyRegisterOptionsResponse> => {
    const s = await d.requireSession(req, await d.apiContext(req))
    const existing = await d.store.passkeys(s.user.id)
    if (existing.length >= MAX_PASSKEYS) throw invalid(`at most ${MAX_PASSKEYS} passkeys per account`)
    const name = s.user.email ?? s.user.social?.email ?? s.user.social?.userName ?? s.user.farcaster?.username ?? s.user.addresses.eip155
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp().id,
      userID: userHandle(s.user.id),
      userName: name,
      userDisplayName: name,
      timeout: CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    await newChallenge(options.challenge, { kind: 'register', userId: s.user.id, projectId: s.projectId, hostOrigin: s.hostOrigin })
    return options as unknown as PasskeyRegisterOptionsResponse
  })

  app.post('/api/passkey/register/verify', async (req): Promise<PasskeyRegisterVerifyResponse> => {
    const s = await d.requireSession(req, await d.apiContext(req))
    const b = body(req)
    const response = responseField<RegistrationResponseJSON>(b.response)
    const existing = await d.store.passkeys(s.user.id)
    const label = labelField(b.label, `Passkey ${existing.length + 1}`)
    const challenge = await takeChallenge(response, 'register', s, s.user.id)
    const { id: rpID, origin } = rp()
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true })
    } catch {
      throw failed()
    }
    if (!verified.verified || !verified.registrationInfo) throw failed()
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo
    if (await d.store.passkey(credential.id)) throw invalid('this passkey is already registered')
    const passkey: StoredPasskey = {
      id: credential.id,
      userId: s.user.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      label,
      createdAt: d.clock(),
    }
    await d.store.addPasskey(passkey)
    return { passkey: info(passkey) }
  })

  app.post('/api/passkey/login/options', async (req): Promise<PasskeyLoginOptionsResponse> => {
    await d.rateLimit(req)
    const ctx = await d.apiContext(req)
    const options = await generateAuthenticationOptions({ rpID: rp().id, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS })
    await newChallenge(options.challenge, { kind: 'login', ...ctx })
    return options as unknown as PasskeyLoginOptionsResponse
  })

  app.post('/api/passkey/login/verify', async (req): Promise<SessionResponse> => {
    const ctx = await d.apiContext(req)
    const response = responseField<AuthenticationResponseJSON>(body(req).response)
    const challenge = await takeChallenge(response, 'login', ctx)
    const passkey = await d.store.passkey(response.id)
    if (!passkey) throw new HttpError(400, 'PASSKEY_UNKNOWN', ApiErrorText.PASSKEY_UNKNOWN)
    // A discoverable credential names its user: it must be the credential's own.
    const handle = (response.response as { userHandle?: unknown }).userHandle
    if (handle !== undefined && handle !== null && handle !== isoBase64URL.fromBuffer(userHandle(passkey.userId))) throw failed()
    const { id: rpID, origin } = rp()
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedTopOrigin: ctx.hostOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransport[] },
      })
    } catch {
      // Wrong origin or RP id, a bad signature, no user verification, or a counter that did not grow (a cloned key).
      throw failed()
    }
    if (!verified.verified) throw failed()
    const { newCounter, credentialBackedUp } = verified.authenticationInfo
    // The same check once more against the stored row, atomically (two instances verifying one assertion at once).
    if (!(await d.store.usePasskey(passkey.id, newCounter, credentialBackedUp, d.clock()))) throw failed()
    const user = await d.store.userById(passkey.userId)
    if (!user) throw new HttpError(400, 'PASSKEY_UNKNOWN', ApiErrorText.PASSKEY_UNKNOWN)
    return d.startSession(user, ctx)
  })

  app.get('/api/passkeys', async (req): Promise<PasskeyListResponse> => {
    const s = await d.requireSession(req, await d.apiContext(req))
    return { passkeys: (await d.store.passkeys(s.user.id)).map(info) }
  })

  app.post('/api/passkey/remove', async (req): Promise<PasskeyListResponse> => {
    const s = await d.requireSession(req, await d.apiContext(req))
    const id = body(req).id
    if (typeof id !== 'string' || id.length === 0 || id.length > 1024) throw invalid('id')
    const outcome = await d.store.removePasskey(s.user.id, id, hasLoginMethod)
    if (outcome === 'not-found') throw new HttpError(404, 'NOT_FOUND', 'No such passkey')
    if (outcome === 'refused') throw new HttpError(409, 'LAST_LOGIN_METHOD', ApiErrorText.LAST_LOGIN_METHOD)
    return { passkeys: (await d.store.passkeys(s.user.id)).map(info) }
  })
}
