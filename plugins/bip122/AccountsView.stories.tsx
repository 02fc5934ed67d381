import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState, type ReactNode } from 'react'
import { createMemoryAdapter, createModal } from 'portico'
import { PorticoProvider } from 'portico/react'
import { ThemeFrame } from '../../storybook/ThemeFrame.tsx'
import { AccountList } from './AccountsView.tsx'
import type { BitcoinAccount } from './wallets.ts'

// Offline by construction: the presentational list of the Bip122Accounts view, fed with the stack's dev accounts
// (a bare modal around it for the locale of its labels).

function StoryModal({ children }: { children?: ReactNode }) {
  const [modal] = useState(() => createModal({ storage: createMemoryAdapter(), locale: 'en' }))
  useEffect(() => () => modal.destroy(), [modal])
  return <PorticoProvider modal={modal}>{children}</PorticoProvider>
}

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
    <StoryModal>
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
    </StoryModal>
  )
}

export const PaymentAndOrdinals: Story = { render: () => <Interactive /> }
export const NonPaymentRefused: Story = {
  render: () => (
    <StoryModal>
      <ThemeFrame view="Bitcoin accounts">
        {() => <AccountList accounts={accounts} active={accounts[0]!.address} error="Switching to non-payment accounts is not allowed" onSelect={() => undefined} />}
      </ThemeFrame>
    </StoryModal>
  ),
}
