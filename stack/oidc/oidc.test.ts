import * as oidcClient from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidc, type OidcStack, type SocialProvider } from './index.ts'

const PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
const CALLBACK_BASE = 'http://127.0.0.1:9/auth/callback'
const CLIENT = {
  client_id: 'secure-site',
  client_secret: 'secure-site-secret-for-tests',
  client_name: 'Portico Secure Site',
  redirect_uris: PROVIDERS.map((provider) => `${CALLBACK_BASE}/${provider}`),
}

let oidc: OidcStack
beforeAll(async () => {
  oidc = await startOidc({ clients: [CLIENT] })
})
afterAll(async () => {
  await oidc?.stop()
})

interface StoredCookie {
  name: string
  value: string
  path: string
  raw: string
}

/** A browser stand-in: manual redirects and a cookie jar that honours Path (cookies ignore ports, as browsers do). */
class Agent {
  readonly cookies: StoredCookie[] = []

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url)
    const cookie = this.cookies
      .filter((entry) => target.pathname === entry.path || target.pathname.startsWith(entry.path.endsWith('/') ? entry.path : `${entry.path}/`))
      .map((entry) => `${entry.name}=${entry.value}`)
      .join('; ')
    const headers: Record<string, string> = {}
    if (cookie) headers.cookie = cookie
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const res = await fetch(target, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
    for (const raw of res.headers.getSetCookie()) this.store(raw, target)
    return res
  }

  private store(raw: string, from: URL): void {
    const [pair = '', ...attributes] = raw.split(';').map((part) => part.trim())
    const eq = pair.indexOf('=')
    const name = pair.slice(0, eq)
    const value = pair.slice(eq + 1)
    const pathAttr = attributes.find((attribute) => attribute.toLowerCase().startsWith('path='))
    const path = pathAttr ? pathAttr.slice(5) : from.pathname.replace(/\/[^/]*$/, '') || '/'
    const expired = attributes.some((attribute) => /^expires=.*1970/i.test(attribute) || /^max-age=(0|-)/i.test(attribute))
    const index = this.cookies.findIndex((entry) => entry.name === name && entry.path === path)
    if (index >= 0) this.cookies.splice(index, 1)
    if (!expired) this.cookies.push({ name, value, path, raw })
  }

  /** Follows redirects on the OIDC server until a page, or a redirect to the client's callback. */
  async follow(res: Response, base: string): Promise<{ res: Response; url: string; callback?: URL }> {
    let current = res
    let url = base
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location')
      if (current.status < 300 || current.status >= 400 || !location) return { res: current, url }
      const next = new URL(location, url)
      if (next.href.startsWith(CALLBACK_BASE)) return { res: current, url, callback: next }
      url = next.href
      current = await this.request(url)
    }
    throw new Error('too many redirects')
  }
}

async function discover(provider: SocialProvider, client = CLIENT): Promise<oidcClient.Configuration> {
  return oidcClient.discovery(new URL(oidc.issuer(provider)), client.client_id, client.client_secret, undefined, {
    execute: [oidcClient.allowInsecureRequests],
  })
}

async function startFlow(provider: SocialProvider, agent: Agent, extra: Record<string, string> = {}) {
  const config = await discover(provider)
  const verifier = oidcClient.randomPKCECodeVerifier()
  const state = oidcClient.randomState()
  const authorizationUrl = oidcClient.buildAuthorizationUrl(config, {
    redirect_uri: `${CALLBACK_BASE}/${provider}`,
    scope: 'openid email profile',
    code_challenge: await oidcClient.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  })
  const page = await agent.follow(await agent.request(authorizationUrl.href), authorizationUrl.href)
  return { config, verifier, state, page }
}

function formAction(html: string, step: 'login' | 'confirm' | 'abort', base: string): string {
  const match = new RegExp(`action="([^"]*/${step})"`).exec(html)
  if (!match) throw new Error(`no ${step} form on the page`)
  return new URL(match[1]!.replaceAll('&amp;', '&'), base).href
}

/** Login with `username`, then Allow or Deny on the consent page; returns the client callback URL. */
async function signIn(provider: SocialProvider, agent: Agent, username: string, decision: 'Allow' | 'Deny', extra?: Record<string, string>) {
  const flow = await startFlow(provider, agent, extra)
  expect(flow.page.res.status).toBe(200)
  const loginHtml = await flow.page.res.text()
  const afterLogin = await agent.follow(
    await agent.request(formAction(loginHtml, 'login', flow.page.url), { form: { username } }),
    flow.page.url,
  )
  expect(afterLogin.res.status).toBe(200)
  const consentHtml = await afterLogin.res.text()
  expect(consentHtml).toContain('>Allow</button>')
  expect(consentHtml).toContain('>Deny</button>')
  const step = decision === 'Allow' ? 'confirm' : 'abort'
  const done = await agent.follow(
    await agent.request(formAction(consentHtml, step, afterLogin.url), { form: {} }),
    afterLogin.url,
  )
  if (!done.callback) throw new Error(`no redirect to the client, status ${done.res.status}`)
  return { ...flow, loginHtml, consentHtml, callback: done.callback }
}

