/**
 * Message catalogues: English in the bundle, every other language a lazy chunk loaded when a modal shows it.
 * Core, plugins and errors each define one with `defineMessages`; a test checks every language has every key.
 * Plurals are separate keys `<key>_<category>` picked with Intl.PluralRules (`pluralKey`); placeholders are
 * `{name}`, filled by `formatMessage` (ui/theme/i18n.ts).
 */
import type { TranslatableText } from '../../kernel/index.ts'
import { formatMessage } from './format-message.ts'
import type { Locale } from './locales.ts'

/** A flat set of messages: every value a string. */
export type Messages<T> = { readonly [K in keyof T]: string }
export type TranslatedLocale = Exclude<Locale, 'en'>

export interface Catalogue<T extends Messages<T>> {
  readonly en: T
  /** One loader per translated language; each module's default export has every key of `en`. */
  readonly load: { readonly [L in TranslatedLocale]: () => Promise<{ default: { readonly [K in keyof T]: string } }> }
}

export function defineMessages<T extends Messages<T>>(en: T, load: Catalogue<T>['load']): Catalogue<T> {
  return { en, load }
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
