import { truncateAddress } from 'portico'
import { Button, Stack, Text } from 'portico/components'
import type { AccountType } from '../protocol.ts'

const TYPE_NAMES: Record<AccountType, string> = { eoa: 'EOA', smartAccount: 'Smart account' }

export interface SwitchAccountTypeCardProps {
  current: AccountType
  address?: string
  switching: boolean
  /** The secure site's text when the switch failed (e.g. "This application might not support Smart Accounts."). */
  error?: string
  onSwitch(target: AccountType): void
}

/** The current account type and address, and one button to switch to the other type (loading while it switches). */
export function SwitchAccountTypeCard({ current, address, switching, error, onSwitch }: SwitchAccountTypeCardProps) {
  const target: AccountType = current === 'eoa' ? 'smartAccount' : 'eoa'
  return (
    <Stack gap={4} align="center" className="portico-view">
      <Text>{`Account type: ${TYPE_NAMES[current]}`}</Text>
      {address && (
        <Text tone="muted" className="portico-address" title={address}>
          {truncateAddress(address)}
        </Text>
      )}
      <Button fullWidth loading={switching} onClick={() => onSwitch(target)}>
        {target === 'smartAccount' ? 'Switch to smart account' : 'Switch to EOA'}
      </Button>
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
    </Stack>
  )
}
