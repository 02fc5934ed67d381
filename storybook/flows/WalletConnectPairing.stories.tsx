import type { Meta, StoryObj } from '@storybook/react-vite'
import { walletConnect, type SignClientLike } from 'portico/plugins/walletconnect'
import { expect, userEvent, within } from 'storybook/test'
import { sampleWcUri } from '../fixtures.ts'
import { FlowModal, snackbarGone } from './flow-modal.tsx'

/** SPEC §2: Connect → "WalletConnect" → ConnectingWalletConnect showing the pairing URI as a QR code and Copy link. */
const meta = { title: 'Flows/WalletConnectPairing', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** A sign client that offers a fixed wc: URI and waits for a wallet that never scans (offline). */
function pairingOnlySignClient(): SignClientLike {
  return {
    core: { verify: {} },
    session: { getAll: () => [] },
    connect: async () => ({ uri: sampleWcUri, approval: () => new Promise(() => undefined) }),
    request: () => new Promise(() => undefined),
    disconnect: async () => undefined,
    on: () => undefined,
    off: () => undefined,
  }
}

const options = { plugins: () => [walletConnect({ projectId: 'story', createSignClient: async () => pairingOnlySignClient() })] }

export const HappyPath: Story = {
  render: () => <FlowModal options={options} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const connect = await canvas.findByRole('dialog', { name: 'Connect Wallet' }, { timeout: 10_000 })
    await userEvent.click(await within(connect).findByRole('button', { name: /^WalletConnect/ }))
    const pairing = await canvas.findByRole('dialog', { name: 'WalletConnect' }, { timeout: 10_000 })
    const qr = await within(pairing).findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 10_000 })
    await expect(qr).toBeVisible()
    // The QR code carries the pairing URI the sign client offered.
    await expect(qr.getAttribute('aria-description')).toBe(sampleWcUri)
    await expect(within(pairing).getByRole('button', { name: 'Copy link' })).toBeEnabled()
    await snackbarGone(canvasElement)
  },
}
