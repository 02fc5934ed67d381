export { SendController, PENDING_TRANSACTION_LIMIT, type SendState, type SendControllerDeps } from './controller.ts'
export { readableSendError, insufficientBalance, insufficientForFee, SendText } from './errors.ts'
export { eip155Sender, transferTransaction, type Eip155Rpc, type Eip155SenderOptions } from './eip155.ts'
export {
  SendTokens,
  SenderRegistry,
  toSendToken,
  type NamesLookup,
  type ResolvedName,
  type Sender,
  type SendFee,
  type SendFlow,
  type SendReceipt,
  type SendRequest,
  type SendToken,
} from './tokens.ts'
export type { SendOptions } from './plugin.ts'

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
