import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { EmailLoginCard, type EmailLoginCardProps } from './EmailLoginCard.tsx'

// Offline by construction: the EmailLogin view's steps with fixed props (light and dark side by side).

const meta = { title: 'Views/EmailLogin', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const noop = () => undefined
const frame = (props: Partial<EmailLoginCardProps>) => ({
  render: () => (
    <ThemeFrame>
      {() => <EmailLoginCard step="otp" email="ada@example.com" throttleSeconds={0} onEmail={noop} onCode={noop} onResend={noop} onRetry={noop} {...props} />}
    </ThemeFrame>
  ),
})

/** Opened from the connector list: the email field. */
export const Idle: Story = frame({ step: 'idle', email: undefined })
/** The code is being sent. */
export const Sending: Story = frame({ step: 'sending' })
/** A new device: waiting for the approval link in the mail. */
export const DeviceApproval: Story = frame({ step: 'device' })
/** Code sent; resend is possible. */
export const CodeSent: Story = frame({ step: 'otp' })
/** Code sent a moment ago: SPEC §5 throttle text instead of resend. */
export const Throttled: Story = frame({ step: 'otp', throttleSeconds: 24 })
/** A wrong code. */
export const WrongCode: Story = frame({ step: 'otp', error: 'Invalid code', throttleSeconds: 12 })
/** Sending failed (e.g. SPEC §8 alert). */
export const WithError: Story = { ...frame({ step: 'error', error: 'Embedded Wallet Request Timed Out' }), name: 'Error' }
