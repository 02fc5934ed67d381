import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Icon } from './Icon.tsx'
import { IconButton } from './IconButton.tsx'

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  decorators: [bothThemes],
  args: { label: 'Close', icon: <Icon name="close" /> },
} satisfies Meta<typeof IconButton>
export default meta
type Story = StoryObj<typeof meta>

export const Close: Story = {}
export const Back: Story = { args: { label: 'Back', icon: <Icon name="back" /> } }
export const Copy: Story = { args: { label: 'Copy address', icon: <Icon name="copy" /> } }
export const Disabled: Story = { args: { disabled: true } }
