import { EmptyState } from 'portico/components'
import { useAccount, useErrorText, useLocale, useMessages, useModalInstance, useNetwork, useStore } from 'portico/react'
import { messages, sendErrorText } from '../messages.ts'
import { useSendController } from './flow.ts'
import { SendPreview, usdValue } from './parts.tsx'

/** The WalletSendPreview view: amount, receiver, network fee and "Send"; the sending state while it sends. */
export default function PreviewView() {
  const controller = useSendController()
  const { router } = useModalInstance()
  const { caipNetwork } = useNetwork()
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  const { address } = useAccount()
  if (!state.token || !state.receiverAddress) return <EmptyState title={t.nothingToSend} description={t.nothingToSendDescription} />
  return (
    <SendPreview
      t={t}
      locale={locale}
      token={state.token}
      amount={state.sendTokenAmount}
      amountUsd={usdValue(state.sendTokenAmount, state.tokenPrice, locale)}
      fromAddress={address}
      receiverAddress={state.receiverAddress}
      receiverName={state.receiverProfileName}
      receiverAvatar={state.receiverProfileImage}
      networkName={caipNetwork?.name}
      fee={state.fee}
      sending={state.loading}
      error={state.error === undefined ? undefined : sendErrorText(t, errorText(state.error))}
      onSend={() => void controller.send()}
      onCancel={() => {
        controller.clearError()
        router.goBack()
      }}
    />
  )
}
