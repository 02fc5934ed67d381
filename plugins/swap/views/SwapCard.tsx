import { Button, EmptyState, ErrorState, IconButton, Icon, Skeleton, Stack, Text, TextField } from 'portico/components'
import type { SwapState, SwapToken } from '../controller.ts'
import { Alert, Details, percent, shown, type DetailLine } from './parts.tsx'

export interface SwapCardProps {
  state: SwapState
  details: { minimumReceived?: bigint; priceImpact?: number; networkFee?: bigint }
  canPreview: boolean
  nativeSymbol: string
  onAmount(text: string): void
  onSlippage(text: string): void
  onPick(side: 'from' | 'to'): void
  onSwitch(): void
  onPreview(): void
  onRetry(): void
}

const tokenLabel = (t: SwapToken | undefined) => (t ? t.symbol : 'Select token')

/** The detail lines shared by the form and the preview. */
export function detailLines(state: SwapState, details: SwapCardProps['details'], nativeSymbol: string): DetailLine[] {
  const lines: DetailLine[] = []
  if (details.priceImpact !== undefined) lines.push({ term: 'Price impact', value: percent(details.priceImpact) })
  lines.push({ term: 'Network fee', value: state.gasError ?? (details.networkFee !== undefined ? `${shown(details.networkFee, 18)} ${nativeSymbol}` : '...') })
  if (details.minimumReceived !== undefined && state.to) lines.push({ term: 'Minimum received', value: `${shown(details.minimumReceived, state.to.decimals)} ${state.to.symbol}` })
  lines.push({ term: 'Slippage tolerance', value: `${state.slippage} %` })
  return lines
}

/** SPEC §2 Swap, presentational: from token and amount, to token and quote, details, slippage, and "Review swap". */
export function SwapCard(props: SwapCardProps) {
  const { state } = props
  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <Stack role="status" aria-label="Loading swap tokens">
        <Skeleton width="100%" height={48} />
        <Skeleton width="100%" height={48} />
      </Stack>
    )
  }
  if (state.status === 'unsupported') return <EmptyState title={state.error ?? 'Network not supported for Swaps'} icon="alert" />
  if (state.status === 'error') return <ErrorState title="Swap tokens unavailable" description={state.error} onRetry={props.onRetry} />
  const busy = state.step !== 'idle'
  const toAmount = state.quote && state.to ? shown(state.quote.toAmount, state.to.decimals) : ''
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (props.canPreview) props.onPreview()
      }}
    >
      <Button type="button" variant="secondary" onClick={() => props.onPick('from')}>
        {`From: ${tokenLabel(state.from)}`}
      </Button>
      <TextField
        label="Amount"
        name="swap-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        value={state.amount}
        error={state.amountProblem}
        disabled={busy}
        onChange={(e) => props.onAmount(e.currentTarget.value)}
      />
      {state.from?.balance !== undefined ? <Text variant="caption" tone="muted">{`Balance: ${state.from.balance} ${state.from.symbol}`}</Text> : null}
      <Stack row align="center">
        <IconButton label="Switch tokens" icon={<Icon name="arrowDown" />} onClick={props.onSwitch} disabled={!state.to || busy} type="button" />
      </Stack>
      <Button type="button" variant="secondary" onClick={() => props.onPick('to')}>
        {`To: ${tokenLabel(state.to)}`}
      </Button>
      <p aria-live="polite">
        {state.quoteStatus === 'loading' ? 'Getting a quote...' : toAmount && state.to ? `You receive about ${toAmount} ${state.to.symbol}` : ''}
      </p>
      {state.quoteStatus === 'error' && state.quoteError ? <Alert text={state.quoteError} /> : null}
      <TextField
        label="Slippage tolerance (%)"
        name="swap-slippage"
        inputMode="decimal"
        autoComplete="off"
        value={state.slippage}
        error={state.slippageProblem}
        disabled={busy}
        onChange={(e) => props.onSlippage(e.currentTarget.value)}
      />
      <Details label="Swap details" lines={detailLines(state, props.details, props.nativeSymbol)} />
      <Button type="submit" fullWidth disabled={!props.canPreview}>
        {!state.to ? 'Select a token' : !state.amount.trim() ? 'Enter an amount' : 'Review swap'}
      </Button>
    </form>
  )
}
