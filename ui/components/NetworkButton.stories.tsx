import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleIcon } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { NetworkButton } from './NetworkButton.tsx'

const meta = {
  title: 'Components/NetworkButton',
  component: NetworkButton,
  decorators: [bothThemes],
  args: { name: 'Ethereum', imageUrl: sampleIcon('#627eea', 'E') },
} satisfies Meta<typeof NetworkButton>
export default meta
type Story = StoryObj<typeof meta>

export const Ethereum: Story = {}
export const NoImage: Story = { args: { name: 'Dev Chain 31337', imageUrl: undefined } }
