/** The onramp plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/onramp`). */
import { deferPlugin } from 'portico/plugin'
import type { OnrampOptionsInput } from './plugin.ts'
import { OnrampTokens } from './tokens.ts'

/**
 * The on-ramp feature plugin (SPEC §1 Buy). Its registration, controller, API client and views load outside the
 * host's first chunk, so composing it costs a host's initial load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), onramp()] })
 */
export function onramp(options: OnrampOptionsInput = {}) {
  return deferPlugin({ id: 'onramp', kind: 'feature', portico: '1.x', provides: [OnrampTokens.Controller] }, () => import('./plugin.ts').then((m) => m.onramp(options)))
}
