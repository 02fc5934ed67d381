import { truncateAddress } from 'portico/plugin'
import { Button, Stack, Text } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { AccountType } from '../protocol.ts'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

export interface SwitchAccountTypeCardProps {
  current: AccountType
  address?: string
  switching: boolean
  /** The secure site's text when the switch failed (e.g. "This application might not support Smart Accounts."). */
  error?: string
  onSwitch(target: AccountType): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** The current account type and address, and one button to switch to the other type (loading while it switches). */
export function SwitchAccountTypeCard({ current, address, switching, error, onSwitch, t = messages.en }: SwitchAccountTypeCardProps) {
  const target: AccountType = current === 'eoa' ? 'smartAccount' : 'eoa'
  return (
    <Stack gap={4} align="center" className="portico-view">
      <Text>{formatMessage(t.accountType, { type: current === 'eoa' ? t.eoa : t.smartAccount })}</Text>
      {address && (
        <Text tone="muted" className="portico-address" title={address}>
          {truncateAddress(address)}
        </Text>
      )}
      <Button fullWidth loading={switching} onClick={() => onSwitch(target)}>
        {target === 'smartAccount' ? t.switchToSmart : t.switchToEoa}
      </Button>
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
    </Stack>
  )
}
