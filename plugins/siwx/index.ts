export * from './message.ts'
export * from './verify.ts'
export { cacaoAccount, cacaoFields, cacaoMessage, CacaoError, decodeRecap, recapMethods, recapOf, recapStatement, verifyCacao, type Cacao, type VerifyCacaoArgs } from './cacao.ts'
export type { OneClickRequest, OneClickSignIn } from './one-click.ts'
export { cloudAuthBackend, type CloudAuthOptions } from './backend.ts'
export {
  SiwxController,
  canUseUniversalAuthentication,
  type SiwxBackend,
  type SiwxControllerOptions,
  type SiwxMessageInput,
  type SiwxSession,
  type SiwxState,
} from './controller.ts'
export { SiwxTokens } from './tokens.ts'
export { SiwxSignMessageCard, type SiwxSignMessageCardProps } from './views/SiwxSignMessageCard.tsx'

export type { SiwxOptions } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { siwx } from './definition.ts'
