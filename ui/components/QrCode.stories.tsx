import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleIcon, sampleWcUri } from '../../storybook/fixtures.ts'
import { strings } from '../theme/i18n.ts'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { QrCode } from './QrCode.tsx'

const meta = {
  title: 'Components/QrCode',
  component: QrCode,
  decorators: [bothThemes],
  args: { value: sampleWcUri, label: strings.qrCodeLabel, size: 280 },
} satisfies Meta<typeof QrCode>
export default meta
type Story = StoryObj<typeof meta>

export const WalletConnectUri: Story = {}
export const Short: Story = { args: { value: 'https://example.com', size: 160 } }
/** The wallet's logo in the centre on a white plate, framed the same in both themes. */
export const WithWalletLogo: Story = { args: { logo: { name: 'Portico Demo Wallet', src: sampleIcon('#3b63f0', 'D') } } }
