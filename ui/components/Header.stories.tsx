import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Header } from './Header.tsx'

const noop = () => {}
const meta = {
  title: 'Components/Header',
  component: Header,
  decorators: [bothThemes],
  args: { title: 'Connect Wallet', titleId: 'story-title', onClose: noop },
} satisfies Meta<typeof Header>
export default meta
type Story = StoryObj<typeof meta>

export const CloseOnly: Story = {}
export const WithBack: Story = { args: { title: 'All Wallets', onBack: noop } }
export const LongTitle: Story = { args: { title: 'Continue in a wallet with a very long name indeed', onBack: noop } }
export const NoButtons: Story = { args: { onClose: undefined } }
