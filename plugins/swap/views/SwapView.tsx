import { useEffect } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useLocale, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { SwapTokens } from '../tokens.ts'
import { SwapCard } from './SwapCard.tsx'

/** SPEC §2 Swap: opens the controller (tokens, quotes refreshed while the view is shown) and closes it on leave. */
export default function SwapView(_props: ViewProps<'Swap'>) {
  const controller = useService(SwapTokens.Controller)
  const modal = useModalInstance()
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  useEffect(() => {
    void controller.open()
    return () => controller.close()
  }, [controller])
  return (
    <SwapCard
      t={t}
      errorText={errorText}
      locale={locale}
      state={state}
      details={controller.details()}
      canPreview={controller.canPreview()}
      nativeSymbol={modal.connection.active()?.network.nativeCurrency.symbol ?? 'ETH'}
      onAmount={(t) => controller.setAmount(t)}
      onSlippage={(t) => controller.setSlippage(t)}
      onPick={(side) => modal.router.push('SwapSelectToken', { side })}
      onSwitch={() => controller.switchTokens()}
      onPreview={() => modal.router.push('SwapPreview')}
      onRetry={() => void controller.open()}
    />
  )
}
