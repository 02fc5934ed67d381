import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { SwitchAccountTypeCard, type SwitchAccountTypeCardProps } from './SwitchAccountTypeCard.tsx'

// Offline by construction: the SwitchAccountType view with fixed props (light and dark side by side).

const meta = { title: 'Views/SwitchAccountType', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const frame = (props: Partial<SwitchAccountTypeCardProps>) => ({
  render: () => (
    <ThemeFrame>
      {() => <SwitchAccountTypeCard current="eoa" address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" switching={false} onSwitch={() => undefined} {...props} />}
    </ThemeFrame>
  ),
})

/** The EOA is active: switch to its smart account. */
export const Eoa: Story = frame({})
/** The smart account is active: switch back to the EOA. */
export const SmartAccount: Story = frame({ current: 'smartAccount', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })
/** SPEC §4: loading while the secure site switches. */
export const Switching: Story = frame({ switching: true })
/** The secure site refused (SPEC §8 smart-account text). */
export const Refused: Story = frame({ error: 'This application might not support Smart Accounts.' })
