/** SPEC §5: the social providers, in the SPEC's order. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}

/** How each provider's pages are labelled and coloured. */
export const PROVIDER_BRANDING: Readonly<Record<SocialProvider, { name: string; color: string }>> = {
  google: { name: 'Google', color: '#1a73e8' },
  github: { name: 'GitHub', color: '#24292f' },
  apple: { name: 'Apple', color: '#000000' },
  facebook: { name: 'Facebook', color: '#0866ff' },
  x: { name: 'X', color: '#0f1419' },
  discord: { name: 'Discord', color: '#5865f2' },
}

/** A seeded account; its fields are the id_token / userinfo claims (plus the login name). */
export interface DemoUser {
  /** Stable across restarts: `<provider>-<username>`. */
  sub: string
  /** What the login page's "Username" field takes (the email works too). */
  username: string
  email: string
  email_verified: boolean
  name: string
  /** `<oidc url>/<provider>/avatar/<username>.svg`, served by the same server. */
  picture: string
  preferred_username: string
}

const SEED = [
  { username: 'alice', name: 'Alice Example', initial: 'A', hue: 262 },
  { username: 'bob', name: 'Bob Example', initial: 'B', hue: 158 },
] as const

/** Two demo users per provider: alice@<provider>.example and bob@<provider>.example. */
export function seedUsers(url: string): Record<SocialProvider, DemoUser[]> {
  const users = {} as Record<SocialProvider, DemoUser[]>
  for (const provider of SOCIAL_PROVIDERS) {
    users[provider] = SEED.map((seed) => ({
      sub: `${provider}-${seed.username}`,
      username: seed.username,
      email: `${seed.username}@${provider}.example`,
      email_verified: true,
      name: seed.name,
      picture: `${url}/${provider}/avatar/${seed.username}.svg`,
      preferred_username: seed.username,
    }))
  }
  return users
}

/** The avatar served at `picture`: a coloured disc with the user's initial (no external assets). */
export function avatarSvg(username: string): string | null {
  const seed = SEED.find((entry) => entry.username === username)
  if (!seed) return null
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${seed.name}">` +
    `<circle cx="48" cy="48" r="48" fill="hsl(${seed.hue} 60% 45%)"/>` +
    `<text x="48" y="62" font-family="system-ui, sans-serif" font-size="44" font-weight="600" fill="#fff" text-anchor="middle">${seed.initial}</text></svg>`
}
