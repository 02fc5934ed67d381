/** The onramp plugin's code, loaded by index.ts with a dynamic import (its registration and everything it uses). */
import { definePlugin } from 'portico/plugin'
import { message } from 'portico/react'
import { onrampApi, type OnrampApi } from './api.ts'
import { OnrampController } from './controller.ts'
import { messages } from './messages.ts'
import { OnrampTokens } from './tokens.ts'


declare module 'portico' {
  interface ViewParams {
    /** The Buy view: currency, network, payment, amount, quote. */
    OnRamp: undefined
    /** The purchase pending in the provider's window, then complete or failed. */
    BuyInProgress: undefined
  }
}

export interface OnrampOptionsInput {
  /** Base URL of the on-ramp API. @default the modal's blockchainApi endpoint */
  apiUrl?: string
  /** A whole client instead (tests, a host's own backend). */
  api?: OnrampApi
  /** Opens the provider's page. @default window.open(url, '_blank', 'noopener') */
  openWindow?: (url: string) => void
  /** Preselected payment currency. @default 'USD' */
  defaultPaymentCurrency?: string
  /** Preselected amount. */
  defaultAmount?: string
}

/**
 * Buy crypto with fiat (SPEC §1): a "Buy" action on Account (eip155), the OnRamp view (options, SPEC §5 limits,
 * quote) and BuyInProgress; Buy opens the provider's page from POST /v1/generators/onrampurl.
 * @example createModal({ projectId, plugins: [eip155(), accountData(), onramp()] })
 */
export function onramp(options: OnrampOptionsInput = {}) {
  return definePlugin({
    id: 'onramp',
    kind: 'feature',
    portico: '1.x',
    setup(ctx) {
      ctx.provide(OnrampTokens.Controller, () => {
        const modalOptions = () => ctx.state.options.getSnapshot()
        const api =
          options.api ??
          onrampApi({ baseUrl: () => options.apiUrl ?? modalOptions().endpoints.blockchainApi, projectId: () => modalOptions().projectId ?? '' })
        return new OnrampController(ctx, {
          api,
          openWindow: options.openWindow,
          defaultPaymentCurrency: options.defaultPaymentCurrency,
          defaultAmount: options.defaultAmount,
        })
      })
      ctx.registerView('OnRamp', () => import('./views/OnRamp.tsx'), { title: message(messages, 'buy') })
      ctx.registerView('BuyInProgress', () => import('./views/BuyInProgress.tsx'), { title: message(messages, 'buy') })
      ctx.registerAccountAction({ id: 'buy', label: message(messages, 'buy'), order: 30, view: 'OnRamp', available: ({ namespace }) => namespace === 'eip155' })
    },
  })
}
