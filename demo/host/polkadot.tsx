import { useState, type FormEvent } from 'react'
import type { Modal } from 'portico'
import type { PolkadotChainInput } from 'portico/plugins/polkadot'
import type { StackConfig } from './config.ts'

/** The stack's local chopsticks chain as the polkadot plugin's chain (stack/polkadot/README.md: ROC, 12 decimals, SS58 2). */
export function localPolkadotChain(polkadot: NonNullable<StackConfig['polkadot']>): PolkadotChainInput {
  return { wsUrl: polkadot.wsUrl, caipNetworkId: polkadot.caipNetworkId, name: 'Portico Polkadot', symbol: 'ROC', decimals: 12, ss58Prefix: 2, testnet: true }
}

/** Sign a raw message and send ROC from the connected polkadot account (the polkadot e2e test uses it). */
export function PolkadotActions({ modal }: { modal: Modal }) {
  const [signature, setSignature] = useState<string>()
  const [hash, setHash] = useState<string>()
  const [error, setError] = useState<string>()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e))

  const sign = () => {
    setError(undefined)
    setSignature(undefined)
    modal.request('polkadot:signMessage', { message: 'Hello from Portico' }).then((r) => setSignature(r.signature), fail)
  }
  const send = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    setHash(undefined)
    modal.request('polkadot:transfer', { to: to.trim(), amount: amount.trim() }).then((r) => setHash(r.hash), fail)
  }

  return (
    <section aria-label="Polkadot">
      <button type="button" onClick={sign}>
        Sign Polkadot message
      </button>
      {signature && <output aria-label="Polkadot signature">{signature}</output>}
      <form onSubmit={send}>
        <label>
          Polkadot recipient <input value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          Amount (ROC) <input value={amount} inputMode="decimal" onChange={(e) => setAmount(e.target.value)} />
        </label>
        <button type="submit">Send ROC</button>
      </form>
      {hash && <output aria-label="Polkadot transaction">{hash}</output>}
      {error && <p role="alert">{error}</p>}
    </section>
  )
}
