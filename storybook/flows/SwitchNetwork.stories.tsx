import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FlowModal, snackbarGone } from './flow-modal.tsx'

/** SPEC §2/§4: Account → SwitchNetwork → pick another requested network → back on Account, on the new network. */
const meta = { title: 'Flows/SwitchNetwork', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const options = { connected: true }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const account = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await userEvent.click(await within(account).findByRole('button', { name: 'Switch network, current: Portico Local' }))
    const networks = await canvas.findByRole('dialog', { name: 'Select network' })
    await expect(await within(networks).findByRole('button', { name: /^Portico Local, Current/ }, { timeout: 10_000 })).toBeVisible()
    await userEvent.click(within(networks).getByRole('button', { name: /^Portico Local 2/ }))
    const back = await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    await waitFor(() => expect(within(back).getByRole('button', { name: 'Switch network, current: Portico Local 2' })).toBeVisible())
    await snackbarGone(canvasElement)
  },
}
