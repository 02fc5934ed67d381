import { strings, type PorticoStrings } from '../theme/i18n.ts'
import { defineMessages } from './catalogue.ts'

/** The core components' and views' strings (English: ui/theme/i18n.ts). */
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
