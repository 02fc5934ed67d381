import { strings, type PorticoStrings } from '../theme/i18n.ts'
import { defineMessages } from './catalogue.ts'

/** The core components' and views' strings (English: ui/theme/i18n.ts). */
// One loader per language rather than a template-literal import: these two catalogues are on the open path, and
// the bundler's helper for variable imports costs more there than the eight literal imports (bench/check.ts).
export const coreMessages = defineMessages<PorticoStrings>(strings, {
  de: () => import('./core/de.ts'),
  es: () => import('./core/es.ts'),
  fr: () => import('./core/fr.ts'),
  ja: () => import('./core/ja.ts'),
  'zh-CN': () => import('./core/zh-CN.ts'),
  'pt-BR': () => import('./core/pt-BR.ts'),
  ko: () => import('./core/ko.ts'),
  ar: () => import('./core/ar.ts'),
})
