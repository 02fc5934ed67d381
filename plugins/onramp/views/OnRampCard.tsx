import { useId } from 'react'
import { Button, KeyValueList, Skeleton, Spinner, Stack, Text, TextField } from 'portico/components'
import { PAYMENT_METHOD_LABELS, type OnrampOptions, type OnrampQuote } from '../limits.ts'
import type { QuoteStatus } from '../controller.ts'

export interface OnRampCardProps {
  /** The options are still loading. */
  loading: boolean
  options: OnrampOptions
  /** The API failed and the built-in defaults are in use (SPEC §7). */
  optionsFallback: boolean
  purchaseCurrency: string
  network: string
  paymentCurrency: string
  paymentMethod: string
  amount: string
  amountError?: string
  quote?: OnrampQuote
  quoteStatus: QuoteStatus
  quoteError?: string
  /** Asking for the provider's URL. */
  opening: boolean
  /** Why the last Buy failed. */
  buyError?: string
  onPurchaseCurrency(id: string): void
  onNetwork(name: string): void
  onPaymentCurrency(id: string): void
  onPaymentMethod(id: string): void
  onAmount(amount: string): void
  onBuy(): void
}

/** A labelled native select, styled as the text fields. */
function Select(props: { label: string; value: string; options: Array<{ value: string; label: string }>; onChange(value: string): void }) {
  const id = useId()
  return (
    <div className="portico-text-field">
      <label htmlFor={id} className="portico-text-field-label">
        {props.label}
      </label>
      <select id={id} className="portico-text-field-input" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

const money = (a: { amount: string; currency: string }) => `${a.amount} ${a.currency}`

/** The Buy view, presentational: what to buy and where, how to pay, the amount within the SPEC §5 limits, the quote. */
export function OnRampCard(props: OnRampCardProps) {
  if (props.loading) {
    return (
      <div className="portico-state" aria-busy="true">
        <Spinner label="Loading buy options" />
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </div>
    )
  }
  const purchase = props.options.purchaseCurrencies.find((c) => c.id === props.purchaseCurrency)
  const payment = props.options.paymentCurrencies.find((c) => c.id === props.paymentCurrency)
  const limit = payment?.payment_method_limits.find((l) => l.id === props.paymentMethod)
  const symbol = purchase?.symbol ?? props.purchaseCurrency
  const methodName = PAYMENT_METHOD_LABELS[props.paymentMethod] ?? props.paymentMethod
  const canBuy = !props.amountError && props.amount.trim() !== '' && props.quoteStatus !== 'loading'
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (canBuy) props.onBuy()
      }}
    >
      {props.optionsFallback && <Text tone="muted">Showing the default buy options: the provider's list is unavailable.</Text>}
      <Select
        label="Buy"
        value={props.purchaseCurrency}
        options={props.options.purchaseCurrencies.map((c) => ({ value: c.id, label: `${c.name} (${c.symbol})` }))}
        onChange={props.onPurchaseCurrency}
      />
      <Select
        label="Network"
        value={props.network}
        options={(purchase?.networks ?? []).map((n) => ({ value: n.name, label: n.display_name }))}
        onChange={props.onNetwork}
      />
      <Select
        label="Pay with currency"
        value={props.paymentCurrency}
        options={props.options.paymentCurrencies.map((c) => ({ value: c.id, label: c.id }))}
        onChange={props.onPaymentCurrency}
      />
      <Select
        label="Payment method"
        value={props.paymentMethod}
        options={(payment?.payment_method_limits ?? []).map((l) => ({ value: l.id, label: PAYMENT_METHOD_LABELS[l.id] ?? l.id }))}
        onChange={props.onPaymentMethod}
      />
      <TextField
        label={`Amount (${props.paymentCurrency})`}
        inputMode="decimal"
        autoComplete="off"
        value={props.amount}
        placeholder={limit ? `${limit.min} to ${limit.max}` : undefined}
        error={props.amountError}
        onChange={(e) => props.onAmount(e.target.value)}
      />
      {limit && <Text variant="caption" tone="muted">{`${methodName}: ${limit.min} to ${limit.max} ${props.paymentCurrency}`}</Text>}
      <section aria-label="Quote" aria-live="polite" aria-busy={props.quoteStatus === 'loading'}>
        {props.quoteStatus === 'loading' && <Spinner label="Getting a quote" />}
        {props.quote && props.quoteStatus !== 'loading' && (
          <KeyValueList
            items={[
              { label: 'You get', value: props.quoteStatus === 'placeholder' ? `${symbol} (amount shown by the provider)` : money(props.quote.purchaseAmount) },
              { label: 'Fees', value: `${money(props.quote.coinbaseFee)} + ${money(props.quote.networkFee)} network` },
              { label: 'Total', value: money(props.quote.paymentTotal) },
            ]}
          />
        )}
        {props.quoteStatus === 'placeholder' && (
          <Text tone="muted">{`Quote unavailable${props.quoteError ? `: ${props.quoteError}` : ''}. The provider shows the final amount.`}</Text>
        )}
      </section>
      {props.buyError && (
        <Text variant="caption" tone="error" role="alert">
          {props.buyError}
        </Text>
      )}
      <Button type="submit" fullWidth loading={props.opening} disabled={!canBuy}>
        {`Buy ${symbol}`}
      </Button>
    </form>
  )
}
