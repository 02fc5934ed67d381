/** The swap plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/swap`). */
import { deferPlugin } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import { SwapTokens } from './tokens.ts'
import type { SwapOptions } from './plugin.ts'

/**
 * The swap feature plugin (SPEC §4 Swap). Its registration, controller, convert API client and views load outside the
 * host's first chunk, so composing it costs a host's initial load only this definition.
 * @example createModal({ plugins: [eip155(), accountData(), swap()] })
 */
export function swap(options: SwapOptions = {}) {
  return deferPlugin(
    { id: 'swap', kind: 'feature', portico: '1.x', optional: [AccountDataTokens.TokenBalance, AccountDataTokens.Transactions], provides: [SwapTokens.Controller] },
    () => import('./plugin.ts').then((m) => m.swap(options)),
  )
}
