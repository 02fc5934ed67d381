import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { UpdateEmailCard, type UpdateEmailCardProps } from './UpdateEmailCard.tsx'

// Offline by construction: the UpdateEmailWallet steps with fixed props.

const meta = { title: 'Views/UpdateEmailWallet', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const noop = () => undefined
const frame = (props: Partial<UpdateEmailCardProps>) => ({
  render: () => (
    <ThemeFrame>
      {() => <UpdateEmailCard step="form" currentEmail="ada@example.com" newEmail="ada.new@example.com" onEmail={noop} onCode={noop} onDone={noop} {...props} />}
    </ThemeFrame>
  ),
})

/** The new address. */
export const Idle: Story = frame({ step: 'form', newEmail: undefined })
/** Code sent to the current (primary) address. */
export const PrimaryCode: Story = frame({ step: 'primary' })
/** Code sent to the new (secondary) address. */
export const SecondaryCode: Story = frame({ step: 'secondary' })
/** A wrong code. */
export const WithError: Story = { ...frame({ step: 'secondary', error: 'Invalid code' }), name: 'Error' }
/** Waiting until the secure site reports the new email (polled every 1 s). */
export const Waiting: Story = frame({ step: 'waiting' })
/** Done. */
export const Done: Story = frame({ step: 'done' })
