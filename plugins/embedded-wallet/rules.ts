/** SPEC §5 rules of the embedded wallet: emails, one-time codes, the email throttle, Telegram social options. */
import { SOCIAL_PROVIDERS, type SocialProvider } from './protocol.ts'

/** SPEC §5/§9 email login throttle: 30 s between triggers. */
export const EMAIL_THROTTLE_MS = 30_000
/** SPEC §9 auth names over 30 characters are truncated. */
export const AUTH_NAME_MAX = 30
/** A one-time code: six digits. */
export const OTP_LENGTH = 6

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** SPEC §5 "Email fields must be valid emails". */
export function isValidEmail(value: string): boolean {
  const email = value.trim()
  return email.length > 0 && email.length <= 254 && EMAIL_RE.test(email)
}

/** A one-time code as the frame takes it: exactly six digits. */
export function isValidOtp(value: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value)
}

/** Whole seconds left of the 30 s throttle (0 when a new trigger is allowed). */
export function throttleSecondsLeft(lastTrigger: number | undefined, now: number): number {
  if (lastTrigger === undefined) return 0
  const left = lastTrigger + EMAIL_THROTTLE_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

export type TelegramPlatform = 'ios' | 'macos' | 'android' | 'other'

/** SPEC §5 Telegram social options: iOS hides google, Mac hides x, Android hides facebook and x. */
const TELEGRAM_HIDDEN: Record<TelegramPlatform, readonly SocialProvider[]> = {
  ios: ['google'],
  macos: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

/** The providers shown, in the host's order: valid SPEC §5 providers, de-duplicated, Telegram rules applied. */
export function visibleSocials(socials: readonly string[], telegram: { inTelegram: boolean; platform: TelegramPlatform }): SocialProvider[] {
  const hidden = telegram.inTelegram ? TELEGRAM_HIDDEN[telegram.platform] : []
  const seen = new Set<string>()
  const out: SocialProvider[] = []
  for (const s of socials) {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(s) || seen.has(s)) continue
    seen.add(s)
    if (!hidden.includes(s as SocialProvider)) out.push(s as SocialProvider)
  }
  return out
}

/** The platform Telegram runs on, from the user agent (Telegram's own `WebApp.platform` when present). */
export function detectTelegramPlatform(): TelegramPlatform {
  const tg = (globalThis as { Telegram?: { WebApp?: { platform?: unknown } } }).Telegram?.WebApp?.platform
  if (tg === 'ios') return 'ios'
  if (tg === 'macos') return 'macos'
  if (tg === 'android' || tg === 'android_x') return 'android'
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/Android/i.test(ua)) return 'android'
  if (/Macintosh|Mac OS X/i.test(ua)) return 'macos'
  return 'other'
}

/** The social provider's label: "Continue with Google". */
export const SOCIAL_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/** SPEC §9: auth names over 30 characters are truncated. */
export function truncateAuthName(name: string): string {
  return name.length > AUTH_NAME_MAX ? `${name.slice(0, AUTH_NAME_MAX)}...` : name
}
