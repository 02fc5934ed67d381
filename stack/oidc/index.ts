import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type ClientMetadata, type Configuration, type JWK } from 'oidc-provider'
import { MemoryStore } from './memory-store.ts'
import { PAGE_CSP, consentPage, errorPage, indexPage, loginPage } from './pages.ts'
import {
  SOCIAL_PROVIDERS,
  avatarSvg,
  isSocialProvider,
  seedUsers,
  type DemoUser,
  type SocialProvider,
} from './users.ts'

export { SOCIAL_PROVIDERS, PROVIDER_BRANDING, type DemoUser, type SocialProvider } from './users.ts'

/** A relying party (the secure site), registered at all six issuers. */
export interface OidcClient {
  client_id: string
  client_secret: string
  redirect_uris: string[]
  /** Shown on the login and consent pages; default the client_id. */
  client_name?: string
  /** Default `client_secret_post` (openid-client's default when given a secret). */
  token_endpoint_auth_method?: 'client_secret_post' | 'client_secret_basic'
  post_logout_redirect_uris?: string[]
}

export interface OidcOptions {
  /** 0 or absent: a free port. */
  port?: number
  clients: OidcClient[]
}

export interface OidcStack {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string
  /** `${url}/${provider}`: the provider's issuer (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer(provider: SocialProvider): string
  users: Readonly<Record<SocialProvider, readonly DemoUser[]>>
  /** Registers (or replaces) a client at all six issuers after start. */
  addClient(client: OidcClient): Promise<void>
  stop(): Promise<void>
}

const HOST = '127.0.0.1'
const SCOPES = ['openid', 'email', 'profile']
const MAX_FORM_BYTES = 8 * 1024

interface Mounted {
  provider: Provider
  name: SocialProvider
  users: DemoUser[]
  store: MemoryStore
  callback: ReturnType<Provider['callback']>
}

/**
 * One real `oidc-provider` per SPEC §5 social provider, each its own issuer at `<url>/<provider>` on one HTTP server:
 * authorization code flow with PKCE (S256, required), scopes `openid email profile`, id_token claims sub, email,
 * email_verified, name, picture, preferred_username; its own login ("Sign in with GitHub") and consent (Allow / Deny)
 * pages. Plain http on 127.0.0.1: cookies carry no Secure flag (oidc-provider sets it only on https requests), are
 * named and scoped per provider so the six sessions never mix.
 */
