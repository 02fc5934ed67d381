import type { Meta, StoryObj } from '@storybook/react-vite'
import { defaultOnrampOptions, onramp, type OnrampApi } from 'portico/plugins/onramp'
import { expect, userEvent, within } from 'storybook/test'
import { FlowModal, snackbarGone } from './flow-modal.tsx'

/**
 * SPEC §1 on-ramp: Account → "Buy" → OnRamp (ETH on the local network, 50 USD by card, the quote) → "Buy ETH" →
 * the provider's page opens → BuyInProgress. The on-ramp API is an offline fake; the provider's window is recorded,
 * not opened.
 */
const meta = { title: 'Flows/OnRamp', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const PROVIDER_URL = 'https://provider.portico.test/buy?session=flow'

const api: OnrampApi = {
  getOptions: async () => defaultOnrampOptions([{ name: 'eip155-31337', display_name: 'Portico Local', chain_id: '31337', contract_address: '' }]),
  getQuote: async ({ amount, paymentCurrency, purchaseCurrency }) => ({
    coinbaseFee: { amount: '0.50', currency: paymentCurrency },
    networkFee: { amount: '1.00', currency: paymentCurrency },
    paymentSubtotal: { amount: (Number(amount) - 1.5).toFixed(2), currency: paymentCurrency },
    paymentTotal: { amount: Number(amount).toFixed(2), currency: paymentCurrency },
    purchaseAmount: { amount: ((Number(amount) - 1.5) / 3000).toFixed(6), currency: purchaseCurrency },
    quoteId: 'flow',
  }),
  generateUrl: async () => PROVIDER_URL,
}

/** The pages the flow asked to open (instead of window.open). */
const opened: string[] = []
const options = { connected: true, plugins: () => [onramp({ api, openWindow: (url) => void opened.push(url), defaultAmount: '50' })] }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    opened.length = 0
    const canvas = within(canvasElement)
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await userEvent.click(await within(account).findByRole('button', { name: 'Buy' }))
    const buy = await canvas.findByRole('dialog', { name: 'Buy' }, { timeout: 10_000 })
    const amount = await within(buy).findByRole('textbox', { name: 'You pay' }, { timeout: 10_000 })
    await userEvent.clear(amount)
    await userEvent.type(amount, '50')
    const quote = within(within(buy).getByRole('region', { name: 'Quote' }))
    await expect(await quote.findByText('50.00 USD', {}, { timeout: 10_000 })).toBeVisible()
    await userEvent.click(within(buy).getByRole('button', { name: 'Buy ETH' }))
    const progress = await canvas.findByRole('dialog', { name: 'Buy' }, { timeout: 10_000 })
    await expect(await within(progress).findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent('Purchase pending')
    await expect(opened).toEqual([PROVIDER_URL])
    await snackbarGone(canvasElement)
  },
}
