import { useState } from 'react'
import { Button, Icon, ListItem, ReceiptList, Skeleton, Spinner, Text, TokenAmountCard } from 'portico/components'
import { formatMessage } from 'portico/react'
import { PAYMENT_METHOD_ACH, PAYMENT_METHOD_CARD, type OnrampOptions, type OnrampQuote } from '../limits.ts'
import { localDecimal, messages, type OnrampLocalized, type OnrampMessages } from '../messages.ts'
import type { QuoteStatus } from '../controller.ts'

/** The choices the Buy view offers, each picked from a list of its own. */
export type OnrampPicker = 'purchase' | 'network' | 'payment' | 'method'

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
  /** A picker shown from the start (stories). */
  initialPicker?: OnrampPicker
  onPurchaseCurrency(id: string): void
  onNetwork(name: string): void
  onPaymentCurrency(id: string): void
  onPaymentMethod(id: string): void
  onAmount(amount: string): void
  onBuy(): void
}

const money = (a: { amount: string; currency: string }, locale: string) => `${localDecimal(a.amount, locale)} ${a.currency}`

/** A payment method's name in the shown language; an unknown id as it is. */
const methodLabel = (id: string, t: OnrampMessages) => (id === PAYMENT_METHOD_CARD ? t.methodCard : id === PAYMENT_METHOD_ACH ? t.methodAch : id)

interface Choice {
  value: string
  label: string
  description?: string
}

/**
 * One choice as a list in place of the form (the design language's list rows, not a native select): the current
 * value is marked `aria-current`; picking one, or Back, returns to the form.
 */
function Picker(props: { title: string; choices: Choice[]; current: string; back: string; onPick(value: string): void; onBack(): void }) {
  return (
    <div className="portico-stack">
      <div role="group" aria-label={props.title} className="portico-list">
        {props.choices.map((c) => (
          <ListItem key={c.value} label={c.label} description={c.description} aria-current={c.value === props.current ? 'true' : undefined} onClick={() => props.onPick(c.value)} />
        ))}
      </div>
      <Button variant="secondary" fullWidth onClick={props.onBack}>
        {props.back}
      </Button>
    </div>
  )
}

/**
 * The Buy view, presentational (issue 30's card, receipt and button language): "You pay" as an amount card whose pill
 * picks the payment currency, "You get" as the quoted amount whose pill picks the token, the network and the payment
 * method as rows that open their lists, the SPEC §5 limits, the quote as a receipt, and Buy.
 */
export function OnRampCard(props: OnRampCardProps) {
  const { t = messages.en, errorText = (s: string) => s, locale = 'en' } = props
  const [picking, setPicking] = useState<OnrampPicker | undefined>(props.initialPicker)
  if (props.loading) {
    return (
      <div className="portico-state" aria-busy="true">
        <Spinner label={t.loadingOptions} />
        <Skeleton height={96} />
        <Skeleton height={96} />
        <Skeleton height={40} />
      </div>
    )
  }
  const purchase = props.options.purchaseCurrencies.find((c) => c.id === props.purchaseCurrency)
  const payment = props.options.paymentCurrencies.find((c) => c.id === props.paymentCurrency)
  const network = purchase?.networks.find((n) => n.name === props.network)
  const limit = payment?.payment_method_limits.find((l) => l.id === props.paymentMethod)
  const symbol = purchase?.symbol ?? props.purchaseCurrency
  const methodName = methodLabel(props.paymentMethod, t)
  const canBuy = !props.amountError && props.amount.trim() !== '' && props.quoteStatus !== 'loading'
  const current = (what: string, value: string) => formatMessage(t.current, { what, value })

  if (picking) {
    const pickers: Record<OnrampPicker, { title: string; choices: Choice[]; current: string; onPick(value: string): void }> = {
      purchase: {
        title: t.buy,
        choices: props.options.purchaseCurrencies.map((c) => ({ value: c.id, label: c.symbol, description: c.name })),
        current: props.purchaseCurrency,
        onPick: props.onPurchaseCurrency,
      },
      network: {
        title: t.network,
        choices: (purchase?.networks ?? []).map((n) => ({ value: n.name, label: n.display_name })),
        current: props.network,
        onPick: props.onNetwork,
      },
      payment: {
        title: t.payWithCurrency,
        choices: props.options.paymentCurrencies.map((c) => ({ value: c.id, label: c.id })),
        current: props.paymentCurrency,
        onPick: props.onPaymentCurrency,
      },
      method: {
        title: t.paymentMethod,
        choices: (payment?.payment_method_limits ?? []).map((l) => ({ value: l.id, label: methodLabel(l.id, t), description: formatMessage(t.range, { min: l.min, max: l.max }) })),
        current: props.paymentMethod,
        onPick: props.onPaymentMethod,
      },
    }
    const p = pickers[picking]
    return (
      <Picker
        {...p}
        back={t.back}
        onPick={(value) => {
          p.onPick(value)
          setPicking(undefined)
        }}
        onBack={() => setPicking(undefined)}
      />
    )
  }

  const youGet =
    props.quote && props.quoteStatus !== 'placeholder' && props.quoteStatus !== 'loading' ? localDecimal(props.quote.purchaseAmount.amount, locale) : ''
  return (
    <form
      className="portico-stack"
      onSubmit={(e) => {
        e.preventDefault()
        if (canBuy) props.onBuy()
      }}
    >
      {props.optionsFallback && <Text tone="muted">{t.defaultOptions}</Text>}
      <TokenAmountCard
        label={t.youPay}
        amount={props.amount}
        onAmount={props.onAmount}
        error={props.amountError !== undefined ? errorText(props.amountError) : undefined}
        token={{ symbol: props.paymentCurrency, label: current(t.payWithCurrency, props.paymentCurrency), onClick: () => setPicking('payment') }}
      >
        {limit && (
          <Text variant="caption" tone="muted">
            {formatMessage(t.methodRange, { method: methodName, min: limit.min, max: limit.max, currency: props.paymentCurrency })}
          </Text>
        )}
      </TokenAmountCard>
      <TokenAmountCard
        label={t.youGet}
        amount={youGet}
        placeholder={props.quoteStatus === 'placeholder' ? '—' : '0'}
        loading={props.quoteStatus === 'loading'}
        token={{ symbol, label: current(t.buy, symbol), onClick: () => setPicking('purchase') }}
      />
      <div className="portico-list">
        <ListItem label={t.network} description={network?.display_name ?? props.network} trailing={<Icon name="chevronRight" size={16} />} onClick={() => setPicking('network')} />
        <ListItem label={t.paymentMethod} description={methodName} trailing={<Icon name="chevronRight" size={16} />} onClick={() => setPicking('method')} />
      </div>
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
