/** The account-data plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/account-data`). */
import { deferPlugin } from 'portico/plugin'
import { AccountDataTokens } from './tokens.ts'
import type { AccountDataOptions } from './plugin.ts'

/**
 * The account data feature plugin (balances, history, identity, registry wallets, analytics). Its registration,
 * controllers, API clients and views load outside the host's first chunk, so composing it costs a host's initial
 * load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), accountData()] })
 */
export function accountData(pluginOptions: AccountDataOptions = {}) {
  return deferPlugin(
    // Provided when the modal has a projectId (without one the plugin registers nothing).
    { id: 'account-data', kind: 'feature', portico: '1.x', provides: Object.values(AccountDataTokens) },
    () => import('./plugin.ts').then((m) => m.accountData(pluginOptions)),
  )
}
