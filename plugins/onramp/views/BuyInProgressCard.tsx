import { Button, Spinner } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { OnrampPurchase } from '../controller.ts'
import { localDecimal, messages, type OnrampLocalized } from '../messages.ts'

export interface BuyInProgressCardProps extends OnrampLocalized {
  purchase: OnrampPurchase
  onReopen(): void
  onActivity(): void
  onRetry(): void
}

/** After Buy: the purchase pending in the provider's window, then complete (see Activity) or failed. */
export function BuyInProgressCard({ purchase, onReopen, onActivity, onRetry, t = messages.en, errorText = (s) => s, locale = 'en' }: BuyInProgressCardProps) {
  const bought = purchase.quote ? `${localDecimal(purchase.quote.purchaseAmount.amount, locale)} ${purchase.quote.purchaseAmount.currency}` : undefined
  if (purchase.status === 'completed') {
    return (
      <div className="portico-state">
        <p className="portico-state-title" role="status">
          {t.purchaseComplete}
        </p>
        <p className="portico-state-description">{bought ? formatMessage(t.arrived, { amount: bought }) : t.purchaseArrived}</p>
        <Button fullWidth onClick={onActivity}>
          {t.viewActivity}
        </Button>
      </div>
    )
  }
  if (purchase.status === 'failed') {
    return (
      <div className="portico-state portico-state--error">
        <div className="portico-state-alert" role="alert">
          <p className="portico-state-title">{t.purchaseFailed}</p>
          {purchase.error && <p className="portico-state-description">{errorText(purchase.error)}</p>}
        </div>
        <Button fullWidth onClick={onRetry}>
          {t.tryAgain}
        </Button>
      </div>
    )
  }
  return (
    <div className="portico-state" aria-busy="true">
      <Spinner label={t.purchasePending} size={32} />
      <p className="portico-state-title" role="status">
        {t.purchasePending}
      </p>
      <p className="portico-state-description">
        {bought ? formatMessage(t.completeOf, { amount: bought }) : t.complete}
      </p>
      <Button variant="secondary" fullWidth onClick={onReopen}>
        {t.reopen}
      </Button>
    </div>
  )
}
