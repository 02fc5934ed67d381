export * from './limits.ts'
export { onrampApi, type OnrampApi, type OnrampOrderStatus } from './api.ts'
export {
  OnrampController,
  ORDER_POLL_MS,
  PLACEHOLDER_QUOTE_ID,
  placeholderQuote,
  type OnrampControllerOptions,
  type OnrampPurchase,
  type OnrampState,
  type QuoteStatus,
} from './controller.ts'
export { OnrampTokens } from './tokens.ts'
export { OnRampCard, type OnRampCardProps } from './views/OnRampCard.tsx'
export { BuyInProgressCard, type BuyInProgressCardProps } from './views/BuyInProgressCard.tsx'
export type { OnrampOptionsInput } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { onramp } from './definition.ts'
