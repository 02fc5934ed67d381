import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Button } from './Button.tsx'
import { Actions } from './Layout.tsx'

const meta = {
  title: 'Components/Button',
  component: Button,
  decorators: [bothThemes],
  args: { children: 'Connect Wallet', variant: 'primary', loading: false, fullWidth: false },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'text'] } },
} satisfies Meta<typeof Button>
export default meta
type Story = StoryObj<typeof meta>

export const Primary: Story = {}
export const Secondary: Story = { args: { variant: 'secondary', children: 'Copy link' } }
export const Danger: Story = { args: { variant: 'danger', children: 'Disconnect' } }
export const Loading: Story = { args: { loading: true, children: 'Approve' } }
export const Disabled: Story = { args: { disabled: true } }
export const FullWidth: Story = { args: { fullWidth: true, children: 'Retry', variant: 'secondary' } }
/** The text variant: low-weight links such as "Learn more". */
export const Text: Story = { args: { variant: 'text', children: 'Learn more' } }
/** The hierarchy stacked in Actions: equal widths, one line each (a long label stays on one line). */
export const Stacked: Story = {
  render: () => (
    <Actions>
      <Button>Open Portico Demo Wallet mobile app</Button>
      <Button variant="secondary">Copy link</Button>
      <Button variant="danger">Disconnect</Button>
    </Actions>
  ),
}
/** Side by side in equal columns (Cancel and Send). */
export const SideBySide: Story = {
  render: () => (
    <Actions row>
      <Button variant="secondary">Cancel</Button>
      <Button>Send</Button>
    </Actions>
  ),
}
