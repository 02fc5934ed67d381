import { useEffect } from 'react'
import { useModalInstance, useStore } from 'portico/react'
import { useSendController } from './flow.ts'
import { TokenPicker } from './parts.tsx'

/** The WalletSendSelectToken view: the account's balances to send from. */
export default function SelectTokenView() {
  const controller = useSendController()
  const { router } = useModalInstance()
  const state = useStore(controller.store)
  useEffect(() => {
    void controller.loadTokens()
  }, [controller])
  return (
    <TokenPicker
      tokens={state.tokenBalances}
      loading={state.tokensLoading}
      error={state.lastRetry !== undefined ? state.error : undefined}
      selected={state.token}
      onRetry={() => void controller.loadTokens({ force: true })}
      onSelect={(token) => {
        controller.selectToken(token)
        router.goBack()
      }}
    />
  )
}
