import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import Connect from './Connect.tsx'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import { storyRegistry } from './connect.fixtures.ts'

/** SPEC §2 Connect: the connect methods and the wallets in the spec's order (installed first here). */
const meta = { title: 'Views/Connect', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: strings.connectWallet, back: false }

export const Default: Story = viewStory(() => <Connect />, { ...view, modal: { behaviour: 'pending' } })
export const ManyWallets: Story = viewStory(() => <Connect />, { ...view, modal: { wallets: 'many' } })
/** No wallet found: the empty text and the help entry. */
export const NoWallets: Story = viewStory(() => <Connect />, { ...view, modal: { wallets: 'none' } })
export const LongNames: Story = viewStory(() => <Connect />, { ...view, modal: { wallets: 'long-names' } })
export const Narrow320: Story = viewStory(() => <Connect />, { ...view, width: NARROW, modal: { wallets: 'long-names' } })
export const RightToLeft: Story = viewStory(() => <Connect />, { ...view, dir: 'rtl', modal: {} })
/** "Portico Dev Wallet" offers eip155 and solana and is one row. */
export const SeveralNamespaces: Story = viewStory(() => <Connect />, { ...view, modal: { plugins: () => [storySolanaChain()] } })
/** A registry behind the list (the account-data plugin): its wallets after the installed one, All Wallets with its count. */
export const WithRegistry: Story = viewStory(() => <Connect />, { ...view, modal: { plugins: () => [storyRegistry()] } })