const BRAND: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

describe('startOidc', () => {
  it('serves one issuer per social provider with code + PKCE discovery metadata', async () => {
    for (const provider of PROVIDERS) {
      expect(oidc.issuer(provider)).toBe(`${oidc.url}/${provider}`)
      const res = await fetch(`${oidc.url}/${provider}/.well-known/openid-configuration`)
      expect(res.status).toBe(200)
      const meta = (await res.json()) as Record<string, unknown>
      expect(meta.issuer).toBe(`${oidc.url}/${provider}`)
      expect(meta.authorization_endpoint).toBe(`${oidc.url}/${provider}/auth`)
      expect(meta.response_types_supported).toEqual(['code'])
      expect(meta.code_challenge_methods_supported).toEqual(['S256'])
      expect(meta.scopes_supported).toEqual(['openid', 'email', 'profile'])
    }
    expect((await fetch(`${oidc.url}/myspace/.well-known/openid-configuration`)).status).toBe(404)
  })

  it('seeds two demo users per provider', () => {
    for (const provider of PROVIDERS) {
      expect(oidc.users[provider].map((user) => user.email)).toEqual([`alice@${provider}.example`, `bob@${provider}.example`])
    }
  })

  for (const provider of PROVIDERS) {
    it(`${provider}: full code flow with PKCE through its login and consent pages`, async () => {
      const agent = new Agent()
      const { config, verifier, state, loginHtml, consentHtml, callback } = await signIn(provider, agent, 'alice', 'Allow')
      expect(loginHtml).toContain(`<h1>Sign in with ${BRAND[provider]}</h1>`)
      expect(loginHtml).toContain('<label for="username">Username</label>')
      expect(loginHtml).toContain('Portico Secure Site')
      expect(consentHtml).toContain(`Portico Secure Site wants to access your ${BRAND[provider]} account`)
      expect(callback.searchParams.get('state')).toBe(state)
      expect(callback.searchParams.get('code')).toBeTruthy()

      const tokens = await oidcClient.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state })
      const claims = tokens.claims()!
      expect(claims.iss).toBe(`${oidc.url}/${provider}`)
      expect(claims.aud).toBe('secure-site')
      expect(claims).toMatchObject({
        sub: `${provider}-alice`,
        email: `alice@${provider}.example`,
        email_verified: true,
        name: 'Alice Example',
        picture: `${oidc.url}/${provider}/avatar/alice.svg`,
        preferred_username: 'alice',
      })
      const userinfo = await oidcClient.fetchUserInfo(config, tokens.access_token, claims.sub)
      expect(userinfo.email).toBe(`alice@${provider}.example`)
    })
  }

  it('the login field takes the email too, and the picture URL serves an SVG avatar', async () => {
    const agent = new Agent()
    const { config, verifier, state, callback } = await signIn('discord', agent, 'BOB@discord.example', 'Allow')
    const claims = (await oidcClient.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state })).claims()!
    expect(claims.sub).toBe('discord-bob')
    const avatar = await fetch(String(claims.picture))
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
    expect(await avatar.text()).toContain('<svg')
  })

  it('an unknown username re-shows the login page with an alert', async () => {
    const agent = new Agent()
    const { page } = await startFlow('github', agent)
    const html = await page.res.text()
    const res = await agent.request(formAction(html, 'login', page.url), { form: { username: '<mallory>' } })
    expect(res.status).toBe(200)
    const again = await res.text()
    expect(again).toContain('role="alert">Unknown user. Use one of: alice, bob.</p>')
    expect(again).toContain('value="&lt;mallory&gt;"')
    expect(again).not.toContain('<mallory>')
  })

  it('Deny on the consent page sends access_denied to the client', async () => {
    const agent = new Agent()
    const { config, verifier, state, callback } = await signIn('google', agent, 'alice', 'Deny')
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect(callback.searchParams.get('state')).toBe(state)
    expect(callback.searchParams.get('code')).toBeNull()
    expect(callback.searchParams.get('iss')).toBe(`${oidc.url}/google`)
    const grant = oidcClient.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state })
    await expect(grant).rejects.toMatchObject({ error: 'access_denied' })
  })

  it('Cancel on the login page sends access_denied too', async () => {
    const agent = new Agent()
    const { page, state } = await startFlow('apple', agent)
    const html = await page.res.text()
    const done = await agent.follow(await agent.request(formAction(html, 'abort', page.url), { form: {} }), page.url)
    expect(done.callback?.searchParams.get('error')).toBe('access_denied')
    expect(done.callback?.searchParams.get('state')).toBe(state)
  })

  it('refuses a redirect_uri that is not registered, without redirecting', async () => {
    const config = await discover('github')
    const url = oidcClient.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:9/evil/callback',
      scope: 'openid email profile',
      code_challenge: await oidcClient.calculatePKCECodeChallenge(oidcClient.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 's',
    })
    const res = await fetch(url, { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    const html = await res.text()
    expect(html).toContain('<h1>GitHub could not continue</h1>')
    expect(html).toContain('invalid_redirect_uri')
  })

  it('requires PKCE', async () => {
    const config = await discover('x')
    const url = oidcClient.buildAuthorizationUrl(config, {
      redirect_uri: `${CALLBACK_BASE}/x`,
      scope: 'openid email profile',
      state: 's',
    })
    const res = await fetch(url, { redirect: 'manual' })
    const location = new URL(res.headers.get('location') ?? 'http://invalid/')
    expect(location.href.startsWith(`${CALLBACK_BASE}/x`)).toBe(true)
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })

  it('rejects a wrong client secret and a wrong PKCE verifier at the token endpoint', async () => {
    const agent = new Agent()
    const { verifier, state, callback } = await signIn('facebook', agent, 'alice', 'Allow')
    const wrongSecret = await discover('facebook', { ...CLIENT, client_secret: 'not-the-secret' })
    await expect(
      oidcClient.authorizationCodeGrant(wrongSecret, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_client' })

    const second = await signIn('facebook', new Agent(), 'bob', 'Allow')
    await expect(
      oidcClient.authorizationCodeGrant(second.config, second.callback, {
        pkceCodeVerifier: oidcClient.randomPKCECodeVerifier(),
        expectedState: second.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('keeps each provider session apart, on http, in cookies scoped to the provider', async () => {
    const agent = new Agent()
    await signIn('github', agent, 'alice', 'Allow')
    const session = agent.cookies.find((cookie) => cookie.name === '_github_session')
    expect(session?.path).toBe('/github')
    expect(session?.raw.toLowerCase()).toContain('httponly')
    expect(session?.raw.toLowerCase()).toContain('samesite=lax')
    expect(session?.raw.toLowerCase()).not.toContain('secure')

    // github again: signed in and consented already, so straight back to the client with a code.
    const again = await startFlow('github', agent)
    expect(again.page.callback?.searchParams.get('code')).toBeTruthy()
    // google with the same browser: its own login page, not github's session.
    const google = await startFlow('google', agent)
    expect(google.page.res.status).toBe(200)
    expect(await google.page.res.text()).toContain('<h1>Sign in with Google</h1>')
  })

  it('prompt=login asks again even with a session', async () => {
    const agent = new Agent()
    await signIn('x', agent, 'alice', 'Allow')
    const again = await startFlow('x', agent, { prompt: 'login' })
    expect(again.page.res.status).toBe(200)
    expect(await again.page.res.text()).toContain('<h1>Sign in with X</h1>')
  })

  it('addClient registers a client after start at every issuer', async () => {
    const late = { client_id: 'late-site', client_secret: 'late-secret', redirect_uris: [`${CALLBACK_BASE}/late`] }
    const before = await fetch(`${oidc.url}/github/auth?client_id=late-site&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(late.redirect_uris[0]!)}`, { redirect: 'manual' })
    expect(before.status).toBe(400)
    await oidc.addClient(late)
    for (const provider of ['github', 'discord'] as const) {
      const config = await discover(provider, { ...CLIENT, ...late })
      const url = oidcClient.buildAuthorizationUrl(config, {
        redirect_uri: late.redirect_uris[0]!,
        scope: 'openid email profile',
        code_challenge: await oidcClient.calculatePKCECodeChallenge(oidcClient.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
      })
      const res = await fetch(url, { redirect: 'manual' })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toMatch(new RegExp(`^/${provider}/interaction/`))
    }
  })

  it('addClient refuses invalid metadata and a client_id given at start', async () => {
    await expect(oidc.addClient({ client_id: 'bad', client_secret: 's', redirect_uris: ['not a url'] })).rejects.toThrow(/^oidc: client bad refused: redirect_uris/)
    const probe = await fetch(`${oidc.url}/google/auth?client_id=bad&response_type=code&scope=openid&redirect_uri=x`, { redirect: 'manual' })
    expect(probe.status).toBe(400)
    expect(await probe.text()).toContain('invalid_client')
    await expect(oidc.addClient({ ...CLIENT, client_secret: 'other' })).rejects.toThrow('oidc: client secure-site was registered at start and cannot be replaced')
  })

  it('an oversized login form is refused with 413', async () => {
    const agent = new Agent()
    const { page } = await startFlow('github', agent)
    const html = await page.res.text()
    const res = await agent.request(formAction(html, 'login', page.url), { form: { username: 'a'.repeat(20_000) } })
    expect(res.status).toBe(413)
  })

  it('an interaction page without its cookie is refused', async () => {
    const agent = new Agent()
    const { page } = await startFlow('google', agent)
    const res = await fetch(page.url)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('This sign-in attempt has expired or is unknown')
  })
})
