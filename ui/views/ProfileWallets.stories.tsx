import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import ProfileWallets from './ProfileWallets.tsx'

/** SPEC §2 ProfileWallets: the connections per namespace with their status; Disconnect per connected namespace. */
const meta = { title: 'Views/ProfileWallets', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: strings.wallets }

export const Default: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true } })
export const SeveralNamespaces: Story = viewStory(() => <ProfileWallets />, { ...view, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
export const Narrow320: Story = viewStory(() => <ProfileWallets />, { ...view, width: NARROW, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
/** No connection: only "Add wallet". */
export const Empty: Story = viewStory(() => <ProfileWallets />, { ...view, modal: {} })
