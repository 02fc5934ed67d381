import { formatUnits } from 'portico'
import { Button, ReceiptList, Stack, Text } from 'portico/components'
import type { SwapState } from '../controller.ts'
import { detailLines, type SwapCardProps } from './SwapCard.tsx'
import { formatMessage } from 'portico/react'
import { messages, type SwapLocalized } from '../messages.ts'
import { Alert, shown, usd } from './parts.tsx'

export interface SwapPreviewCardProps extends SwapLocalized {
  state: SwapState
  details: SwapCardProps['details']
  nativeSymbol: string
  /** The allowance is short: the Approve step comes first. */
  needsApproval: boolean
  onApprove(): void
  onSwap(): void
}

/** The swap preview as a receipt: what is paid and received (with USD values), the details, then "Approve <token>" when needed and "Swap". */
export function SwapPreviewCard(props: SwapPreviewCardProps) {
  const { state, t = messages.en, errorText = (s: string) => s, locale = 'en' } = props
  const { from, to, quote } = state
  if (!from || !to || !quote) return <Alert text={t.quoteGone} />
  const busy = state.step !== 'idle'
  return (
    <Stack>
      <Text variant="title">{formatMessage(t.payFor, { paid: `${shown(quote.fromAmount, from.decimals, locale)} ${from.symbol}`, received: `${shown(quote.toAmount, to.decimals, locale)} ${to.symbol}` })}</Text>
      <ReceiptList
        label={t.swapDetails}
        rows={[
          { label: t.youPay, value: `${shown(quote.fromAmount, from.decimals, locale)} ${from.symbol}`, secondary: usd(formatUnits(quote.fromAmount, from.decimals), state.prices, from, locale) },
          { label: t.youReceive, value: `${shown(quote.toAmount, to.decimals, locale)} ${to.symbol}`, secondary: usd(formatUnits(quote.toAmount, to.decimals), state.prices, to, locale) },
          ...detailLines(state, props.details, props.nativeSymbol, { t, errorText, locale }).map((l) => ({ label: l.term, value: l.value })),
        ]}
      />
      {state.txError ? <Alert text={errorText(state.txError)} /> : null}
      {props.needsApproval ? (
        <>
          <Text tone="muted">{formatMessage(t.allowFirst, { amount: `${shown(quote.fromAmount, from.decimals, locale)} ${from.symbol}` })}</Text>
          <Button fullWidth loading={state.step === 'approving'} disabled={busy} onClick={props.onApprove}>
            {state.step === 'approving' ? t.approving : formatMessage(t.approve, { symbol: from.symbol })}
          </Button>
        </>
      ) : (
        <Button fullWidth loading={state.step === 'swapping'} disabled={busy} onClick={props.onSwap}>
          {state.step === 'swapping' ? t.swapping : t.swap}
        </Button>
      )}
    </Stack>
  )
}
