// A server component: ConnectButton comes straight from portico/react, whose entry is marked 'use client'.
import { ConnectButton } from 'portico/react'
import { AccountLine } from './account'

export default function Page() {
  return (
    <main>
      <h1>Portico on Next.js</h1>
      <ConnectButton />
      <AccountLine />
    </main>
  )
}
