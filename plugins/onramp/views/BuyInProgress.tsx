import type { ViewProps } from 'portico/plugin'
import { useErrorText, useLocale, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { OnrampTokens } from '../tokens.ts'
import { BuyInProgressCard } from './BuyInProgressCard.tsx'

/** The onramp plugin's pending-purchase view. */
export default function BuyInProgress(_props: ViewProps<'BuyInProgress'>) {
  const modal = useModalInstance()
  const controller = useService(OnrampTokens.Controller)
  const { purchase } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  return (
    <BuyInProgressCard
      t={t}
      errorText={errorText}
      locale={locale}
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
