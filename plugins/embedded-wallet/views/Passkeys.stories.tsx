import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { PasskeyButton } from './PasskeyButton.tsx'
import { PasskeysCard, type PasskeysCardProps } from './PasskeysCard.tsx'

// Offline by construction: the Passkeys view and Connect's passkey button with fixed props (light and dark side by side).

const meta = { title: 'Views/Passkeys', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const noop = () => undefined
const items: PasskeysCardProps['items'] = [
  { id: 'cred-laptop', label: 'Laptop', createdAt: '2026-10-02T09:30:00.000Z', lastUsedAt: '2026-11-26T18:05:00.000Z', deviceType: 'multiDevice', backedUp: true },
  { id: 'cred-key', label: 'Security key', createdAt: '2026-11-20T12:00:00.000Z', deviceType: 'singleDevice', backedUp: false },
]
const card = (props: Partial<PasskeysCardProps>) => ({
  render: () => <ThemeFrame>{() => <PasskeysCard status="ready" items={items} onAdd={noop} onRemove={noop} onRetry={noop} {...props} />}</ThemeFrame>,
})

export const Loading: Story = card({ status: 'loading', items: [] })
export const List: Story = card({})
export const Empty: Story = card({ items: [] })
/** The secure site's "Create a passkey" panel is up. */
export const Adding: Story = card({ adding: true })
export const Removing: Story = card({ removing: 'cred-key' })
/** The secure site refuses the account's last login method. */
export const LastLoginMethod: Story = card({ items: items.slice(0, 1), error: 'This passkey is your only way to log in: add another login method before removing it' })
export const Failed: Story = card({ status: 'error', items: [], error: 'An error occurred' })

/** Connect: "Continue with a passkey", waiting, and a cancelled prompt. */
export const ConnectButton: Story = {
  render: () => (
    <ThemeFrame>
      {() => (
        <div className="portico-stack">
          <PasskeyButton onClick={noop} />
          <PasskeyButton busy onClick={noop} />
          <PasskeyButton error="The passkey request was cancelled" onClick={noop} />
        </div>
      )}
    </ThemeFrame>
  ),
}
