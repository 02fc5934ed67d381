import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { SmartSessionsCard, type SmartSessionsCardProps } from './SmartSessionsCard.tsx'

// Offline by construction: the SmartSessions view with fixed props (light and dark side by side).

const meta = { title: 'Views/SmartSessions', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const items: SmartSessionsCardProps['items'] = [
  { pci: '0x5f1d9c2a7b3e4f60', expiry: 1_900_000_000, permissions: ['native-token-recurring-allowance'] },
  { pci: '0x9a0b1c2d3e4f5a6b', expiry: 1_950_000_000, permissions: ['contract-call', 'erc20-token-transfer'] },
]
const frame = (props: Partial<SmartSessionsCardProps>) => ({
  render: () => <ThemeFrame>{() => <SmartSessionsCard status="ready" items={items} onRevoke={() => undefined} onRetry={() => undefined} {...props} />}</ThemeFrame>,
})

export const Loading: Story = frame({ status: 'loading', items: [] })
export const Sessions: Story = frame({})
/** One revoke waiting for the secure site's approval panel. */
export const Revoking: Story = frame({ revoking: items[0]!.pci })
export const Empty: Story = frame({ items: [] })
export const Failed: Story = frame({ status: 'error', items: [], error: 'An error occurred' })
