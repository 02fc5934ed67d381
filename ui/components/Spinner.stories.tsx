import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Spinner } from './Spinner.tsx'

const meta = { title: 'Components/Spinner', component: Spinner, decorators: [bothThemes], args: { label: 'Loading', size: 24 } } satisfies Meta<typeof Spinner>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const Large: Story = { args: { size: 48, label: 'Connecting' } }
