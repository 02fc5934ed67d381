import { Button, EmptyState, ErrorState, IconButton, Icon, Skeleton, Stack, Text, TextField } from 'portico/components'
import type { SwapState, SwapToken } from '../controller.ts'
import { formatMessage } from 'portico/react'
import { messages, type SwapLocalized, type SwapMessages } from '../messages.ts'
import { Alert, Details, localDecimal, percent, shown, type DetailLine } from './parts.tsx'

export interface SwapCardProps extends SwapLocalized {
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

const tokenLabel = (token: SwapToken | undefined, t: SwapMessages) => (token ? token.symbol : t.selectToken)

/** The detail lines shared by the form and the preview. */
export function detailLines(
  state: SwapState,
  details: SwapCardProps['details'],
  nativeSymbol: string,
  { t = messages.en, errorText = (s: string) => s, locale = 'en' }: SwapLocalized = {},
): DetailLine[] {
  const lines: DetailLine[] = []
  if (details.priceImpact !== undefined) lines.push({ term: t.priceImpact, value: percent(details.priceImpact, locale) })
  lines.push({ term: t.networkFee, value: state.gasError !== undefined ? errorText(state.gasError) : details.networkFee !== undefined ? `${shown(details.networkFee, 18, locale)} ${nativeSymbol}` : '...' })
  if (details.minimumReceived !== undefined && state.to) lines.push({ term: t.minimumReceived, value: `${shown(details.minimumReceived, state.to.decimals, locale)} ${state.to.symbol}` })
  lines.push({ term: t.slippageTolerance, value: `${localDecimal(state.slippage, locale)} %` })
  return lines
}

/** SPEC §2 Swap, presentational: from token and amount, to token and quote, details, slippage, and "Review swap". */
export function SwapCard(props: SwapCardProps) {
  const { state, t = messages.en, errorText = (s: string) => s, locale = 'en' } = props
  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <Stack role="status" aria-label={t.loadingTokens}>
        <Skeleton width="100%" height={48} />
        <Skeleton width="100%" height={48} />
      </Stack>
    )
  }
  if (state.status === 'unsupported') return <EmptyState title={state.error !== undefined ? errorText(state.error) : t.notSupported} icon="alert" />
  if (state.status === 'error') return <ErrorState title={t.tokensUnavailable} description={state.error !== undefined ? errorText(state.error) : undefined} onRetry={props.onRetry} />
  const busy = state.step !== 'idle'
  const toAmount = state.quote && state.to ? shown(state.quote.toAmount, state.to.decimals, locale) : ''
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (props.canPreview) props.onPreview()
      }}
    >
      <Button type="button" variant="secondary" onClick={() => props.onPick('from')}>
        {formatMessage(t.from, { token: tokenLabel(state.from, t) })}
      </Button>
      <TextField
        label={t.amount}
        name="swap-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0"
        value={state.amount}
        error={state.amountProblem !== undefined ? errorText(state.amountProblem) : undefined}
        disabled={busy}
        onChange={(e) => props.onAmount(e.currentTarget.value)}
      />
      {state.from?.balance !== undefined ? <Text variant="caption" tone="muted">{formatMessage(t.balance, { amount: `${localDecimal(state.from.balance, locale)} ${state.from.symbol}` })}</Text> : null}
      <Stack row align="center">
        <IconButton label={t.switchTokens} icon={<Icon name="arrowDown" />} onClick={props.onSwitch} disabled={!state.to || busy} type="button" />
      </Stack>
      <Button type="button" variant="secondary" onClick={() => props.onPick('to')}>
        {formatMessage(t.to, { token: tokenLabel(state.to, t) })}
      </Button>
      <p aria-live="polite">
        {state.quoteStatus === 'loading' ? t.gettingQuote : toAmount && state.to ? formatMessage(t.youReceive, { amount: `${toAmount} ${state.to.symbol}` }) : ''}
      </p>
      {state.quoteStatus === 'error' && state.quoteError ? <Alert text={errorText(state.quoteError)} /> : null}
      <TextField
        label={t.slippageField}
        name="swap-slippage"
        inputMode="decimal"
        autoComplete="off"
        value={state.slippage}
        error={state.slippageProblem !== undefined ? errorText(state.slippageProblem) : undefined}
        disabled={busy}
        onChange={(e) => props.onSlippage(e.currentTarget.value)}
      />
      <Details label={t.swapDetails} lines={detailLines(state, props.details, props.nativeSymbol, { t, errorText, locale })} />
      <Button type="submit" fullWidth disabled={!props.canPreview}>
        {!state.to ? t.selectAToken : !state.amount.trim() ? t.enterAmount : t.reviewSwap}
      </Button>
    </form>
  )
}
