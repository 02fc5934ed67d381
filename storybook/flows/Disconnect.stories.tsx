import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { FLOW_WALLET, FlowModal, snackbarGone } from './flow-modal.tsx'

/** SPEC §2/§4: Account → Disconnect → the modal is back on Connect, listing the wallet again. */
const meta = { title: 'Flows/Disconnect', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const options = { connected: true }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await userEvent.click(await within(account).findByRole('button', { name: 'Disconnect' }))
    const connect = await canvas.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
    await expect(await within(connect).findByRole('button', { name: new RegExp(`^${FLOW_WALLET}`) })).toBeVisible()
    await expect(canvas.queryByRole('dialog', { name: 'Account' })).toBeNull()
    await snackbarGone(canvasElement)
  },
}
