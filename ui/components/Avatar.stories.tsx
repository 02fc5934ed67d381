import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleAddress, sampleIcon } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Avatar } from './Avatar.tsx'

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  decorators: [bothThemes],
  args: { address: sampleAddress, size: 64 },
} satisfies Meta<typeof Avatar>
export default meta
type Story = StoryObj<typeof meta>

export const Gradient: Story = {}
export const ProfileImage: Story = { args: { imageUrl: sampleIcon('#8a3ffc', 'V'), alt: 'vitalik.eth avatar' } }
export const Several: Story = {
  render: ({ size }) => (
    <div className="portico-avatar-row">
      {['0x1', '0x2', '0xdead', sampleAddress, 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'].map((address) => (
        <Avatar key={address} address={address} size={size} />
      ))}
    </div>
  ),
}
