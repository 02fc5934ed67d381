import { useId } from 'react'
import { Button, ReceiptList, Skeleton, Spinner, Stack, Text, TextField } from 'portico/components'
import { formatMessage } from 'portico/react'
import { PAYMENT_METHOD_ACH, PAYMENT_METHOD_CARD, type OnrampOptions, type OnrampQuote } from '../limits.ts'
import { localDecimal, messages, type OnrampLocalized, type OnrampMessages } from '../messages.ts'
import type { QuoteStatus } from '../controller.ts'

export interface OnRampCardProps extends OnrampLocalized {
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

const money = (a: { amount: string; currency: string }, locale: string) => `${localDecimal(a.amount, locale)} ${a.currency}`

/** A payment method's name in the shown language; an unknown id as it is. */
const methodLabel = (id: string, t: OnrampMessages) => (id === PAYMENT_METHOD_CARD ? t.methodCard : id === PAYMENT_METHOD_ACH ? t.methodAch : id)

/** The Buy view, presentational: what to buy and where, how to pay, the amount within the SPEC §5 limits, the quote. */
export function OnRampCard(props: OnRampCardProps) {
  const { t = messages.en, errorText = (s: string) => s, locale = 'en' } = props
  if (props.loading) {
    return (
      <div className="portico-state" aria-busy="true">
        <Spinner label={t.loadingOptions} />
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
  const methodName = methodLabel(props.paymentMethod, t)
  const canBuy = !props.amountError && props.amount.trim() !== '' && props.quoteStatus !== 'loading'
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (canBuy) props.onBuy()
      }}
    >
      {props.optionsFallback && <Text tone="muted">{t.defaultOptions}</Text>}
      <Select
        label={t.buy}
        value={props.purchaseCurrency}
        options={props.options.purchaseCurrencies.map((c) => ({ value: c.id, label: `${c.name} (${c.symbol})` }))}
        onChange={props.onPurchaseCurrency}
      />
      <Select
        label={t.network}
        value={props.network}
        options={(purchase?.networks ?? []).map((n) => ({ value: n.name, label: n.display_name }))}
        onChange={props.onNetwork}
      />
      <Select
        label={t.payWithCurrency}
        value={props.paymentCurrency}
        options={props.options.paymentCurrencies.map((c) => ({ value: c.id, label: c.id }))}
        onChange={props.onPaymentCurrency}
      />
      <Select
        label={t.paymentMethod}
        value={props.paymentMethod}
        options={(payment?.payment_method_limits ?? []).map((l) => ({ value: l.id, label: methodLabel(l.id, t) }))}
        onChange={props.onPaymentMethod}
      />
      <TextField
        label={formatMessage(t.amountIn, { currency: props.paymentCurrency })}
        inputMode="decimal"
        autoComplete="off"
        value={props.amount}
        placeholder={limit ? formatMessage(t.range, { min: limit.min, max: limit.max }) : undefined}
        error={props.amountError !== undefined ? errorText(props.amountError) : undefined}
        onChange={(e) => props.onAmount(e.target.value)}
      />
      {limit && <Text variant="caption" tone="muted">{formatMessage(t.methodRange, { method: methodName, min: limit.min, max: limit.max, currency: props.paymentCurrency })}</Text>}
      <section aria-label={t.quote} aria-live="polite" aria-busy={props.quoteStatus === 'loading'}>
        {props.quoteStatus === 'loading' && <Spinner label={t.gettingQuote} />}
        {props.quote && props.quoteStatus !== 'loading' && (
          <ReceiptList
            label={t.quote}
            rows={[
              { label: t.youGet, value: props.quoteStatus === 'placeholder' ? formatMessage(t.amountByProvider, { symbol }) : money(props.quote.purchaseAmount, locale) },
              { label: t.fees, value: formatMessage(t.feesValue, { fee: money(props.quote.coinbaseFee, locale), networkFee: money(props.quote.networkFee, locale) }) },
              { label: t.total, value: money(props.quote.paymentTotal, locale), emphasis: true },
            ]}
          />
        )}
        {props.quoteStatus === 'placeholder' && (
          <Text tone="muted">{props.quoteError ? formatMessage(t.quoteUnavailableBecause, { reason: errorText(props.quoteError) }) : t.quoteUnavailable}</Text>
        )}
      </section>
      {props.buyError && (
        <Text variant="caption" tone="error" role="alert">
          {errorText(props.buyError)}
        </Text>
      )}
      <Button type="submit" fullWidth loading={props.opening} disabled={!canBuy}>
        {formatMessage(t.buySymbol, { symbol })}
      </Button>
    </form>
  )
}
