import { strings, type PorticoStrings } from '../theme/i18n.ts'
import { defineMessages } from './catalogue.ts'

/** The core components' and views' strings (English: ui/theme/i18n.ts). */
export const coreMessages = defineMessages<PorticoStrings>(strings, (locale) => import(`./core/${locale}.ts`))
