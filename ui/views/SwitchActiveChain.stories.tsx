import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { storySolanaChain } from './multi-namespace.fixtures.ts'
import SwitchActiveChain from './SwitchActiveChain.tsx'

/** SPEC §2 SwitchActiveChain: the host's chain namespaces by their chain's name (never "eip155"), the active one marked. */
const meta = { title: 'Views/SwitchActiveChain', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: 'Switch Chain' }
const connected = { connected: true, plugins: () => [storySolanaChain('approve', { connected: true })] }

export const Default: Story = viewStory(() => <SwitchActiveChain />, { ...view, modal: connected })
/** Only the EVM side connected: Solana reads "Not connected". */
export const OneConnected: Story = viewStory(() => <SwitchActiveChain />, { ...view, modal: { connected: true, plugins: () => [storySolanaChain()] } })
export const Narrow320: Story = viewStory(() => <SwitchActiveChain />, { ...view, width: NARROW, modal: connected })
export const RightToLeft: Story = viewStory(() => <SwitchActiveChain />, { ...view, dir: 'rtl', modal: connected })
