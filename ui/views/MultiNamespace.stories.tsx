import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { WithStoryModal } from '../../storybook/story-modal.tsx'
import Account from './Account.tsx'
import Connect from './Connect.tsx'
import ProfileWallets from './ProfileWallets.tsx'
import SwitchActiveChain from './SwitchActiveChain.tsx'
import SwitchNetwork from './SwitchNetwork.tsx'
import { storySolanaChain } from './multi-namespace.fixtures.ts'

const meta = { title: 'Views/Several namespaces', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const disconnected = { behaviour: 'pending' as const, plugins: () => [storySolanaChain()] }
// The story's EVM connection ('Harbor'), plus the Solana side of Portico Dev Wallet.
const connected = { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] }

/** Connect: "Portico Dev Wallet" offers eip155 and solana and is one row. */
export const ConnectOneRowPerWallet: Story = {
  render: () => (
    <WithStoryModal options={disconnected}>
      <ThemeFrame>{() => <Connect />}</ThemeFrame>
    </WithStoryModal>
  ),
}

/** SPEC §2 SwitchActiveChain: the host's chain namespaces, the active one marked. */
export const SwitchActiveChainView: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <SwitchActiveChain />}</ThemeFrame>
    </WithStoryModal>
  ),
}

/** SwitchNetwork with the "Switch chain" entry of a multi-namespace host. */
export const SwitchNetworkSeveralNamespaces: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <SwitchNetwork />}</ThemeFrame>
    </WithStoryModal>
  ),
}

export const AccountSeveralNamespaces: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <Account />}</ThemeFrame>
    </WithStoryModal>
  ),
}

/** ProfileWallets with one connection per namespace and a Disconnect per connected namespace. */
export const ProfileWalletsSeveralNamespaces: Story = {
  render: () => (
    <WithStoryModal options={connected}>
      <ThemeFrame>{() => <ProfileWallets />}</ThemeFrame>
    </WithStoryModal>
  ),
}
