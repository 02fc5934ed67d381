// docs/HEADLESS.md: a complete connect screen of the host's own, on Portico's headless hooks. Type-checked by the
// repository's tsconfig and run by ui/react/headless.test.tsx.
import { useAccount, useConnect, useModal, useWallets, WalletButton } from 'portico/react'

export function CustomConnect() {
  const wallets = useWallets()
  const { connect, status, walletId, error } = useConnect()
  const { address, isConnected } = useAccount()
  const { open } = useModal()

  if (isConnected) {
    return (
      <section aria-label="Your wallet">
        <p>Connected {address}</p>
        <button onClick={() => open({ view: 'Account' })}>Account</button>
      </section>
    )
  }
  const pending = wallets.find((w) => w.id === walletId)
  return (
    <section aria-label="Connect a wallet">
      <h2>Connect a wallet</h2>
      {/* A wallet named up front, as a "Connect MetaMask" button would be. */}
      <WalletButton wallet="io.metamask" />
      <ul>
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <button disabled={status === 'connecting'} onClick={() => connect(wallet.id).catch(() => undefined)}>
              {wallet.imageUrl && <img src={wallet.imageUrl} alt="" width={24} height={24} />}
              {wallet.name}
              {wallet.installed ? ' (installed)' : ''}
            </button>
          </li>
        ))}
      </ul>
      {status === 'connecting' && <p role="status">Waiting for {pending?.name ?? 'the wallet'}…</p>}
      {status === 'error' && <p role="alert">{error}</p>}
    </section>
  )
}
