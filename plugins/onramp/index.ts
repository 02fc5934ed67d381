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

import { deferPlugin } from 'portico/plugin'
import type { OnrampOptionsInput } from './plugin.ts'
import { OnrampTokens } from './tokens.ts'

/**
 * The on-ramp feature plugin (SPEC §1 Buy). Its registration, controller, API client and views load outside the
 * host's first chunk, so composing it costs a host's initial load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), onramp()] })
 */
export function onramp(options: OnrampOptionsInput = {}) {
  return deferPlugin({ id: 'onramp', kind: 'feature', portico: '1.x', provides: [OnrampTokens.Controller] }, () => import('./plugin.ts').then((m) => m.onramp(options)))
}
