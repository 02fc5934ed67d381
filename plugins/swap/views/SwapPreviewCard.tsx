import { Button, Stack, Text } from 'portico/components'
import type { SwapState } from '../controller.ts'
import { detailLines, type SwapCardProps } from './SwapCard.tsx'
import { Alert, Details, shown } from './parts.tsx'

export interface SwapPreviewCardProps {
  state: SwapState
  details: SwapCardProps['details']
  nativeSymbol: string
  /** The allowance is short: the Approve step comes first. */
  needsApproval: boolean
  onApprove(): void
  onSwap(): void
}

/** The swap preview: what is paid and received, the details, then "Approve <token>" when needed and "Swap". */
export function SwapPreviewCard(props: SwapPreviewCardProps) {
  const { state } = props
  const { from, to, quote } = state
  if (!from || !to || !quote) return <Alert text="The quote is no longer available; go back and enter an amount" />
  const busy = state.step !== 'idle'
  return (
    <Stack>
      <Text variant="title">{`${shown(quote.fromAmount, from.decimals)} ${from.symbol} for about ${shown(quote.toAmount, to.decimals)} ${to.symbol}`}</Text>
      <Details label="Swap details" lines={detailLines(state, props.details, props.nativeSymbol)} />
      {state.txError ? <Alert text={state.txError} /> : null}
      {props.needsApproval ? (
        <>
          <Text tone="muted">{`Allow the swap contract to use ${shown(quote.fromAmount, from.decimals)} ${from.symbol} first.`}</Text>
          <Button fullWidth loading={state.step === 'approving'} disabled={busy} onClick={props.onApprove}>
            {state.step === 'approving' ? 'Approving...' : `Approve ${from.symbol}`}
          </Button>
        </>
      ) : (
        <Button fullWidth loading={state.step === 'swapping'} disabled={busy} onClick={props.onSwap}>
          {state.step === 'swapping' ? 'Swapping...' : 'Swap'}
        </Button>
      )}
    </Stack>
  )
}
