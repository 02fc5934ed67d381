import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Button } from './Button.tsx'

const meta = {
  title: 'Components/Button',
  component: Button,
  decorators: [bothThemes],
  args: { children: 'Connect Wallet', variant: 'primary', loading: false, fullWidth: false },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger'] } },
} satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {}
export const Secondary: Story = { args: { variant: 'secondary', children: 'Copy link' } }
export const Danger: Story = { args: { variant: 'danger', children: 'Disconnect' } }
export const Loading: Story = { args: { loading: true, children: 'Approve' } }
export const Disabled: Story = { args: { disabled: true } }
export const FullWidth: Story = { args: { fullWidth: true, children: 'Retry', variant: 'secondary' } }
