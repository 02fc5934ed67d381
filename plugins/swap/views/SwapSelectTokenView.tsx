import type { ViewProps } from 'portico/plugin'
import { useLocale, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { SwapTokens } from '../tokens.ts'
import { SwapTokenPicker } from './SwapTokenPicker.tsx'

/** Picks the from or to token, then goes back to Swap. */
export default function SwapSelectTokenView({ params }: ViewProps<'SwapSelectToken'>) {
  const controller = useService(SwapTokens.Controller)
  const modal = useModalInstance()
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const { locale } = useLocale()
  const side = params.side
  return (
    <SwapTokenPicker
      t={t}
      locale={locale}
      side={side}
      tokens={state.tokens}
      selected={(side === 'from' ? state.from : state.to)?.address}
      onSelect={(t) => {
        controller.selectToken(side, t)
        modal.router.goBack()
      }}
    />
  )
}
