import { useState } from 'react'
import { truncateAddress } from 'portico/plugin'
import { ListItem } from 'portico/components'
import { useAccount, useErrorText, useMessages, useModalInstance, useStrings } from 'portico/react'
import { Bip122Connector } from './connector.ts'
import type { BitcoinAccount } from './wallets.ts'
import { messages, type Bip122Messages } from './messages.ts'

const PURPOSE_LABEL: Record<BitcoinAccount['purpose'], keyof Bip122Messages> = { payment: 'purposePayment', ordinals: 'purposeOrdinals' }

export interface AccountListProps {
  accounts: readonly BitcoinAccount[]
  /** The active address. */
  active?: string
  /** The last switching error (SPEC §8 text), shown as an alert. */
  error?: string
  onSelect(address: string): void
}

/** The wallet's accounts, each with its purpose; the active one is tagged. Presentational (stories render it). */
export function AccountList({ accounts, active, error, onSelect }: AccountListProps) {
  const m = useMessages(messages)
  const errorText = useErrorText()
  return (
    <div className="portico-list">
      <div role="list" aria-label={m.bitcoinAccounts}>
        {accounts.map((account) => (
          <div role="listitem" key={account.address}>
            <ListItem
              label={`${m[PURPOSE_LABEL[account.purpose]]} ${truncateAddress(account.address)}`}
              description={account.addressType.toUpperCase()}
              tag={account.address === active ? m.active : undefined}
              tagTone="success"
              title={account.address}
              onClick={() => onSelect(account.address)}
            />
          </div>
        ))}
      </div>
      {error && (
        <p role="alert" className="portico-state-description">
          {errorText(error)}
        </p>
      )}
    </div>
  )
}

/** The Bip122Accounts view: picks the active account among the connected wallet's (SPEC §5 switching rule). */
export default function AccountsView() {
  const modal = useModalInstance()
  const strings = useStrings()
  const account = useAccount({ namespace: 'bip122' })
  const [error, setError] = useState<string>()
  const connector = modal.connection.active('bip122')?.connector
  if (!(connector instanceof Bip122Connector) || !account.address) {
    return <p className="portico-state-description">{strings.notConnected}</p>
  }
  const select = (address: string) => {
    try {
      connector.switchAccount(address)
      setError(undefined)
      modal.router.goBack()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return <AccountList accounts={connector.accounts} active={account.address} error={error} onSelect={select} />
}
