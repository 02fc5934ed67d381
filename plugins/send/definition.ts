/** The send plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/send`). */
import { deferPlugin } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import { NamesTokens } from 'portico/plugins/names'
import { SendTokens } from './tokens.ts'
import type { SendOptions } from './plugin.ts'

/**
 * The send feature plugin (SPEC §4 Send). Its registration, controllers and views load outside the host's first
 * chunk, so composing it costs a host's initial load only this definition.
 * @example createModal({ plugins: [eip155(), accountData(), send()] })
 */
export function send(options: SendOptions = {}) {
  return deferPlugin(
    {
      id: 'send',
      kind: 'feature',
      portico: '1.x',
      provides: [SendTokens.Senders, SendTokens.Flow],
      optional: [AccountDataTokens.TokenBalance, AccountDataTokens.BlockchainApi, AccountDataTokens.Transactions, AccountDataTokens.Analytics, NamesTokens.Lookup],
    },
    () => import('./plugin.ts').then((m) => m.send(options)),
  )
}
