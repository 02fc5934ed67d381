import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import ProfileWallets from './ProfileWallets.tsx'
import Connect from './Connect.tsx'
import { storySecondWallet } from './profile-wallets.fixtures.ts'

/** SPEC §2 ProfileWallets: every connection per namespace with its status (several wallets may share one); Disconnect per connection. */
const meta = { title: 'Views/ProfileWallets', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: strings.wallets }

export const Default: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true } })
export const SeveralNamespaces: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
export const Narrow320: Story = viewStory(() => <ProfileWallets />, { ...view, width: NARROW, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
/** No connection: only "Add wallet". */
export const Empty: Story = viewStory(() => <ProfileWallets />, { ...view, modal: {} })
/** Two wallets in one namespace: Harbor active ("Connected"), Portico Dev Wallet 2 connected beside it ("Active"). */
export const SeveralWallets: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true, plugins: () => [storySecondWallet({ connected: true })] } })
/** Two eip155 wallets and a Solana one. */
export const SeveralWalletsAndNamespaces: Story = viewStory(() => <ProfileWallets />, {
  ...view,
  modal: { connected: true, plugins: () => [storySecondWallet({ connected: true }), storySolanaChain('approve', { connected: true })] },
})
/** "Add wallet": Connect while a wallet is connected, to connect another one in the same namespace. */
export const AddWallet: Story = viewStory(() => <Connect />, { title: strings.connectWallet, modal: { connected: true, plugins: () => [storySecondWallet()] } })
