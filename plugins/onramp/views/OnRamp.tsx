import { useEffect } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useLocale, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { OnrampTokens } from '../tokens.ts'
import { OnRampCard } from './OnRampCard.tsx'

/** The onramp plugin's Buy view. */
export default function OnRamp(_props: ViewProps<'OnRamp'>) {
  const controller = useService(OnrampTokens.Controller)
  const s = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  useEffect(() => void controller.load(), [controller])
  return (
    <OnRampCard
      t={t}
      errorText={errorText}
      locale={locale}
      loading={s.optionsSource === 'loading'}
      options={s.options}
      optionsFallback={s.optionsSource === 'default'}
      purchaseCurrency={s.purchaseCurrency}
      network={s.network}
      paymentCurrency={s.paymentCurrency}
      paymentMethod={s.paymentMethod}
      amount={s.amount}
      amountError={s.amountError}
      quote={s.quote}
      quoteStatus={s.quoteStatus}
      quoteError={s.quoteError}
      opening={s.purchase.status === 'opening'}
      buyError={s.purchase.status === 'failed' ? s.purchase.error : undefined}
      onPurchaseCurrency={(id) => controller.setPurchaseCurrency(id)}
      onNetwork={(name) => controller.setNetwork(name)}
      onPaymentCurrency={(id) => controller.setPaymentCurrency(id)}
      onPaymentMethod={(id) => controller.setPaymentMethod(id)}
      onAmount={(amount) => controller.setAmount(amount)}
      onBuy={() => void controller.buy()}
    />
  )
}
