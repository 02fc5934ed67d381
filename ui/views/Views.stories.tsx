import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { WithStoryModal } from '../../storybook/story-modal.tsx'
import { Modal } from '../react/Modal.tsx'
import Account from './Account.tsx'
import Connect from './Connect.tsx'
import ConnectingExternal from './ConnectingExternal.tsx'
import ProfileWallets from './ProfileWallets.tsx'
import SwitchNetwork from './SwitchNetwork.tsx'
import UnsupportedChain from './UnsupportedChain.tsx'

const meta = { title: 'Views/Core', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const connected = { connected: true }
const pending = { behaviour: 'pending' as const }
const rejecting = { behaviour: 'reject' as const }
const unsupported = { connected: true, unsupported: true }

/** SPEC §2 Connect: connectors in the spec's order (installed first here). */
export const ConnectView: Story = {
  render: () => (
    <WithStoryModal options={pending}>
      <ThemeFrame>{() => <Connect />}</ThemeFrame>
    </WithStoryModal>
  ),
}

/** Waiting for the browser wallet's approval. */
export const ConnectingExternalWaiting: Story = {
  render: () => (
    <WithStoryModal options={pending}>
      <ThemeFrame>{() => <ConnectingExternal params={{ connectorId: 'dev.portico.wallet' }} />}</ThemeFrame>
    </WithStoryModal>
  ),
}

/** The wallet rejected (4001): its message, Retry and Cancel. */
export const ConnectingExternalRejected: Story = {
  render: () => (
    <WithStoryModal options={rejecting}>
      <ThemeFrame>{() => <ConnectingExternal params={{ connectorId: 'dev.portico.wallet' }} />}</ThemeFrame>
    </WithStoryModal>
  ),
}

export const AccountView: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <Account />}</ThemeFrame>
    </WithStoryModal>
  ),
}

export const SwitchNetworkView: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <SwitchNetwork />}</ThemeFrame>
    </WithStoryModal>
  ),
}

export const UnsupportedChainView: Story = {
  render: () => (
    <WithStoryModal options={unsupported}>
      <ThemeFrame>{() => <UnsupportedChain />}</ThemeFrame>
    </WithStoryModal>
  ),
}

export const ProfileWalletsView: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <ProfileWallets />}</ThemeFrame>
    </WithStoryModal>
  ),
}

/** The whole shell (header, animated body, snackbar) in embedded mode, so light and dark sit side by side. */
export const ModalShellLight: Story = {
  render: () => (
    <WithStoryModal options={pending}>
      <Modal />
    </WithStoryModal>
  ),
}

const pendingDark = { behaviour: 'pending' as const, themeMode: 'dark' as const }

export const ModalShellDark: Story = {
  render: () => (
    <WithStoryModal options={pendingDark}>
      <Modal />
    </WithStoryModal>
  ),
}
