import { useState } from 'react'
import { Button, Disclosure, EmptyState, ErrorState, Icon, IconButton, Skeleton, Stack, Text, TextField, TokenAmountCard } from 'portico/components'
import { formatUnits } from 'portico'
import { toBaseUnits, type SwapState, type SwapToken } from '../controller.ts'
import { formatMessage } from 'portico/react'
import { messages, type SwapLocalized, type SwapMessages } from '../messages.ts'
import { Alert, Details, localDecimal, percent, shown, usd, type DetailLine } from './parts.tsx'

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

/** The detail lines shared by the form and the preview. */
export function detailLines(
  state: SwapState,
  details: SwapCardProps['details'],
  nativeSymbol: string,
  { t = messages.en, errorText = (s: string) => s, locale = 'en' }: SwapLocalized = {},
): DetailLine[] {
  const lines: DetailLine[] = []
  lines.push({ term: t.networkFee, value: state.gasError !== undefined ? errorText(state.gasError) : details.networkFee !== undefined ? `${shown(details.networkFee, 18, locale)} ${nativeSymbol}` : '...' })
  if (details.priceImpact !== undefined) lines.push({ term: t.priceImpact, value: percent(details.priceImpact, locale) })
  lines.push({ term: t.slippageTolerance, value: `${localDecimal(state.slippage, locale)} %` })
  if (details.minimumReceived !== undefined && state.to) lines.push({ term: t.minimumReceived, value: `${shown(details.minimumReceived, state.to.decimals, locale)} ${state.to.symbol}` })
  return lines
}

/** "1 ETH = 3,000 USDC": what one from token buys at the quote. */
export function rateLine(state: SwapState, { t = messages.en, locale = 'en' }: SwapLocalized = {}): string | undefined {
  const { quote, from, to } = state
  if (!quote || !from || !to || quote.fromAmount === 0n) return undefined
  const rate = (quote.toAmount * 10n ** BigInt(from.decimals)) / quote.fromAmount
  return formatMessage(t.rate, { from: from.symbol, rate: shown(rate, to.decimals, locale), to: to.symbol })
}

/**
 * What Max fills in: the whole balance of a token; of the native token, the balance less the network fee (none while
 * the fee is unknown or above the balance), so the swap can still pay for its gas.
 */
export function maxOf(token: SwapToken | undefined, networkFee: bigint | undefined): string | undefined {
  if (token?.balance === undefined) return undefined
  if (!token.address.toLowerCase().endsWith(':0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')) return token.balance
  const held = toBaseUnits(token.balance, token.decimals)
  if (held === undefined || networkFee === undefined || held <= networkFee) return undefined
  return formatUnits(held - networkFee, token.decimals)
}

/** The token pill of one side: its logo and symbol, named after the side ("You pay: USDC"). */
const pill = (side: string, token: SwapToken | undefined, t: SwapMessages, onClick: () => void, disabled: boolean) => ({
  symbol: token?.symbol,
  iconUrl: token?.logoUri,
  placeholder: t.selectToken,
  label: formatMessage(t.sideToken, { side, token: token?.symbol ?? t.selectToken }),
  onClick,
  disabled,
})

/**
 * SPEC §2 Swap, presentational, as a swap card: "You pay" (amount, token pill, USD value, balance with Max), the flip
 * button, "You receive" (the quote), the rate line that opens the details, slippage behind the settings button, and a
 * primary button that says what blocks it ("Select a token", "Enter an amount", "Insufficient USDC balance") or
 * "Review swap".
 */
export function SwapCard(props: SwapCardProps) {
  const { state, t = messages.en, errorText = (s: string) => s, locale = 'en' } = props
  const [settings, setSettings] = useState(false)
  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <Stack role="status" aria-label={t.loadingTokens} gap={2}>
        <Skeleton width="100%" height={112} />
        <Skeleton width="100%" height={112} />
      </Stack>
    )
  }
  if (state.status === 'unsupported') return <EmptyState title={state.error !== undefined ? errorText(state.error) : t.notSupported} icon="alert" />
  if (state.status === 'error') return <ErrorState title={t.tokensUnavailable} description={state.error !== undefined ? errorText(state.error) : undefined} onRetry={props.onRetry} />
  const { from, to, quote } = state
  const busy = state.step !== 'idle'
  const toAmount = quote && to ? shown(quote.toAmount, to.decimals, locale) : ''
  const rate = rateLine(state, { t, locale })
  const slippageOpen = settings || state.slippageProblem !== undefined
  const blocker = !from || !to ? t.selectAToken : !state.amount.trim() ? t.enterAmount : state.amountProblem !== undefined ? errorText(state.amountProblem) : state.quoteStatus === 'loading' ? t.gettingQuote : undefined
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (props.canPreview) props.onPreview()
      }}
    >
      <Stack gap={2}>
        <TokenAmountCard
          label={t.youPay}
          amount={state.amount}
          onAmount={props.onAmount}
          invalid={state.amountProblem !== undefined}
          disabled={busy}
          token={pill(t.youPay, from, t, () => props.onPick('from'), busy)}
          usdValue={from ? usd(state.amount, state.prices, from, locale) : undefined}
          balance={from?.balance !== undefined ? formatMessage(t.balance, { amount: `${shown(toBaseUnits(from.balance, from.decimals) ?? 0n, from.decimals, locale)} ${from.symbol}` }) : undefined}
          onMax={maxOf(from, props.details.networkFee) !== undefined ? () => props.onAmount(maxOf(from, props.details.networkFee)!) : undefined}
          maxLabel={t.max}
        />
        <IconButton className="portico-amount-flip" label={t.switchTokens} icon={<Icon name="flip" size={16} />} onClick={props.onSwitch} disabled={!to || busy} />
        <TokenAmountCard
          label={t.youReceive}
          amount={toAmount}
          loading={state.quoteStatus === 'loading'}
          token={pill(t.youReceive, to, t, () => props.onPick('to'), busy)}
          usdValue={to && quote ? usd(formatUnits(quote.toAmount, to.decimals), state.prices, to, locale) : undefined}
        />
      </Stack>
      {state.quoteStatus === 'error' && state.quoteError ? <Alert text={errorText(state.quoteError)} /> : null}
      <Stack row gap={1}>
        <div className="portico-grow">
          {rate ? (
            <Disclosure summary={rate}>
              <Details label={t.swapDetails} lines={detailLines(state, props.details, props.nativeSymbol, { t, errorText, locale })} />
            </Disclosure>
          ) : (
            <Text variant="caption" tone="muted">{formatMessage(t.sideToken, { side: t.slippageTolerance, token: `${localDecimal(state.slippage, locale)} %` })}</Text>
          )}
        </div>
        <IconButton label={t.slippageSettings} aria-expanded={slippageOpen} icon={<Icon name="settings" size={16} />} onClick={() => setSettings((o) => !o)} />
      </Stack>
      {slippageOpen ? (
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
      ) : null}
      <Button type="submit" fullWidth disabled={!props.canPreview}>
        {blocker ?? t.reviewSwap}
      </Button>
    </form>
  )
}
