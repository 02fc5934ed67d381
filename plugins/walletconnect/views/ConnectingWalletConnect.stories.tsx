import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { strings } from 'portico/react'
import { WithStoryModal } from '../../../storybook/story-modal.tsx'
import { storyAuthSignClient, storySignClient, storyWallet } from './pairing.fixtures.ts'
import { walletConnect } from '../index.ts'
import { siwx } from 'portico/plugins/siwx'
import { WalletConnectPairing } from './Pairing.tsx'

const wallet = storyWallet
const plugin = (fail: boolean) => () => [walletConnect({ projectId: 'story', customWallets: [wallet], createSignClient: async () => storySignClient(fail) })]
const waiting = { plugins: plugin(false) }
const failing = { plugins: plugin(true) }
/** SIWX configured and eip155 alone (the story modal's chain): the pairing is one-click auth (wc_sessionAuthenticate). */
const oneClick = (answer: 'waiting' | 'declined') => ({
  plugins: () => [
    walletConnect({ projectId: 'story', customWallets: [wallet], createSignClient: async () => storyAuthSignClient(answer) }),
    siwx({ getNonce: async () => 'storyNonce12345678', verify: async () => true, getSession: async () => undefined, revoke: async () => undefined }),
  ],
})

/** SPEC §2 ConnectingWalletConnect: pairing for a chosen wallet, its logo in the QR code, its links beside it. */
const meta = { title: 'Views/ConnectingWalletConnect', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** The wallet's logo in the QR code; "Open … mobile app" and Copy link, equal width, one line each. */
export const ChosenWallet: Story = {
  render: () => (
    // One modal per theme: a pairing belongs to one connector.
    <ThemeFrame view={wallet.name}>
      {() => (
        <WithStoryModal options={waiting}>
          <WalletConnectPairing walletId="demo" />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** Pairing failed: the logo's red ring and badge, the error, and Retry (allowed after 1 s). */
export const PairingError: Story = {
  render: () => (
    // One modal per theme: a pairing belongs to one connector.
    <ThemeFrame view={wallet.name}>
      {() => (
        <WithStoryModal options={failing}>
          <WalletConnectPairing walletId="demo" />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** The chosen wallet at 320 px. */
export const Narrow320: Story = {
  render: () => (
    // One modal per theme: a pairing belongs to one connector.
    <ThemeFrame view={wallet.name} width={320}>
      {() => (
        <WithStoryModal options={waiting}>
          <WalletConnectPairing walletId="demo" />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** The chosen wallet right to left. */
export const RightToLeft: Story = {
  render: () => (
    // One modal per theme: a pairing belongs to one connector.
    <ThemeFrame view={wallet.name} dir="rtl">
      {() => (
        <WithStoryModal options={waiting}>
          <WalletConnectPairing walletId="demo" />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** On a phone (≤ 430 px): the app link is the primary action, the QR code a secondary "Show QR code". */
export const Phone: Story = {
  render: () => (
    <ThemeFrame view={wallet.name} width={375}>
      {() => (
        <WithStoryModal options={waiting}>
          <WalletConnectPairing walletId="demo" phone />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** One-click auth (SIWX with WalletConnect): the QR code, and the line saying one approval connects and signs in. */
export const OneClick: Story = {
  render: () => (
    <ThemeFrame view={wallet.name}>
      {() => (
        <WithStoryModal options={oneClick('waiting')}>
          <WalletConnectPairing walletId="demo" />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
/** One-click auth declined in the wallet: "Signature declined" (SPEC §8) and Retry. */
export const OneClickDeclined: Story = {
  render: () => (
    <ThemeFrame view={wallet.name}>
      {() => (
        <WithStoryModal options={oneClick('declined')}>
          <WalletConnectPairing walletId="demo" />
        </WithStoryModal>
      )}
    </ThemeFrame>
  ),
}
