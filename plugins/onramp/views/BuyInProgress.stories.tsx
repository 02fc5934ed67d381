import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import type { OnrampPurchase } from '../controller.ts'
import { BuyInProgressCard } from './BuyInProgressCard.tsx'

// Offline by construction: the pending-purchase view with fixed states.

const meta = { title: 'Views/BuyInProgress', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const quote = {
  coinbaseFee: { amount: '0.50', currency: 'USD' },
  networkFee: { amount: '1.00', currency: 'USD' },
  paymentSubtotal: { amount: '48.50', currency: 'USD' },
  paymentTotal: { amount: '50.00', currency: 'USD' },
  purchaseAmount: { amount: '0.016166666', currency: 'ETH' },
  quoteId: 'story',
}

const frame = (purchase: OnrampPurchase) => ({
  render: () => (
    <ThemeFrame view="Buy">{() => <BuyInProgressCard purchase={purchase} onReopen={() => undefined} onActivity={() => undefined} onRetry={() => undefined} />}</ThemeFrame>
  ),
})

/** Waiting for the payment in the provider's window. */
export const Pending: Story = frame({ status: 'pending', url: 'http://127.0.0.1/onramp-provider/1', quote })
/** Pending without a quote (the placeholder was shown). */
export const PendingWithoutQuote: Story = frame({ status: 'pending', url: 'http://127.0.0.1/onramp-provider/1' })
/** The provider paid out: the purchase is in Activity. */
export const Completed: Story = frame({ status: 'completed', quote, txHash: '0xabc' })
/** The provider reported a failure. */
export const Failed: Story = frame({ status: 'failed', error: 'The payout transaction reverted' })
