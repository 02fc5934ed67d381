import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { FarcasterCard, type FarcasterCardProps } from './FarcasterCard.tsx'

// Offline by construction: the ConnectingFarcaster view's states with fixed props (light and dark side by side).

const meta = { title: 'Views/ConnectingFarcaster', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const URL = 'http://127.0.0.1:8789/app/siwf?channelToken=2f3c5a1e-demo'
const frame = (props: Partial<FarcasterCardProps>) => ({
  render: () => <ThemeFrame>{() => <FarcasterCard status="waiting" url={URL} onRetry={() => undefined} {...props} />}</ThemeFrame>,
})

/** Asking the secure site for the sign-in URL. */
export const Loading: Story = frame({ status: 'loading', url: undefined })
/** The URL as a QR code and the "Open in Farcaster" link, waiting for the app. */
export const Waiting: Story = frame({})
/** SPEC §8 failure text. */
export const Failed: Story = frame({ status: 'error', url: undefined, error: 'Failed to connect to farcaster' })
