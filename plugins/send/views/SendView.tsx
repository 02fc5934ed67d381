import { useEffect } from 'react'
import { ErrorText } from 'portico/plugin'
import { useAccount, useErrorText, useLocale, useMessages, useModalInstance, useStore } from 'portico/react'
import { messages, sendErrorText } from '../messages.ts'
import { insufficientBalance } from '../errors.ts'
import { useSendController } from './flow.ts'
import { toBase } from '../controller.ts'
import { SendForm, usdValue } from './parts.tsx'

/** The WalletSend view: token, amount and receiver (SPEC §4 Send). */
export default function SendView() {
  const controller = useSendController()
  const { router } = useModalInstance()
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  // Re-rendered when the active namespace changes (its sender decides "Unsupported chain").
  const { namespace } = useAccount()
  useEffect(() => {
    void controller.loadTokens()
  }, [controller])
  const amount = state.token ? controller.amount() : undefined
  // SPEC §5 insufficient balance, shown while typing (the preview is blocked with the same text).
  const over = state.token && amount !== undefined && amount > toBase(state.token.balance, state.token.decimals)
  const error = state.error ?? (over ? insufficientBalance(state.token!.symbol) : undefined)
  return (
    <SendForm
      t={t}
      locale={locale}
      token={state.token}
      amount={state.sendTokenAmount}
      receiver={state.receiverInput}
      amountUsd={usdValue(state.sendTokenAmount, state.tokenPrice, locale)}
      receiverAddress={state.receiverAddress}
      receiverName={state.receiverProfileName}
      receiverAvatar={state.receiverProfileImage}
      receiverLoading={state.receiverLoading}
      error={error === undefined ? undefined : sendErrorText(t, errorText(error))}
      unsupported={controller.supported(namespace) ? undefined : errorText(ErrorText.UNSUPPORTED_CHAIN)}
      maxLoading={state.feeLoading && !state.fee}
      previewLoading={state.feeLoading}
      onPickToken={() => router.push('WalletSendSelectToken')}
      onAmount={(text) => controller.setAmount(text)}
      onReceiver={(text) => void controller.setReceiver(text)}
      onMax={() => void controller.max()}
      onPreview={() => void controller.preview()}
    />
  )
}
