import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { ErrorState } from './ErrorState.tsx'

const meta = {
  title: 'Components/ErrorState',
  component: ErrorState,
  decorators: [bothThemes],
  args: { title: 'Connection declined', description: 'The wallet declined the request.', onRetry: () => {} },
} satisfies Meta<typeof ErrorState>
export default meta
type Story = StoryObj<typeof meta>

export const WithRetry: Story = {}
export const Retrying: Story = { args: { retrying: true } }
export const WithoutRetry: Story = { args: { onRetry: undefined } }
