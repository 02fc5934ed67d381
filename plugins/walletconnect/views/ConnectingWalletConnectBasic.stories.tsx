import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { strings } from 'portico/react'
import { WithStoryModal } from '../../../storybook/story-modal.tsx'
import { storySignClient, storyWallet } from './pairing.fixtures.ts'
import { walletConnect } from '../index.ts'
import { WalletConnectPairing } from './Pairing.tsx'

const wallet = storyWallet
const plugin = (fail: boolean) => () => [walletConnect({ projectId: 'story', customWallets: [wallet], createSignClient: async () => storySignClient(fail) })]
const waiting = { plugins: plugin(false) }
const failing = { plugins: plugin(true) }

/** SPEC §2 ConnectingWalletConnectBasic: the QR code of the wc: URI and Copy link. */
const meta = { title: 'Views/ConnectingWalletConnectBasic', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** The QR code, framed the same (white, bordered) in both themes. */
export const QrCode: Story = {
  render: () => (
    // One modal per theme: a pairing belongs to one connector.
    <ThemeFrame view="WalletConnect">
      {() => (
        <WithStoryModal options={waiting}>
          <WalletConnectPairing />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** Pairing failed: the error and Retry. */
export const PairingError: Story = {
  render: () => (
    // One modal per theme: a pairing belongs to one connector.
    <ThemeFrame view="WalletConnect">
      {() => (
        <WithStoryModal options={failing}>
          <WalletConnectPairing />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
