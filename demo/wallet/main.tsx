import { useState, useSyncExternalStore, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import { stackConfig } from '../host/config.ts'
import { DemoWallet, WALLET_NAME, type RequestView } from './wallet.ts'

// ?oneClick=off: a wallet without one-click sign-in (wc_sessionAuthenticate), to try the two-step fallback.
const wallet = new DemoWallet(stackConfig(), { oneClick: new URLSearchParams(location.search).get('oneClick') !== 'off' })

function App() {
  const state = useSyncExternalStore(wallet.subscribe, wallet.getSnapshot)
  const [uri, setUri] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!uri.trim()) return
    void wallet.pair(uri).then(() => setUri(''))
  }
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, maxWidth: 720 }}>
      <h1>{WALLET_NAME}</h1>
      <p>
        Account <code>{wallet.account.address}</code> on {wallet.chains.join(', ')}. {state.ready ? 'Ready.' : 'Starting…'}
      </p>
      {state.accounts.length > 0 && (
        <ul aria-label="Accounts in other namespaces">
          {state.accounts.map((a) => (
            <li key={a.chain}>
              {a.namespace} <code>{a.address}</code> on {a.chain}
            </li>
          ))}
        </ul>
      )}
      {state.error && <p role="alert">{state.error}</p>}

      <form onSubmit={submit}>
        <label>
          WalletConnect URI{' '}
          <input value={uri} onChange={(e) => setUri(e.target.value)} placeholder="wc:…" size={60} />
        </label>{' '}
        <button type="submit" disabled={!state.ready}>
          Connect
        </button>
      </form>

      <section aria-labelledby="proposals">
        <h2 id="proposals">Session proposals</h2>
        {state.proposals.length === 0 && <p>None.</p>}
        {state.proposals.map((p) => (
          <article key={p.id} aria-label={`Proposal from ${p.dapp}`}>
            <p>
              <strong>{p.dapp}</strong> ({p.url}) asks to connect on {p.chains.join(', ')}
            </p>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(p.params, null, 2)}</pre>
            <button type="button" onClick={() => void wallet.approveProposal(p.id)}>
              Approve
            </button>{' '}
            <button type="button" onClick={() => void wallet.rejectProposal(p.id)}>
              Reject
            </button>
          </article>
        ))}
      </section>

      <section aria-labelledby="auth-requests">
        <h2 id="auth-requests">Sign-in requests</h2>
        {state.authRequests.length === 0 && <p>None.</p>}
        {state.authRequests.map((r) => (
          <article key={r.id} aria-label={`Sign-in request from ${r.dapp}`}>
            <p>
              <strong>{r.dapp}</strong> ({r.url}) asks to connect and sign in on {r.chains.join(', ')}
            </p>
            <pre style={{ whiteSpace: 'pre-wrap' }}>{r.message}</pre>
            <button type="button" onClick={() => void wallet.approveAuthRequest(r.id)}>
              Approve
            </button>{' '}
            <button type="button" onClick={() => void wallet.rejectAuthRequest(r.id)}>
              Reject
            </button>
          </article>
        ))}
      </section>

      <section aria-labelledby="requests">
        <h2 id="requests">Requests</h2>
        {state.requests.length === 0 && <p>None.</p>}
        {state.requests.map((r) => (
          <Request key={r.id} request={r} />
        ))}
      </section>

      <section aria-labelledby="sessions">
        <h2 id="sessions">Sessions</h2>
        {state.sessions.length === 0 && <p>No sessions.</p>}
        <ul>
          {state.sessions.map((s) => (
            <li key={s.topic}>
              {s.dapp} ({s.accounts.join(', ')}){' '}
              <button type="button" onClick={() => void wallet.disconnect(s.topic)}>
                Disconnect
              </button>
            </li>
          ))}
        </ul>
      </section>

      {state.log.length > 0 && (
        <section aria-labelledby="log">
          <h2 id="log">Log</h2>
          <ul aria-live="polite">
            {state.log.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      )}
    </main>
  )
}

function Request({ request }: { request: RequestView }) {
  return (
    <article aria-label={`${request.method} request from ${request.dapp}`}>
      <p>
        <strong>{request.method}</strong> from {request.dapp} on {request.chainId}
      </p>
      <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(request.params, null, 2)}</pre>
      <button type="button" onClick={() => void wallet.approveRequest(request)}>
        Approve
      </button>{' '}
      <button type="button" onClick={() => void wallet.rejectRequest(request)}>
        Reject
      </button>
    </article>
  )
}

createRoot(document.getElementById('root')!).render(<App />)

// The web link of the modal opens this page with ?uri=wc:…: pair at once, then drop it from the address bar so a
// reload does not pair the used URI again.
const linked = new URLSearchParams(location.search).get('uri')
wallet
  .init()
  .then(async () => {
    if (!linked) return
    history.replaceState(null, '', location.pathname)
    await wallet.pair(linked)
  })
  .catch((error: unknown) => {
    console.error('demo wallet failed to start', error)
    wallet.fail(`The wallet could not start: ${error instanceof Error ? error.message : String(error)}`)
  })
