import { PROVIDER_BRANDING, SOCIAL_PROVIDERS, type DemoUser, type SocialProvider } from './users.ts'

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** No script anywhere; forms post to this server (no form-action: its redirects go on to the client's origin). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'"

function layout(title: string, color: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1b1f; }
main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 1.5rem 1.75rem;
  border-top: 6px solid ${color}; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
h1 { font-size: 1.35rem; margin: 0 0 0.5rem; }
h2 { font-size: 1rem; margin: 1.25rem 0 0.5rem; }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; border: 1px solid #b8b8c4; border-radius: 6px; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 6px; border: 1px solid ${color}; cursor: pointer; }
.primary { background: ${color}; color: #fff; }
.secondary { background: #fff; color: #1b1b1f; border-color: #b8b8c4; }
.row { display: flex; gap: 0.5rem; margin-top: 1rem; }
.row form { margin: 0; }
ul.users { list-style: none; padding: 0; margin: 0; }
ul.users li { margin: 0 0 0.5rem; }
ul.users button { width: 100%; display: flex; align-items: center; gap: 0.75rem; text-align: left; background: #fff; border-color: #d7d7de; }
ul.users img { width: 32px; height: 32px; border-radius: 50%; }
.alert { background: #fdecea; color: #8a1c13; padding: 0.5rem 0.75rem; border-radius: 6px; }
.muted { color: #55556a; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

export interface LoginPageInput {
  provider: SocialProvider
  /** The interaction path, e.g. `/github/interaction/<uid>`. */
  action: string
  clientName: string
  users: readonly DemoUser[]
  error?: string
  username?: string
}

/** "Sign in with <Provider>": a labelled "Username" field, or one click on a demo user; Cancel denies. */
export function loginPage(input: LoginPageInput): string {
  const brand = PROVIDER_BRANDING[input.provider]
  const action = escapeHtml(`${input.action}/login`)
  const users = input.users.map((user) => `<li><form method="post" action="${action}">
<input type="hidden" name="username" value="${escapeHtml(user.username)}">
<button type="submit"><img src="${escapeHtml(user.picture)}" alt=""><span>Continue as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</span></button>
</form></li>`).join('\n')
  return layout(`Sign in with ${brand.name}`, brand.color, `<h1>Sign in with ${escapeHtml(brand.name)}</h1>
<p class="muted">to continue to ${escapeHtml(input.clientName)} · local demo provider, no password</p>
${input.error ? `<p class="alert" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${action}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(input.username ?? '')}">
<div class="row"><button class="primary" type="submit">Sign in</button></div>
</form>
<h2>Demo users</h2>
<ul class="users">
${users}
</ul>
<div class="row"><form method="post" action="${escapeHtml(`${input.action}/abort`)}"><button class="secondary" type="submit">Cancel</button></form></div>`)
}

const SCOPE_TEXT: Record<string, string> = {
  openid: 'Sign you in with your account',
  email: 'See your email address',
  profile: 'See your name, username and profile picture',
}

export interface ConsentPageInput {
  provider: SocialProvider
  action: string
  clientName: string
  user: DemoUser
  scopes: string[]
}

/** The consent step: what the client asks for, and Allow / Deny (Deny sends access_denied to the client). */
export function consentPage(input: ConsentPageInput): string {
  const brand = PROVIDER_BRANDING[input.provider]
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</li>`).join('\n')
  return layout(`Authorize ${input.clientName} · ${brand.name}`, brand.color, `<h1>${escapeHtml(input.clientName)} wants to access your ${escapeHtml(brand.name)} account</h1>
<p class="muted">Signed in as ${escapeHtml(input.user.name)} (${escapeHtml(input.user.email)})</p>
<p>This will allow ${escapeHtml(input.clientName)} to:</p>
<ul>
${scopes}
</ul>
<div class="row">
<form method="post" action="${escapeHtml(`${input.action}/confirm`)}"><button class="primary" type="submit">Allow</button></form>
<form method="post" action="${escapeHtml(`${input.action}/abort`)}"><button class="secondary" type="submit">Deny</button></form>
</div>`)
}

/** The provider's error page (unknown client, wrong redirect_uri, expired interaction...): never redirects. */
export function errorPage(provider: SocialProvider | null, error: string, description: string | undefined): string {
  const brand = provider ? PROVIDER_BRANDING[provider] : { name: 'Portico OIDC', color: '#8a1c13' }
  return layout(`${brand.name}: ${error}`, brand.color, `<h1>${escapeHtml(brand.name)} could not continue</h1>
<p class="alert" role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>`)
}

/** `GET /`: the six issuers and their demo users. */
export function indexPage(url: string, users: Readonly<Record<SocialProvider, readonly DemoUser[]>>): string {
  const rows = SOCIAL_PROVIDERS.map((provider) => `<li><strong>${escapeHtml(PROVIDER_BRANDING[provider].name)}</strong>: issuer
<a href="${escapeHtml(`${url}/${provider}/.well-known/openid-configuration`)}">${escapeHtml(`${url}/${provider}`)}</a>; users
${users[provider].map((user) => escapeHtml(user.email)).join(', ')}</li>`).join('\n')
  return layout('Portico local OpenID providers', '#1b1b1f', `<h1>Local OpenID providers</h1>
<p class="muted">Stand-ins for the social login providers (authorization code flow with PKCE).</p>
<ul>
${rows}
</ul>`)
}
