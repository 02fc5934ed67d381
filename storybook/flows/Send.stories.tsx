import type { Meta, StoryObj } from '@storybook/react-vite'
import { send } from 'portico/plugins/send'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FLOW_WALLET, FlowModal, snackbarGone } from './flow-modal.tsx'

/**
 * SPEC §4 Send: Account → "Send" → WalletSend (token, amount, receiver) → WalletSendPreview (network fee) → "Send",
 * approved in the wallet → back on Account. The native token and the fee come from the story chain and the flow
 * wallet's RPC (offline).
 */
const meta = { title: 'Flows/Send', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const RECEIVER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const options = { connected: true, plugins: () => [send()] }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await userEvent.click(await within(account).findByRole('button', { name: 'Send' }))
    let form = await canvas.findByRole('dialog', { name: 'Send' }, { timeout: 10_000 })
    await userEvent.click(await within(form).findByRole('button', { name: /^Select token/ }, { timeout: 10_000 }))
    const picker = await canvas.findByRole('dialog', { name: 'Select token' }, { timeout: 10_000 })
    const tokens = await within(picker).findByRole('list', { name: 'Tokens to send' }, { timeout: 10_000 })
    await userEvent.click(await within(tokens).findByRole('button', { name: /^Ether/ }))
    form = await canvas.findByRole('dialog', { name: 'Send' }, { timeout: 10_000 })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount' }), '0.5')
    await userEvent.type(within(form).getByRole('textbox', { name: 'Receiver' }), RECEIVER)
    await userEvent.click(within(form).getByRole('button', { name: 'Preview send' }))
    // WalletSendPreview: what leaves, to whom, and the network fee (21000 gas at 1.875 gwei).
    const review = await canvas.findByRole('dialog', { name: 'Review send' }, { timeout: 10_000 })
    const transfer = within(await within(review).findByRole('region', { name: 'Transfer' }, { timeout: 10_000 }))
    await expect(transfer.getByText('0.5 ETH')).toBeVisible()
    await expect(transfer.getByText('0x99…B0A4dc')).toBeVisible()
    await waitFor(() => expect(within(review).queryByText('Estimating…')).toBeNull(), { timeout: 10_000 })
    await userEvent.click(within(review).getByRole('button', { name: 'Send' }))
    const wallet = within(canvas.getByRole('region', { name: `${FLOW_WALLET} window` }))
    await expect(await wallet.findByText('Request: eth_sendTransaction')).toBeVisible()
    await userEvent.click(wallet.getByRole('button', { name: 'Approve' }))
    await expect(await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })).toBeVisible()
    await expect(await canvas.findByText('Transaction sent', {}, { timeout: 10_000 })).toBeVisible()
    await snackbarGone(canvasElement)
  },
}
