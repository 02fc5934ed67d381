import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleAddress, sampleWcUri } from '../../storybook/fixtures.ts'
import { strings } from '../theme/i18n.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { CopyButton } from './CopyButton.tsx'

const meta = {
  title: 'Components/CopyButton',
  component: CopyButton,
  decorators: [bothThemes],
  args: { text: sampleWcUri, label: strings.copyLink },
} satisfies Meta<typeof CopyButton>
export default meta
type Story = StoryObj<typeof meta>

export const CopyLink: Story = {}
export const CompactAddress: Story = { args: { text: sampleAddress, label: strings.copyAddress, compact: true } }
