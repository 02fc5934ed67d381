import type { Meta, StoryObj } from '@storybook/react-vite'
import { strings } from '../theme/i18n.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { TextField } from './TextField.tsx'

const meta = {
  title: 'Components/TextField',
  component: TextField,
  decorators: [bothThemes],
  args: { label: strings.email, type: 'email', placeholder: 'name@example.com' },
} satisfies Meta<typeof TextField>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const Search: Story = { args: { label: strings.searchWallet, hideLabel: true, type: 'search', placeholder: strings.searchWallet } }
export const WithError: Story = { args: { defaultValue: 'not-an-email', error: 'Enter a valid email address' } }
