import type { Meta, StoryObj } from '@storybook/react-vite'
import { NARROW, viewStory } from '../../storybook/view-story.tsx'
import { strings } from '../theme/i18n.ts'
import UnsupportedChain from './UnsupportedChain.tsx'

/** SPEC §2 UnsupportedChain: a title and icon, the supported networks, Disconnect (danger text). */
const meta = { title: 'Views/UnsupportedChain', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const view = { title: strings.switchNetwork, back: false }
const modal = { connected: true, unsupported: true }

export const Default: Story = viewStory(() => <UnsupportedChain />, { ...view, modal })
export const Narrow320: Story = viewStory(() => <UnsupportedChain />, { ...view, width: NARROW, modal })
export const RightToLeft: Story = viewStory(() => <UnsupportedChain />, { ...view, dir: 'rtl', modal })
