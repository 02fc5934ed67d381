import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Snackbar } from './Snackbar.tsx'

const meta = {
  title: 'Components/Snackbar',
  component: Snackbar,
  decorators: [bothThemes],
  args: { variant: 'success', message: 'Address copied' },
  argTypes: { variant: { control: 'inline-radio', options: ['loading', 'success', 'error'] } },
} satisfies Meta<typeof Snackbar>
export default meta
type Story = StoryObj<typeof meta>

export const Success: Story = {}
export const Loading: Story = { args: { variant: 'loading', message: 'Switching network' } }
export const Error: Story = { args: { variant: 'error', message: 'Connection declined' } }
export const Closable: Story = { args: { onClose: () => {} } }
