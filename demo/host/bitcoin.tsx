import { useState } from 'react'
import type { Modal } from 'portico'
import { bitcoinRegtest } from 'portico/plugins/bip122'

/** The stack's regtest (stack/bitcoin) as a bip122 network. */
export const localBitcoinNetwork = (config: { url: string }) => bitcoinRegtest(config.url, 'Bitcoin Regtest')

/**
 * Sends a transfer through `bip122:sendTransfer` (a PSBT the dev wallet signs, broadcast over Esplora) and shows
 * the txid; the bip122 e2e test drives it. Sending from the modal's Send view stays eip155/solana only (SPEC §5).
 */
export function BitcoinActions({ modal }: { modal: Modal }) {
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('10000')
  const [result, setResult] = useState<{ txid?: string; error?: string }>({})
  const send = () => {
    setResult({})
    modal.request('bip122:sendTransfer', { recipients: [{ address: to.trim(), amount: Number(amount) }] }).then(
      ({ txid }) => setResult({ txid }),
      (error: unknown) => setResult({ error: error instanceof Error ? error.message : String(error) }),
    )
  }
  return (
    <section aria-label="Bitcoin transfer">
      <label>
        Recipient <input value={to} onChange={(e) => setTo(e.target.value)} />
      </label>{' '}
      <label>
        Amount (sats) <input value={amount} inputMode="numeric" onChange={(e) => setAmount(e.target.value)} />
      </label>{' '}
      <button type="button" onClick={send}>
        Send bitcoin
      </button>
      {result.txid && <output aria-label="Transaction id">{result.txid}</output>}
      {result.error && <p role="alert">{result.error}</p>}
    </section>
  )
}
