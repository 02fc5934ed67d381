import { useMemo } from 'react'
import { KernelTokens } from '../../kernel/index.ts'
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
  const requested = useStore(modal.get(KernelTokens.Options).store).options.locale
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
