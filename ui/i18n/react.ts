import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { KernelTokens, type DisplayText, type TranslatableText } from '../../kernel/index.ts'
import type { PorticoStrings } from '../theme/i18n.ts'
import { useModalInstance, useStore } from '../react/context.tsx'
import { loadMessages, type Catalogue, type Messages } from './catalogue.ts'
import { coreMessages } from './core.ts'
import { errorMessages, translateError } from './errors.ts'
import { createFormatters, type Formatters } from './format.ts'
import { resolveLocale, textDirection, type Locale } from './locales.ts'

/** The modal's language (the host's `locale`, else the browser's) and its writing direction. */
export function useLocale(): { locale: Locale; dir: 'ltr' | 'rtl' } {
  const modal = useModalInstance()
  // Deferred: a switch to a language whose messages are not loaded yet keeps the current one on screen until they
  // are, instead of suspending the dialog into its fallback.
  const requested = useDeferredValue(useStore(modal.get(KernelTokens.Options).store).options.locale)
  return useMemo(() => {
    const locale = resolveLocale(requested)
    return { locale, dir: textDirection(locale) }
  }, [requested])
}

/** A catalogue's messages in the modal's language; suspends only while a language's chunk loads the first time. */
export function useMessages<T extends Messages<T>>(catalogue: Catalogue<T>): T {
  const { locale } = useLocale()
  const messages = loadMessages(catalogue, locale)
  // Suspense by throwing the (cached) promise: React discards the render and starts it again once the chunk is in,
  // so the hooks of a component that reads several catalogues always run in the same order. With `use`, React
  // replays the suspended render, and a catalogue that resolved meanwhile changed the hook sequence ("Update hook
  // called on initial render", seen in CI).
  if (messages instanceof Promise) throw messages
  return messages
}

/** The core UI strings in the modal's language. */
export function useStrings(): PorticoStrings {
  return useMessages(coreMessages)
}

/**
 * A catalogue's strings in the modal's language without suspending: the buttons sit in the host's tree, which may
 * have no Suspense boundary. Until a language's chunk is in (and on the server, and while hydrating) it reads
 * English, then re-renders translated.
 */
export function useMessagesNow<T extends Messages<T>>(catalogue: Catalogue<T>): T {
  const { locale } = useLocale()
  const now = loadMessages(catalogue, locale)
  const [loaded, setLoaded] = useState<{ locale: string; strings: T } | undefined>(undefined)
  const pending = now instanceof Promise
  useEffect(() => {
    if (!pending) return
    let live = true
    void (now as Promise<T>).then((strings) => live && setLoaded({ locale, strings }))
    return () => {
      live = false
    }
  }, [now, pending, locale])
  if (!pending) return now
  return loaded?.locale === locale ? loaded.strings : catalogue.en
}

/**
 * The core UI strings in the modal's language without suspending, for components in the host's tree (outside the
 * modal shell, which provides `useStrings()` to its components through StringsContext): `<ConnectButton>`.
 */
export function useStringsNow(): PorticoStrings {
  return useMessagesNow(coreMessages)
}

/** Shows a SPEC §8 text in the modal's language (verbatim when it is not catalogued). */
export function useErrorText(): (text: string) => string {
  const messages = useMessages(errorMessages)
  return useMemo(() => (text: string) => translateError(messages, text), [messages])
}

/** Number, currency, date and plural formatting for the modal's language. */
export function useFormatters(): Formatters {
  const { locale } = useLocale()
  return useMemo(() => createFormatters(locale), [locale])
}

/** Texts resolved per language: a plugin's `in` may answer a promise every time, but the modal asks it once. */
const resolved = new WeakMap<TranslatableText, Map<string, string | Promise<string>>>()

/**
 * A display text (a plugin's label or title) in `locale`: a string at once, or a promise while its catalogue loads.
 * A text whose translation fails shows its English.
 */
export function resolveDisplayText(text: DisplayText, locale: string): string | Promise<string> {
  if (typeof text === 'string') return text
  let byLocale = resolved.get(text)
  if (!byLocale) resolved.set(text, (byLocale = new Map()))
  const cache = byLocale
  let value = cache.get(locale)
  if (value === undefined) {
    let answer: string | PromiseLike<string>
    try {
      answer = text.in(locale)
    } catch {
      answer = text.en
    }
    value =
      typeof answer === 'string'
        ? answer
        : Promise.resolve(answer)
            .then((v) => (typeof v === 'string' ? v : text.en), () => text.en)
            .then((v) => (cache.set(locale, v), v))
    cache.set(locale, value)
  }
  return value
}

/**
 * A display text in the modal's language without suspending (the header's title, which must not blank the dialog):
 * while its catalogue loads, the text shown before (or the English when none) stays.
 */
export function useDisplayTextNow(text: DisplayText): string {
  const { locale } = useLocale()
  const value = resolveDisplayText(text, locale)
  const shown = useRef(typeof value === 'string' ? value : typeof text === 'string' ? text : text.en)
  const [, rerender] = useState(0)
  useEffect(() => {
    if (!(value instanceof Promise)) return
    let live = true
    void value.then(() => live && rerender((n) => n + 1))
    return () => {
      live = false
    }
  }, [value])
  if (typeof value === 'string') shown.current = value
  return shown.current
}
