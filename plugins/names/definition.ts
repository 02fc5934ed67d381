/** The names plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/names`). */
import { deferPlugin } from 'portico/plugin'
import { DEFAULT_NAME_ZONE, zoneOf } from './zone.ts'
import { NamesTokens } from './tokens.ts'
import type { NamesOptions } from './plugin.ts'

/** The ENSIP-15 normalizer, loaded on first use. */
export const loadNameNormalizer = () => import('./normalize.ts')

/**
 * Account names (SPEC §4 name registration). Its registration, controller, API client and views load outside the
 * host's first chunk, so composing it costs a host's initial load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), names({ zone: 'reown.id' })] })
 */
export function names(options: NamesOptions = {}) {
  zoneOf(options.zone ?? DEFAULT_NAME_ZONE) // a bad zone throws here, before any modal exists
  return deferPlugin(
    { id: 'names', kind: 'feature', portico: '1.x', provides: [NamesTokens.Lookup, NamesTokens.Controller] },
    () => import('./plugin.ts').then((m) => m.names(options)),
  )
}
