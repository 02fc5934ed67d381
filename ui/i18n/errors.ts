import { defineMessages } from './catalogue.ts'

/**
 * The SPEC §8 texts stay verbatim English in the code and on the wire; the UI shows them translated through this
 * catalogue, keyed by the English text itself (kernel/errors/catalogue.ts). English needs no table (a text is its own
 * translation), so nothing of it ships; a language lacking a text shows it verbatim.
 */
export const errorMessages = defineMessages<Readonly<Record<string, string>>>(
  {},
  // One loader per language (on the open path: see core.ts).
  {
    de: () => import('./errors/de.ts'),
    es: () => import('./errors/es.ts'),
    fr: () => import('./errors/fr.ts'),
    ja: () => import('./errors/ja.ts'),
    'zh-CN': () => import('./errors/zh-CN.ts'),
    'pt-BR': () => import('./errors/pt-BR.ts'),
    ko: () => import('./errors/ko.ts'),
    ar: () => import('./errors/ar.ts'),
  },
)

/** The translation of a catalogued SPEC §8 text; any other text (a wallet's own message) as it is. */
export function translateError(messages: Readonly<Record<string, string>>, text: string): string {
  return Object.hasOwn(messages, text) ? messages[text]! : text
}
