import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { AccountList } from './AccountsView.tsx'
import type { BitcoinAccount } from './wallets.ts'

// Offline by construction: the presentational list of the Bip122Accounts view, fed with the stack's dev accounts.

const meta = { title: 'Views/Bip122Accounts', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const accounts: BitcoinAccount[] = [
  { address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw', purpose: 'payment', addressType: 'p2wpkh' },
  { address: 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv', purpose: 'ordinals', addressType: 'p2tr' },
]

/** The switching rule live: choosing the ordinals account shows the SPEC §8 text. */
function Interactive() {
  const [error, setError] = useState<string>()
  return (
    <ThemeFrame view="Bitcoin accounts">
      {() => (
        <AccountList
          accounts={accounts}
          active={accounts[0]!.address}
          error={error}
          onSelect={(address) => setError(address === accounts[1]!.address ? 'Switching to non-payment accounts is not allowed' : undefined)}
        />
      )}
    </ThemeFrame>
  )
}

export const PaymentAndOrdinals: Story = { render: () => <Interactive /> }
export const NonPaymentRefused: Story = {
  render: () => (
    <ThemeFrame view="Bitcoin accounts">
      {() => <AccountList accounts={accounts} active={accounts[0]!.address} error="Switching to non-payment accounts is not allowed" onSelect={() => undefined} />}
    </ThemeFrame>
  ),
}