export async function startOidc(options: OidcOptions): Promise<OidcStack> {
  for (const client of options.clients) validateClient(client)
  const mounted = new Map<SocialProvider, Mounted>()
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendHtml(res, 500, errorPage(null, 'server_error', error instanceof Error ? error.message : String(error)))
      else res.destroy()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const url = `http://${HOST}:${(server.address() as AddressInfo).port}`
  const users = seedUsers(url)

  try {
    const keys = await Promise.all(SOCIAL_PROVIDERS.map(() => signingKey()))
    SOCIAL_PROVIDERS.forEach((name, index) => {
      const store = new MemoryStore()
      const provider = new Provider(`${url}/${name}`, configuration(name, users[name], options.clients, keys[index]!, store))
      // Dropped connections and the like are reported per request already; keep them off the console.
      provider.on('server_error', () => {})
      mounted.set(name, { provider, name, users: users[name], store, callback: provider.callback() })
    })
  } catch (error) {
    server.close()
    throw error
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', url).pathname
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      sendHtml(res, 200, indexPage(url, users))
      return
    }
    const segments = path.split('/')
    const name = segments[1] ?? ''
    const entry = isSocialProvider(name) ? mounted.get(name) : undefined
    if (!entry) {
      sendHtml(res, 404, errorPage(null, 'not_found', 'No such provider'))
      return
    }
    const rest = segments.slice(2)
    if (rest[0] === 'avatar' && rest.length === 2 && req.method === 'GET') {
      const svg = avatarSvg((rest[1] ?? '').replace(/\.svg$/, ''))
      if (svg === null) {
        sendHtml(res, 404, errorPage(entry.name, 'not_found', 'No such avatar'))
        return
      }
      res.writeHead(200, {
        'Content-Type': 'image/svg+xml',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      })
      res.end(svg)
      return
    }
    if (rest[0] === 'interaction' && rest.length >= 2) {
      await interaction(entry, rest.slice(1), req, res)
      return
    }
    // Everything else is oidc-provider's own routes, mounted under /<provider>.
    const prefix = `/${entry.name}`
    const original = req.url ?? '/'
    ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = original
    req.url = original.slice(prefix.length) || '/'
    if (!req.url.startsWith('/')) req.url = `/${req.url}`
    entry.callback(req, res)
  }

  async function interaction(entry: Mounted, parts: string[], req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { provider, name } = entry
    const [uid, step] = parts
    if (parts.length > 2) {
      sendHtml(res, 404, errorPage(name, 'not_found', 'No such page'))
      return
    }
    let details: Awaited<ReturnType<Provider['interactionDetails']>>
    try {
      details = await provider.interactionDetails(req, res)
    } catch {
      sendHtml(res, 400, errorPage(name, 'invalid_request', 'This sign-in attempt has expired or is unknown. Start again from the app.'))
      return
    }
    if (details.uid !== uid) {
      sendHtml(res, 400, errorPage(name, 'invalid_request', 'This sign-in attempt does not match the browser session.'))
      return
    }
    const client = await provider.Client.find(String(details.params.client_id))
    const clientName = client?.clientName ?? String(details.params.client_id)
    const action = `/${name}/interaction/${uid}`

    if (step === undefined && req.method === 'GET') {
      if (details.prompt.name === 'login') {
        sendHtml(res, 200, loginPage({ provider: name, action, clientName, users: entry.users }))
        return
      }
      const user = entry.users.find((candidate) => candidate.sub === details.session?.accountId)
      if (details.prompt.name === 'consent' && user) {
        const scopes = String(details.params.scope ?? 'openid').split(' ').filter((scope) => SCOPES.includes(scope))
        sendHtml(res, 200, consentPage({ provider: name, action, clientName, user, scopes }))
        return
      }
      sendHtml(res, 400, errorPage(name, 'invalid_request', `Unexpected step ${details.prompt.name}`))
      return
    }
    if (req.method !== 'POST') {
      sendHtml(res, 405, errorPage(name, 'invalid_request', 'Method not allowed'))
      return
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
      res.setHeader('Connection', 'close')
      sendHtml(res, 413, errorPage(name, 'invalid_request', 'Form too large'))
      return
    }
    const form = await readForm(req)
    if (form === null) {
      sendHtml(res, 413, errorPage(name, 'invalid_request', 'Form too large'))
      return
    }
    if (step === 'login' && details.prompt.name === 'login') {
      const typed = (form.get('username') ?? '').trim().toLowerCase()
      const user = entry.users.find((candidate) => candidate.username === typed || candidate.email === typed)
      if (!user) {
        sendHtml(res, 200, loginPage({
          provider: name,
          action,
          clientName,
          users: entry.users,
          username: form.get('username') ?? '',
          error: `Unknown user. Use one of: ${entry.users.map((candidate) => candidate.username).join(', ')}.`,
        }))
        return
      }
      await provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false })
      return
    }
    if (step === 'confirm' && details.prompt.name === 'consent') {
      const accountId = details.session?.accountId
      if (!accountId) {
        sendHtml(res, 400, errorPage(name, 'invalid_request', 'Not signed in'))
        return
      }
      const promptDetails = details.prompt.details as {
        missingOIDCScope?: string[]
        missingOIDCClaims?: string[]
        missingResourceScopes?: Record<string, string[]>
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) })
      if (!grant) {
        sendHtml(res, 400, errorPage(name, 'invalid_request', 'The grant has expired. Start again from the app.'))
        return
      }
      if (promptDetails.missingOIDCScope) grant.addOIDCScope(promptDetails.missingOIDCScope.join(' '))
      if (promptDetails.missingOIDCClaims) grant.addOIDCClaims(promptDetails.missingOIDCClaims)
      for (const [indicator, scopes] of Object.entries(promptDetails.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '))
      }
      const grantId = await grant.save()
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
      return
    }
    if (step === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    sendHtml(res, 400, errorPage(name, 'invalid_request', 'This step does not match the sign-in attempt.'))
  }

  let stopped = false
  return {
    url,
    issuer: (provider) => `${url}/${provider}`,
    users,
    async addClient(client) {
      validateClient(client)
      if (options.clients.some((known) => known.client_id === client.client_id)) {
        throw new Error(`oidc: client ${client.client_id} was registered at start and cannot be replaced`)
      }
      // Clients added after start live in each issuer's store; oidc-provider validates the metadata when it loads it.
      for (const entry of mounted.values()) entry.store.putClient({ ...clientMetadata(client), client_id: client.client_id })
      try {
        await mounted.get('google')!.provider.Client.find(client.client_id)
      } catch (error) {
        for (const entry of mounted.values()) entry.store.deleteClient(client.client_id)
        const detail = (error as { error_description?: string }).error_description ?? (error as Error).message
        throw new Error(`oidc: client ${client.client_id} refused: ${detail}`, { cause: error })
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function configuration(name: SocialProvider, users: DemoUser[], clients: OidcClient[], key: JWK, store: MemoryStore): Configuration {
  return {
    adapter: store.factory,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
    },
    clients: clients.map(clientMetadata),
    jwks: { keys: [key] },
    findAccount(_ctx, sub) {
      const user = users.find((candidate) => candidate.sub === sub)
      if (!user) return undefined
      return {
        accountId: user.sub,
        claims: () => ({
          sub: user.sub,
          email: user.email,
          email_verified: user.email_verified,
          name: user.name,
          picture: user.picture,
          preferred_username: user.preferred_username,
        }),
      }
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture', 'preferred_username'],
    },
    scopes: SCOPES,
    responseTypes: ['code'],
    pkce: { required: () => true },
    // The id_token carries the profile claims too, as the hosted providers' do (not only the userinfo endpoint).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    interactions: {
      url: (_ctx, interaction) => `/${name}/interaction/${interaction.uid}`,
    },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      // Names and the session cookie's path per provider: all six share the host 127.0.0.1 (cookies ignore ports).
      names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` },
      // No `secure`: oidc-provider adds the Secure flag only for https requests, so cookies work on http://127.0.0.1.
      long: { httpOnly: true, sameSite: 'lax', path: `/${name}` },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.set('Content-Security-Policy', PAGE_CSP)
      ctx.body = errorPage(name, String(out.error), out.error_description === undefined ? undefined : String(out.error_description))
    },
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'RS256',
    },
  }
}

function clientMetadata(client: OidcClient): ClientMetadata {
  const metadata: ClientMetadata = {
    client_id: client.client_id,
    client_secret: client.client_secret,
    redirect_uris: [...client.redirect_uris],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.token_endpoint_auth_method ?? 'client_secret_post',
    client_name: client.client_name ?? client.client_id,
  }
  if (client.post_logout_redirect_uris) metadata.post_logout_redirect_uris = [...client.post_logout_redirect_uris]
  return metadata
}

function validateClient(client: OidcClient): void {
  if (!client.client_id || !client.client_secret) throw new Error('oidc: a client needs client_id and client_secret')
  if (!Array.isArray(client.redirect_uris) || client.redirect_uris.length === 0) {
    throw new Error(`oidc: client ${client.client_id} needs at least one redirect_uri`)
  }
}

async function signingKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') } as JWK
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': PAGE_CSP,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  })
  res.end(html)
}

/** The urlencoded form body, or null when it is over MAX_FORM_BYTES (the rest is read and dropped). */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= MAX_FORM_BYTES) chunks.push(chunk)
  }
  return size > MAX_FORM_BYTES ? null : new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}
