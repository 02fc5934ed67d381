'use client'
import { useAccount, useConnection } from 'portico/react'
import { useRememberedAccount } from './providers'

/**
 * The connected address. While the stored connection is being restored (the server render, hydration, the first
 * moments in the browser) it shows the address the cookie remembered; once the wallet answers, the live one.
 */
export function AccountLine() {
  const { address, isConnected } = useAccount()
  const { status } = useConnection()
  const remembered = useRememberedAccount()
  if (isConnected && address) return <p data-testid="account">{`Connected: ${address}`}</p>
  if (status === 'reconnecting' && remembered) {
    return (
      <p data-testid="account" aria-busy="true">
        {`Connected: ${remembered.address}`}
      </p>
    )
  }
  return <p data-testid="account">Not connected</p>
}
