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
