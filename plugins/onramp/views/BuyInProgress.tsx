import type { ViewProps } from 'portico'
import { useModalInstance, useService, useStore } from 'portico/react'
import { OnrampTokens } from '../tokens.ts'
import { BuyInProgressCard } from './BuyInProgressCard.tsx'

/** The onramp plugin's pending-purchase view. */
export default function BuyInProgress(_props: ViewProps<'BuyInProgress'>) {
  const modal = useModalInstance()
  const controller = useService(OnrampTokens.Controller)
  const { purchase } = useStore(controller.store)
  return (
    <BuyInProgressCard
      purchase={purchase}
      onReopen={() => controller.reopen()}
      onActivity={() => {
        controller.reset()
        modal.router.reset('Account')
      }}
      onRetry={() => {
        controller.reset()
        modal.router.replace('OnRamp')
      }}
    />
  )
}
