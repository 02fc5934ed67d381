import { ErrorText, type ErrorTextKey } from '../../kernel/index.ts'
import { defineMessages } from './catalogue.ts'

/**
 * The SPEC §8 texts stay verbatim English in the code and on the wire; the UI shows them translated through this
 * catalogue (keyed like kernel/errors/catalogue.ts), and verbatim when a language lacks one.
 */
export const errorMessages = defineMessages<Record<ErrorTextKey, string>>({ ...ErrorText } as Record<ErrorTextKey, string>, {
  de: () => import('./errors/de.ts'),
  es: () => import('./errors/es.ts'),
  fr: () => import('./errors/fr.ts'),
  ja: () => import('./errors/ja.ts'),
  'zh-CN': () => import('./errors/zh-CN.ts'),
  'pt-BR': () => import('./errors/pt-BR.ts'),
  ko: () => import('./errors/ko.ts'),
  ar: () => import('./errors/ar.ts'),
})

const byText = new Map<string, ErrorTextKey>(Object.entries(ErrorText).map(([key, text]) => [text as string, key as ErrorTextKey]))

/** The translation of a catalogued SPEC §8 text; any other text (a wallet's own message) as it is. */
export function translateError(messages: Record<ErrorTextKey, string>, text: string): string {
  const key = byText.get(text)
  return key ? (messages[key] ?? text) : text
}
