import type { Meta, StoryObj } from '@storybook/react-vite'
import { strings } from '../theme/i18n.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Button } from './Button.tsx'
import { EmptyState } from './EmptyState.tsx'

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  decorators: [bothThemes],
  args: { title: strings.noTokens, description: 'Fund your wallet to get started.' },
} satisfies Meta<typeof EmptyState>
export default meta
type Story = StoryObj<typeof meta>

export const NoTokens: Story = {}
export const NoWalletsFound: Story = { args: { title: strings.noWalletsFound, description: undefined, icon: 'search' } }
export const WithAction: Story = { args: { action: <Button>{strings.fundWallet}</Button> } }
