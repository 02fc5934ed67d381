import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleIcon } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { WalletImage } from './WalletImage.tsx'

const meta = {
  title: 'Components/WalletImage',
  component: WalletImage,
  decorators: [bothThemes],
  args: { name: 'Pocket Wallet', src: sampleIcon('#3b63f0', 'P'), size: 56 },
} satisfies Meta<typeof WalletImage>
export default meta
type Story = StoryObj<typeof meta>

export const Image: Story = {}
export const MissingFallback: Story = { args: { src: undefined } }
export const UnsafeFallback: Story = { args: { name: 'xss', src: 'data:text/html,<script>alert(1)</script>' } }
export const BrokenFallback: Story = { args: { name: 'Broken', src: 'http://127.0.0.1:9/missing.png' } }
