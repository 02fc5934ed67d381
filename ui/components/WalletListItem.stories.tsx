import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleWallets } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { WalletListItem } from './WalletListItem.tsx'

const meta = {
  title: 'Components/WalletListItem',
  component: WalletListItem,
  decorators: [bothThemes],
  args: { ...sampleWallets[0], tagTone: 'success' },
} satisfies Meta<typeof WalletListItem>
export default meta
type Story = StoryObj<typeof meta>

export const Installed: Story = {}
export const Recent: Story = { args: { ...sampleWallets[1], tagTone: 'neutral' } }
export const QrCode: Story = { args: { ...sampleWallets[2], tagTone: 'accent' } }
/** A `javascript:` icon URL is refused: the letter fallback shows. */
export const UnsafeIcon: Story = { args: { name: sampleWallets[4].name, imageUrl: sampleWallets[4].imageUrl, tag: undefined } }
export const List: Story = {
  render: () => (
    <ul className="portico-list">
      {sampleWallets.map((wallet) => (
        <li key={wallet.name}>
          <WalletListItem name={wallet.name} imageUrl={wallet.imageUrl} tag={'tag' in wallet ? wallet.tag : undefined} />
        </li>
      ))}
    </ul>
  ),
}
