import { useEffect } from 'react'
import { useErrorText, useLocale, useMessages, useModalInstance, useStore } from 'portico/react'
import { messages, sendErrorText } from '../messages.ts'
import { useSendController } from './flow.ts'
import { TokenPicker } from './parts.tsx'

/** The WalletSendSelectToken view: the account's balances to send from. */
export default function SelectTokenView() {
  const controller = useSendController()
  const { router } = useModalInstance()
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  useEffect(() => {
    void controller.loadTokens()
  }, [controller])
  return (
    <TokenPicker
      t={t}
      locale={locale}
      tokens={state.tokenBalances}
      loading={state.tokensLoading}
      error={state.lastRetry !== undefined && state.error !== undefined ? sendErrorText(t, errorText(state.error)) : undefined}
      selected={state.token}
      onRetry={() => void controller.loadTokens({ force: true })}
      onSelect={(token) => {
        controller.selectToken(token)
        router.goBack()
      }}
    />
  )
}
