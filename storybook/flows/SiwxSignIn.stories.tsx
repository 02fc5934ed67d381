import type { Meta, StoryObj } from '@storybook/react-vite'
import { siwx } from 'portico/plugins/siwx'
import { expect, userEvent, within } from 'storybook/test'
import { FLOW_WALLET, FlowModal, snackbarGone } from './flow-modal.tsx'

/**
 * SPEC §4 SIWX: connect a wallet → SIWXSignMessage ("needs to connect to your wallet") → "Sign" → personal_sign
 * approved in the wallet → the backend accepts → Account. The backend is an offline fake that accepts any signature.
 */
const meta = { title: 'Flows/SiwxSignIn', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const options = {
  plugins: () => [
    siwx({
      statement: 'Sign in to the Portico flow',
      domain: 'portico.test',
      uri: 'https://portico.test',
      getNonce: async () => 'flowNonce12345678',
      verify: async () => true,
      getSession: async (_caipAddress, stored) => stored,
      revoke: async () => undefined,
    }),
  ],
}

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const connect = await canvas.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
    await userEvent.click(await within(connect).findByRole('button', { name: `${FLOW_WALLET}, Installed` }))
    const wallet = within(canvas.getByRole('region', { name: `${FLOW_WALLET} window` }))
    await userEvent.click(await wallet.findByRole('button', { name: 'Approve' }))
    // The address has no session: the sign-in dialog.
    const signIn = await canvas.findByRole('dialog', { name: 'Sign In' }, { timeout: 10_000 })
    await expect(await within(signIn).findByText(/needs to connect to your wallet$/, {}, { timeout: 10_000 })).toBeVisible()
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign' }))
    await expect(await wallet.findByText('Request: personal_sign')).toBeVisible()
    await userEvent.click(wallet.getByRole('button', { name: 'Approve' }))
    // Signed in: the dialog gives way to Account.
    await expect(await canvas.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })).toBeVisible()
    await expect(canvas.queryByRole('dialog', { name: 'Sign In' })).toBeNull()
    await snackbarGone(canvasElement)
  },
}
