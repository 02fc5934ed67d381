import type { DisplayText } from '../../kernel/index.ts'
import { resolveDisplayText, useLocale } from './react.ts'

// Its own module: only the Account view and its tabs show lists of plugins' labels, so this stays out of the shell.

/** Plugins' labels in the modal's language; suspends while a language's catalogue loads the first time. */
export function useDisplayTexts(texts: readonly DisplayText[]): string[] {
  const { locale } = useLocale()
  const values = texts.map((t) => resolveDisplayText(t, locale))
  const pending = values.filter((v): v is Promise<string> => v instanceof Promise)
  // Thrown, not `use()`d, for the reason useMessages gives.
  if (pending.length) throw Promise.all(pending)
  return values as string[]
}
