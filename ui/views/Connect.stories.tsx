import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import Connect from './Connect.tsx'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import { storyRegistry } from './connect.fixtures.ts'
import { embeddedWallet } from 'portico/plugins/embedded-wallet'

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

/** Email and the demo's social providers, offline (the secure site unreachable until a login starts). */
const auth = () => [embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9/', socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] })]
const emailFirst = ['email', 'social', 'wallet'] as ('email' | 'social' | 'wallet')[]
/** Issue 30, composed as AppKit does: the email field, the first provider full width, the others as icon buttons, the wallets behind "Continue with a wallet". */
export const EmailAndSocial: Story = viewStory(() => <Connect />, { ...view, modal: { plugins: auth, connectMethodOrder: emailFirst } })
/** An injected wallet puts the wallets first (SPEC §2): the list itself, then email and social. */
export const EmailAndSocialWalletFirst: Story = viewStory(() => <Connect />, { ...view, modal: { plugins: auth } })
export const EmailAndSocialNarrow320: Story = viewStory(() => <Connect />, { ...view, width: NARROW, modal: { plugins: auth, connectMethodOrder: emailFirst } })
export const EmailAndSocialGerman: Story = viewStory(() => <Connect />, { ...view, title: 'Wallet verbinden', modal: { plugins: auth, connectMethodOrder: emailFirst, locale: 'de' } })
export const EmailAndSocialArabic: Story = viewStory(() => <Connect />, { ...view, dir: 'rtl', modal: { plugins: auth, connectMethodOrder: emailFirst, locale: 'ar' } })
