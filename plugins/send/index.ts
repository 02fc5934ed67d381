export { SendController, PENDING_TRANSACTION_LIMIT, type SendState, type SendControllerDeps } from './controller.ts'
export { readableSendError, insufficientBalance, insufficientForFee, SendText } from './errors.ts'
export { eip155Sender, transferTransaction, type Eip155Rpc, type Eip155SenderOptions } from './eip155.ts'
export { SenderRegistry, toSendToken } from './registry.ts'
export {
  SendTokens,
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

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { send } from './definition.ts'
