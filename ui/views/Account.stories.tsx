import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import Account from './Account.tsx'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import { demoActions, storyAccountActions } from './account.fixtures.ts'

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
/** The demo's four actions two by two, so "Register name" is never left alone on a row. */
export const FourActions: Story = viewStory(() => <Account />, { ...view, modal: { connected: true, plugins: () => [storyAccountActions(demoActions.en)] } })
/** Four German actions at 320 px: every label fits (two lines at most). */
export const FourActionsGerman320: Story = viewStory(() => <Account />, { ...view, width: NARROW, modal: { connected: true, locale: 'de', plugins: () => [storyAccountActions(demoActions.de)] } })
/** Five actions: three then two. */
export const FiveActions: Story = viewStory(() => <Account />, { ...view, width: NARROW, modal: { connected: true, plugins: () => [storyAccountActions([...demoActions.en, 'Export wallet'])] } })
/** Seven actions: the last would be alone, so it spans its row. */
export const SevenActionsArabic: Story = viewStory(() => <Account />, { ...view, dir: 'rtl', modal: { connected: true, locale: 'ar', plugins: () => [storyAccountActions(['إرسال', 'مبادلة', 'شراء', 'تسجيل اسم', 'تصدير المحفظة', 'الأمان', 'الدعم'])] } })
