import { use, useMemo } from 'react'
import { KernelTokens, type ErrorTextKey } from '../../kernel/index.ts'
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

/** Loaded messages as a thenable React reads synchronously (`status: 'fulfilled'`), one per messages object. */
const settled = new WeakMap<object, PromiseLike<unknown>>()
function fulfilled<T extends object>(value: T): PromiseLike<T> {
  let thenable = settled.get(value) as PromiseLike<T> | undefined
  if (!thenable) {
    thenable = Object.assign(Promise.resolve(value), { status: 'fulfilled', value })
    settled.set(value, thenable)
  }
  return thenable
}

/**
 * A catalogue's messages in the modal's language; suspends while a language's chunk loads the first time. `use` is
 * called on every render (with an already-fulfilled thenable once loaded), so the hook order never changes.
 */
export function useMessages<T extends Messages<T>>(catalogue: Catalogue<T>): T {
  const { locale } = useLocale()
  const messages = loadMessages(catalogue, locale)
  return use(messages instanceof Promise ? messages : fulfilled(messages))
}

/** The core UI strings in the modal's language. */
export function useStrings(): PorticoStrings {
  return useMessages(coreMessages)
}

/** Shows a SPEC §8 text in the modal's language (verbatim when it is not catalogued). */
export function useErrorText(): (text: string) => string {
  const messages = useMessages<Record<ErrorTextKey, string>>(errorMessages)
  return useMemo(() => (text: string) => translateError(messages, text), [messages])
}

/** Number, currency, date and plural formatting for the modal's language. */
export function useFormatters(): Formatters {
  const { locale } = useLocale()
  return useMemo(() => createFormatters(locale), [locale])
}
