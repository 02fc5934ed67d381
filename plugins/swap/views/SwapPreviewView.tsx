import type { ViewProps } from 'portico/plugin'
import { useErrorText, useLocale, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { SwapTokens } from '../tokens.ts'
import { SwapPreviewCard } from './SwapPreviewCard.tsx'

/** The swap preview: Approve when the allowance is short, then Swap. */
export default function SwapPreviewView(_props: ViewProps<'SwapPreview'>) {
  const controller = useService(SwapTokens.Controller)
  const modal = useModalInstance()
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  return (
    <SwapPreviewCard
      t={t}
      errorText={errorText}
      locale={locale}
      state={state}
      details={controller.details()}
      nativeSymbol={modal.connection.active()?.network.nativeCurrency.symbol ?? 'ETH'}
      needsApproval={controller.needsApproval()}
      onApprove={() => void controller.approve()}
      onSwap={() => void controller.swap()}
    />
  )
}
