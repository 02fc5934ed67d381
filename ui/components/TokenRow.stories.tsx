import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleIcon } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { TokenRow } from './TokenRow.tsx'

const meta = {
  title: 'Components/TokenRow',
  component: TokenRow,
  decorators: [bothThemes],
  args: { name: 'Ether', symbol: 'ETH', quantity: '1.234', value: '$3,702.00', iconUrl: sampleIcon('#627eea', 'E'), description: 'Ethereum' },
} satisfies Meta<typeof TokenRow>
export default meta
type Story = StoryObj<typeof meta>

export const WithValue: Story = {}
export const WithoutValue: Story = { args: { name: 'Dev Token', symbol: 'DEV', quantity: '1000', value: undefined, iconUrl: undefined, description: undefined } }
export const List: Story = {
  render: () => (
    <ul className="portico-list">
      <li><TokenRow name="Ether" symbol="ETH" quantity="1.234" value="$3,702.00" iconUrl={sampleIcon('#627eea', 'E')} /></li>
      <li><TokenRow name="USD Coin" symbol="USDC" quantity="250" value="$250.00" iconUrl={sampleIcon('#2775ca', 'U')} /></li>
      <li><TokenRow name="A token with an extraordinarily long name" symbol="LONG" quantity="0.001" /></li>
    </ul>
  ),
}
