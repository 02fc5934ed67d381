import { useEffect } from 'react'
import type { ViewProps } from 'portico'
import { useService, useStore } from 'portico/react'
import { OnrampTokens } from '../tokens.ts'
import { OnRampCard } from './OnRampCard.tsx'

/** The onramp plugin's Buy view. */
export default function OnRamp(_props: ViewProps<'OnRamp'>) {
  const controller = useService(OnrampTokens.Controller)
  const s = useStore(controller.store)
  useEffect(() => void controller.load(), [controller])
  return (
    <OnRampCard
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
