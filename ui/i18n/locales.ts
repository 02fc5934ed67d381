/**
 * How a requested or browser language maps onto the languages Portico ships (locale-list.ts). Framework-free.
 */
import { SUPPORTED_LOCALES, type Locale } from './locale-list.ts'

export { SUPPORTED_LOCALES, TRANSLATED_LOCALES, type Locale } from './locale-list.ts'

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur'])

/** The supported locale for one BCP 47 tag: exact (case-insensitive), else the same language, else undefined. */
export function matchLocale(tag: string): Locale | undefined {
  let canonical: string
  try {
    canonical = Intl.getCanonicalLocales(tag)[0] ?? ''
  } catch {
    return undefined
  }
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === canonical.toLowerCase())
  if (exact) return exact
  const language = canonical.split('-')[0]!.toLowerCase()
  // zh-TW / zh-Hant readers get Simplified Chinese rather than English: closer, and the only Chinese we ship.
  return SUPPORTED_LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language)
}

/**
 * The locale to show: the host's choice when it names a supported language, else the first of the browser's
 * languages that does, else English. No browser (a server render): the host's choice or English.
 */
export function resolveLocale(requested: string | undefined, preferred: readonly string[] = browserLanguages()): Locale {
  if (requested) {
    const match = matchLocale(requested)
    if (match) return match
  }
  for (const tag of preferred) {
    const match = matchLocale(tag)
    if (match) return match
  }
  return 'en'
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : []
}

/** Writing direction of a locale. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr'
}
