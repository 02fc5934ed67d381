/**
 * The languages Portico ships. A module of its own: the catalogues need the list at start, the rest of locales.ts
 * (matching a browser's languages) only loads with the dialog.
 */
export const SUPPORTED_LOCALES = ['en', 'de', 'es', 'fr', 'ja', 'zh-CN', 'pt-BR', 'ko', 'ar'] as const
export type Locale = (typeof SUPPORTED_LOCALES)[number]

/** Every translated language: the catalogues' loaders, tests and tools. */
export const TRANSLATED_LOCALES = SUPPORTED_LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en')
