import { EmptyState } from 'portico/components'
import { useModalInstance, useNetwork, useStore } from 'portico/react'
import { useSendController } from './flow.ts'
import { SendPreview, usdValue } from './parts.tsx'

/** The WalletSendPreview view: amount, receiver, network fee and "Send"; the sending state while it sends. */
export default function PreviewView() {
  const controller = useSendController()
  const { router } = useModalInstance()
  const { caipNetwork } = useNetwork()
  const state = useStore(controller.store)
  if (!state.token || !state.receiverAddress) return <EmptyState title="Nothing to send" description="Choose a token, an amount and a receiver first." />
  return (
    <SendPreview
      token={state.token}
      amount={state.sendTokenAmount}
      amountUsd={usdValue(state.sendTokenAmount, state.tokenPrice)}
      receiverAddress={state.receiverAddress}
      receiverName={state.receiverProfileName}
      receiverAvatar={state.receiverProfileImage}
      networkName={caipNetwork?.name}
      fee={state.fee}
      sending={state.loading}
      error={state.error}
      onSend={() => void controller.send()}
      onCancel={() => {
        controller.clearError()
        router.goBack()
      }}
    />
  )
}
