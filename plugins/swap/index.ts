export { ConvertApi, ConvertApiError, type ConvertClient, type ConvertGasPrice, type ConvertQuote, type ConvertToken, type ConvertTransaction } from './api.ts'
export {
  SwapController,
  SwapText,
  DEFAULT_SLIPPAGE,
  ESTIMATED_SWAP_GAS,
  MAX_SLIPPAGE,
  QUOTE_DEBOUNCE_MS,
  QUOTE_REFRESH_MS,
  insufficientBalance,
  minimumReceived,
  priceImpact,
  readableSwapError,
  slippageBps,
  toBaseUnits,
  type SwapControllerDeps,
  type SwapState,
  type SwapToken,
} from './controller.ts'
export { SwapTokens } from './tokens.ts'
export { SwapCard, type SwapCardProps } from './views/SwapCard.tsx'
export { SwapPreviewCard, type SwapPreviewCardProps } from './views/SwapPreviewCard.tsx'
export { SwapTokenPicker, type SwapTokenPickerProps } from './views/SwapTokenPicker.tsx'
export type { SwapOptions } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { swap } from './definition.ts'
