import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { defaultOnrampOptions, type OnrampQuote } from '../limits.ts'
import { OnRampCard, type OnRampCardProps } from './OnRampCard.tsx'

// Offline by construction: the presentational half of the Buy view with fixed states (no modal, no API).

const meta = { title: 'Views/OnRamp', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const quote: OnrampQuote = {
  coinbaseFee: { amount: '0.50', currency: 'USD' },
  networkFee: { amount: '1.00', currency: 'USD' },
  paymentSubtotal: { amount: '48.50', currency: 'USD' },
  paymentTotal: { amount: '50.00', currency: 'USD' },
  purchaseAmount: { amount: '0.016166666', currency: 'ETH' },
  quoteId: 'story',
}

const base: OnRampCardProps = {
  loading: false,
  options: defaultOnrampOptions([{ name: 'eip155-31337', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }]),
  optionsFallback: false,
  purchaseCurrency: 'ETH',
  network: 'eip155-31337',
  paymentCurrency: 'USD',
  paymentMethod: 'card',
  amount: '50',
  quote,
  quoteStatus: 'ready',
  opening: false,
  onPurchaseCurrency: () => undefined,
  onNetwork: () => undefined,
  onPaymentCurrency: () => undefined,
  onPaymentMethod: () => undefined,
  onAmount: () => undefined,
  onBuy: () => undefined,
}

const frame = (props: Partial<OnRampCardProps>) => ({
  render: () => <ThemeFrame view="Buy">{() => <OnRampCard {...base} {...props} />}</ThemeFrame>,
})

/** 50 USD of ETH by card, with its quote. */
export const Quoted: Story = frame({})
/** The options are loading. */
export const LoadingOptions: Story = frame({ loading: true })
/** Waiting for the quote. */
export const LoadingQuote: Story = frame({ quote: undefined, quoteStatus: 'loading' })
/** SPEC §5: under the card minimum. */
export const BelowMinimum: Story = frame({ amount: '9.99', quote: undefined, quoteStatus: 'idle', amountError: 'The minimum amount is 10.00 USD' })
/** SPEC §5: over the ACH maximum, in EUR. */
export const AboveAchMaximum: Story = frame({ paymentCurrency: 'EUR', paymentMethod: 'ACH_BANK_ACCOUNT', amount: '25000.01', quote: undefined, quoteStatus: 'idle', amountError: 'The maximum amount is 25000.00 EUR' })
/** SPEC §7: the options call failed; the built-in defaults are shown. */
export const DefaultOptions: Story = frame({ optionsFallback: true, options: defaultOnrampOptions(), network: 'ethereum' })
/** SPEC §7: the quote call failed; a placeholder quote. */
export const PlaceholderQuote: Story = frame({
  quoteStatus: 'placeholder',
  quoteError: 'quote: HTTP 503',
  quote: { ...quote, coinbaseFee: { amount: '0.00', currency: 'USD' }, networkFee: { amount: '0.00', currency: 'USD' }, purchaseAmount: { amount: '0', currency: 'ETH' }, quoteId: 'placeholder' },
})
/** Asking the API for the provider's page. */
export const Opening: Story = frame({ opening: true })
/** The provider's URL could not be made. */
export const BuyFailed: Story = frame({ buyError: 'The maximum amount is 7500.00 USD' })
/** Issue 30: the payment method picked from a list (no native select). */
export const PickingPaymentMethod: Story = frame({ initialPicker: 'method' })
/** The token picked from a list, long names included. */
export const PickingToken: Story = frame({
  initialPicker: 'purchase',
  options: {
    ...base.options,
    purchaseCurrencies: [
      ...base.options.purchaseCurrencies,
      { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: base.options.purchaseCurrencies[0]!.networks },
      { id: 'LONG', name: 'A token with a very long name that has to wrap at 320 px', symbol: 'LONGTOKEN', networks: base.options.purchaseCurrencies[0]!.networks },
    ],
  },
})
