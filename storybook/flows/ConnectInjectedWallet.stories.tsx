import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FLOW_WALLET, FlowModal, snackbarGone } from './flow-modal.tsx'

/** SPEC §2: Connect → ConnectingExternal → Account with a browser (EIP-6963) wallet that asks before it connects. */
const meta = { title: 'Flows/ConnectInjectedWallet', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const options = {}

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const connect = await canvas.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
    await userEvent.click(await within(connect).findByRole('button', { name: `${FLOW_WALLET}, Installed` }))
    // ConnectingExternal: the wallet is asked, the modal waits.
    await canvas.findByRole('dialog', { name: FLOW_WALLET })
    await expect(await canvas.findByText(`Continue in ${FLOW_WALLET}`)).toBeVisible()
    const wallet = within(canvas.getByRole('region', { name: `${FLOW_WALLET} window` }))
    await expect(wallet.getByText('Request: Connect to this site')).toBeVisible()
    await userEvent.click(wallet.getByRole('button', { name: 'Approve' }))
    // Account: the connected address (shortened) and its balance.
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await waitFor(() => expect(within(account).getByText(/^1,?234\.567 ETH$/)).toBeVisible(), { timeout: 10_000 })
    await expect(within(account).getByText('0x70…dc79C8')).toBeVisible()
    await expect(within(account).getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await snackbarGone(canvasElement)
  },
}
