import { useState, type FormEvent } from 'react'
import type { Modal } from 'portico'
import type { CosmosChainInput } from 'portico/plugins/cosmos'
import type { StackConfig } from './config.ts'

/** The stack's local cosmos ledger as the cosmos plugin's network (stack/cosmos/README.md: ustake, min gas 0.0025). */
export function localCosmosNetwork(cosmos: NonNullable<StackConfig['cosmos']>): CosmosChainInput {
  return { chainId: cosmos.chainId, name: 'Portico Cosmos', rpcUrl: cosmos.rpcUrl, denom: 'ustake', symbol: 'STAKE', decimals: 6, gasPrice: '0.0025ustake', testnet: true }
}

/** Sign an ADR-036 message and send STAKE from the connected cosmos account (the cosmos e2e test uses it). */
export function CosmosActions({ modal }: { modal: Modal }) {
  const [signature, setSignature] = useState<string>()
  const [hash, setHash] = useState<string>()
  const [error, setError] = useState<string>()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e))

  const sign = () => {
    setError(undefined)
    setSignature(undefined)
    modal.request('cosmos:signArbitrary', { message: 'Hello from Portico' }).then(setSignature, fail)
  }
  const send = (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    setHash(undefined)
    modal.request('cosmos:sendTokens', { to: to.trim(), amount: amount.trim() }).then(setHash, fail)
  }

  return (
    <section aria-label="Cosmos">
      <button type="button" onClick={sign}>
        Sign Cosmos message
      </button>
      {signature && <output aria-label="Cosmos signature">{signature}</output>}
      <form onSubmit={send}>
        <label>
          Recipient <input value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          Amount (ustake) <input value={amount} inputMode="numeric" onChange={(e) => setAmount(e.target.value)} />
        </label>
        <button type="submit">Send STAKE</button>
      </form>
      {hash && <output aria-label="Cosmos transaction">{hash}</output>}
      {error && <p role="alert">{error}</p>}
    </section>
  )
}
