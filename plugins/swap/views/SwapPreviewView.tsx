import type { ViewProps } from 'portico'
import { useModalInstance, useService, useStore } from 'portico/react'
import { SwapTokens } from '../tokens.ts'
import { SwapPreviewCard } from './SwapPreviewCard.tsx'

/** The swap preview: Approve when the allowance is short, then Swap. */
export default function SwapPreviewView(_props: ViewProps<'SwapPreview'>) {
  const controller = useService(SwapTokens.Controller)
  const modal = useModalInstance()
  const state = useStore(controller.store)
  return (
    <SwapPreviewCard
      state={state}
      details={controller.details()}
      nativeSymbol={modal.connection.active()?.network.nativeCurrency.symbol ?? 'ETH'}
      needsApproval={controller.needsApproval()}
      onApprove={() => void controller.approve()}
      onSwap={() => void controller.swap()}
    />
  )
}
