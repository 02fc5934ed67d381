import { Button, Spinner } from 'portico/components'
import type { OnrampPurchase } from '../controller.ts'

export interface BuyInProgressCardProps {
  purchase: OnrampPurchase
  onReopen(): void
  onActivity(): void
  onRetry(): void
}

/** After Buy: the purchase pending in the provider's window, then complete (see Activity) or failed. */
export function BuyInProgressCard({ purchase, onReopen, onActivity, onRetry }: BuyInProgressCardProps) {
  const bought = purchase.quote ? `${purchase.quote.purchaseAmount.amount} ${purchase.quote.purchaseAmount.currency}` : undefined
  if (purchase.status === 'completed') {
    return (
      <div className="portico-state">
        <p className="portico-state-title" role="status">
          Purchase complete
        </p>
        <p className="portico-state-description">{`${bought ?? 'Your purchase'} arrived in your wallet. It is listed in Activity.`}</p>
        <Button fullWidth onClick={onActivity}>
          View Activity
        </Button>
      </div>
    )
  }
  if (purchase.status === 'failed') {
    return (
      <div className="portico-state portico-state--error">
        <div className="portico-state-alert" role="alert">
          <p className="portico-state-title">Purchase failed</p>
          {purchase.error && <p className="portico-state-description">{purchase.error}</p>}
        </div>
        <Button fullWidth onClick={onRetry}>
          Try again
        </Button>
      </div>
    )
  }
  return (
    <div className="portico-state" aria-busy="true">
      <Spinner label="Purchase pending" size={32} />
      <p className="portico-state-title" role="status">
        Purchase pending
      </p>
      <p className="portico-state-description">
        {`Complete the purchase${bought ? ` of ${bought}` : ''} in the provider's window. This updates when the payment arrives.`}
      </p>
      <Button variant="secondary" fullWidth onClick={onReopen}>
        Open the provider's page again
      </Button>
    </div>
  )
}
