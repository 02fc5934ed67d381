import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import SwitchNetwork from './SwitchNetwork.tsx'

/** SPEC §2 SwitchNetwork: the requested networks, the current one marked. */
const meta = { title: 'Views/SwitchNetwork', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: strings.selectNetwork }

export const Default: Story = viewStory(() => <SwitchNetwork />, { ...view, modal: { connected: true } })
/** With the "Switch chain" entry of a multi-namespace host. */
export const SeveralNamespaces: Story = viewStory(() => <SwitchNetwork />, { ...view, modal: { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] } })
export const Narrow320: Story = viewStory(() => <SwitchNetwork />, { ...view, width: NARROW, modal: { connected: true } })
export const RightToLeft: Story = viewStory(() => <SwitchNetwork />, { ...view, dir: 'rtl', modal: { connected: true } })
