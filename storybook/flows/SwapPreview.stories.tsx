import type { Meta, StoryObj } from '@storybook/react-vite'
import { swap, type ConvertClient } from 'portico/plugins/swap'
import { expect, userEvent, within } from 'storybook/test'
import { FlowModal, snackbarGone } from './flow-modal.tsx'

/**
 * SPEC §2 Swap: Account → "Swap" → pick the token to receive → enter an amount → the quote → "Review swap" →
 * SwapPreview (what is paid and received, "Swap"). The convert API is an offline fake at 1 ETH = 3000 USDC.
 */
const meta = { title: 'Flows/SwapPreview', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const CHAIN = 'eip155:31337'
const ETH = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const USDC = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
const tx = { from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', to: '0x5FbDB2315678afecb367f032d93F642f64180aa3', data: '0x', value: 0n, gas: 150_000n, gasPrice: 1_000_000_000n } as const

/** The convert API as the flow needs it: two tokens, a fixed rate, nothing to approve. */
const convert: ConvertClient = {
  tokens: async () => [
    { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18 },
    { name: 'USD Coin', symbol: 'USDC', address: USDC, decimals: 6 },
  ],
  quote: async ({ amount, from, to }) => ({ id: 'flow', fromAccount: from, toAccount: to, fromAmount: amount, toAmount: from === ETH ? (amount * 3000n) / 10n ** 12n : (amount * 10n ** 12n) / 3000n }),
  allowance: async () => 2n ** 255n,
  gasPrice: async () => ({ standard: 1_000_000_000n, fast: 1_500_000_000n, instant: 2_000_000_000n }),
  buildApprove: async () => tx,
  buildTransaction: async () => tx,
  prices: async () => ({ [ETH.toLowerCase()]: 3000, [USDC.toLowerCase()]: 1 }),
}

const options = { connected: true, plugins: () => [swap({ api: convert })] }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await userEvent.click(await within(account).findByRole('button', { name: 'Swap' }))
    let form = await canvas.findByRole('dialog', { name: 'Swap' }, { timeout: 10_000 })
    await userEvent.click(await within(form).findByRole('button', { name: /^You receive: / }, { timeout: 10_000 }))
    const picker = await canvas.findByRole('dialog', { name: 'Select token' }, { timeout: 10_000 })
    const toGroup = await within(picker).findByRole('group', { name: 'Swap to' }, { timeout: 10_000 })
    await userEvent.click(within(toGroup).getByRole('button', { name: /^USDC/ }))
    form = await canvas.findByRole('dialog', { name: 'Swap' }, { timeout: 10_000 })
    await expect(await within(form).findByRole('button', { name: 'You pay: ETH' }, { timeout: 10_000 })).toBeVisible()
    await expect(within(form).getByRole('button', { name: 'You receive: USDC' })).toBeVisible()
    await userEvent.type(within(form).getByRole('textbox', { name: 'You pay' }), '0.5')
    await expect(await within(form).findByRole('button', { name: '1 ETH = 3,000 USDC' }, { timeout: 10_000 })).toBeVisible()
    await expect(within(form).getByRole('status', { name: 'You receive' })).toHaveTextContent('1,500')
    await userEvent.click(within(form).getByRole('button', { name: 'Review swap' }))
    const review = await canvas.findByRole('dialog', { name: 'Review swap' }, { timeout: 10_000 })
    await expect(await within(review).findByText('0.5 ETH for about 1,500 USDC', {}, { timeout: 10_000 })).toBeVisible()
    await expect(within(review).getByRole('button', { name: 'Swap' })).toBeEnabled()
    await snackbarGone(canvasElement)
  },
}
