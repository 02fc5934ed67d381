/**
 * Message catalogues: English in the bundle, every other language a lazy chunk loaded when a modal shows it.
 * Core, plugins and errors each define one with `defineMessages`; a test checks every language has every key.
 * Plurals are separate keys `<key>_<category>` picked with Intl.PluralRules (`pluralKey`); placeholders are
 * `{name}`, filled by `formatMessage` (ui/theme/i18n.ts).
 */
import type { TranslatableText } from '../../kernel/index.ts'
import { formatMessage } from './format-message.ts'
import { TRANSLATED_LOCALES, type Locale } from './locale-list.ts'

/** A flat set of messages: every value a string. */
export type Messages<T> = { readonly [K in keyof T]: string }
export type TranslatedLocale = Exclude<Locale, 'en'>

export interface Catalogue<T extends Messages<T>> {
  readonly en: T
  /** One loader per translated language; each module's default export has every key of `en`. */
  readonly load: { readonly [L in TranslatedLocale]: () => Promise<{ default: { readonly [K in keyof T]: string } }> }
}

/**
 * Loads one translated language's module: one dynamic import whose specifier is a template literal holding the
 * locale (see defineMessages' example). Bundlers turn that into one chunk per file of the folder (Vite and Rollup's
 * dynamic-import-vars, webpack's context modules). tsc does not rewrite the extension of such a specifier at compile
 * time, so the package build does (scripts/template-imports.mjs) and dist keeps an analysable template literal.
 */
export type MessagesLoader<T> = (locale: TranslatedLocale) => Promise<{ default: { readonly [K in keyof T]: string } }>

/**
 * A catalogue: the English messages and the other languages, as one loader that takes the locale (the list of
 * languages is SUPPORTED_LOCALES) or a loader per language.
 * @example export const messages = defineMessages(en, (locale) => import(`./messages/${locale}.ts`))
 */
export function defineMessages<T extends Messages<T>>(en: T, load: MessagesLoader<T> | Catalogue<T>['load']): Catalogue<T> {
  if (typeof load !== 'function') return { en, load }
  return { en, load: Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, () => load(locale)])) as Catalogue<T>['load'] }
}

/** Loaded translations are immutable data, so one cache serves every modal on the page. */
const cache = new WeakMap<object, Map<Locale, unknown>>()

/**
 * The catalogue's messages in `locale`: synchronously when English or already loaded, else a promise (React
 * suspends on it). A translation that fails to load falls back to English, so a missing chunk never breaks the modal.
 */
export function loadMessages<T extends Messages<T>>(catalogue: Catalogue<T>, locale: Locale): T | Promise<T> {
  if (locale === 'en') return catalogue.en
  let entries = cache.get(catalogue)
  if (!entries) {
    entries = new Map()
    cache.set(catalogue, entries)
  }
  const hit = entries.get(locale)
  if (hit) return hit as T | Promise<T>
  const pending = catalogue.load[locale]()
    .then((m) => ({ ...catalogue.en, ...m.default }) as T)
    .catch(() => catalogue.en)
    .then((messages) => {
      entries.set(locale, messages)
      return messages
    })
  entries.set(locale, pending)
  return pending
}

/** The key for `count` in `locale`: `<base>_<category>` when the catalogue has it, else `<base>_other`, else `base`. */
export function pluralKey<T extends Messages<T>>(messages: T, base: string, count: number, locale: Locale): keyof T {
  const category = new Intl.PluralRules(locale).select(count)
  for (const key of [`${base}_${category}`, `${base}_other`, base]) if (key in messages) return key as keyof T
  return base as keyof T
}


/** A placeholder's value: as it is, or made for the language shown (an amount in its number format). */
export type MessageValue = string | number | ((locale: string) => string)

/**
 * A message of a catalogue as a `TranslatableText`: what a plugin passes at registration (`registerAccountAction`'s
 * label, `registerView`'s title) or to the snackbar, so the modal shows it in its language. `values` fill the
 * `{name}` placeholders; a function value is called with the language shown ('en' for the English).
 * @example ctx.registerAccountAction({ id: 'stake', label: message(messages, 'stake'), order: 40, view: 'Stake' })
 */
export function message<T extends Messages<T>>(catalogue: Catalogue<T>, key: keyof T & string, values?: Readonly<Record<string, MessageValue>>): TranslatableText {
  const fill = (messages: T, locale: string) => {
    if (!values) return messages[key]
    const filled: Record<string, string | number> = {}
    for (const [name, value] of Object.entries(values)) filled[name] = typeof value === 'function' ? value(locale) : value
    return formatMessage(messages[key], filled)
  }
  return {
    en: fill(catalogue.en, 'en'),
    in(locale: string) {
      // A language the catalogue has no module for (or English) reads the English.
      if (!Object.hasOwn(catalogue.load, locale)) return fill(catalogue.en, 'en')
      const messages = loadMessages(catalogue, locale as Locale)
      return messages instanceof Promise ? messages.then((m) => fill(m, locale)) : fill(messages as T, locale)
    },
  }
}
