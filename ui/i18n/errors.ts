import { defineMessages } from './catalogue.ts'

/**
 * The SPEC §8 texts stay verbatim English in the code and on the wire; the UI shows them translated through this
 * catalogue, keyed by the English text itself (kernel/errors/catalogue.ts). English needs no table (a text is its own
 * translation), so nothing of it ships; a language lacking a text shows it verbatim.
 */
export const errorMessages = defineMessages<Readonly<Record<string, string>>>(
  {},
  (locale) => import(`./errors/${locale}.ts`),
)

/** The translation of a catalogued SPEC §8 text; any other text (a wallet's own message) as it is. */
export function translateError(messages: Readonly<Record<string, string>>, text: string): string {
  return Object.hasOwn(messages, text) ? messages[text]! : text
}
