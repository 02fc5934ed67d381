import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Icon } from './Icon.tsx'
import { ListItem } from './ListItem.tsx'

const meta = {
  title: 'Components/ListItem',
  component: ListItem,
  decorators: [bothThemes],
  args: { label: 'All Wallets', image: <Icon name="wallet" size={36} />, trailing: <Icon name="chevronRight" size={16} /> },
} satisfies Meta<typeof ListItem>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const WithDescriptionAndTag: Story = {
  args: { label: 'Ethereum', description: 'eip155:1', tag: '430+', tagTone: 'accent' },
}
export const Disabled: Story = { args: { disabled: true } }
