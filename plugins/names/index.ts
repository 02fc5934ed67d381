export {
  DEFAULT_NAME_ZONE,
  MIN_NAME_LENGTH,
  NAME_SUFFIXES,
  NameRuleText,
  formatRegistrationMessage,
  isAccountName,
  nameRuleProblem,
  nameSuffix,
  parseRegistrationMessage,
  zoneOf,
  type RegistrationMessage,
} from './rule.ts'
export { NamesApiError, ProfileApi, type AccountProfile, type NameSuggestion, type ProfileApiOptions, type RegistrationPayload } from './client.ts'
export { NamesController, SUGGESTION_DEBOUNCE_MS, type NamesControllerOptions, type NamesState } from './controller.ts'
export { NamesTokens, type NameLookup } from './tokens.ts'
export { chainIdToCoinType } from './coin-type.ts'
export { RegisterAccountNameCard, type RegisterAccountNameCardProps } from './views/RegisterAccountNameCard.tsx'
export { RegisterAccountNameSuccessCard, type RegisterAccountNameSuccessCardProps } from './views/RegisterAccountNameSuccessCard.tsx'
export type { NamesOptions } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { names, loadNameNormalizer } from './definition.ts'
