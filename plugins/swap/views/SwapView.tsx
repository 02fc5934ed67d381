import { useEffect } from 'react'
import type { ViewProps } from 'portico'
import { useModalInstance, useService, useStore } from 'portico/react'
import { SwapTokens } from '../tokens.ts'
import { SwapCard } from './SwapCard.tsx'

/** SPEC §2 Swap: opens the controller (tokens, quotes refreshed while the view is shown) and closes it on leave. */
export default function SwapView(_props: ViewProps<'Swap'>) {
  const controller = useService(SwapTokens.Controller)
  const modal = useModalInstance()
  const state = useStore(controller.store)
  useEffect(() => {
    void controller.open()
    return () => controller.close()
  }, [controller])
  return (
    <SwapCard
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
