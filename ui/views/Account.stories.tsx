import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import Account from './Account.tsx'
import { storySolanaChain } from './multi-namespace.fixtures.ts'

/** SPEC §2 Account: avatar, truncated address (4 + 6), balance to 3 decimals grouped per locale, network, actions. */
const meta = { title: 'Views/Account', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: 'Account', back: false }

export const Default: Story = viewStory(() => <Account />, { ...view, modal: { connected: true } })
export const SeveralNamespaces: Story = viewStory(() => <Account />, { ...view, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
export const Narrow320: Story = viewStory(() => <Account />, { ...view, width: NARROW, modal: { connected: true } })
export const RightToLeft: Story = viewStory(() => <Account />, { ...view, dir: 'rtl', modal: { connected: true } })
/** Not connected (a requested Account view with no account). */
export const Empty: Story = viewStory(() => <Account />, { ...view, modal: {} })
