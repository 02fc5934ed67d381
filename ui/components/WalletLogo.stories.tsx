import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleIcon } from '../../storybook/fixtures.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { WalletLogo } from './WalletLogo.tsx'

const meta = {
  title: 'Components/WalletLogo',
  component: WalletLogo,
  decorators: [bothThemes],
  args: { name: 'Portico Dev Wallet', src: sampleIcon('#e2761b', 'P'), state: 'idle' },
  argTypes: { state: { control: 'inline-radio', options: ['idle', 'loading', 'error'] } },
} satisfies Meta<typeof WalletLogo>
export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {}
/** Connecting: the ring runs round the logo (slows to a stop under reduced motion). */
export const Loading: Story = { args: { state: 'loading' } }
/** Failed: red ring and an error badge; a click on the logo retries. */
export const Failed: Story = { args: { state: 'error', onRetry: () => undefined } }
/** No usable image: the letter tile in the same frame. */
export const Fallback: Story = { args: { src: 'javascript:alert(1)', state: 'loading' } }
