import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal, isChainNamespace } from 'portico'
import { accountData } from 'portico/plugins/account-data'
import { eip155 } from 'portico/plugins/eip155'
import { walletConnect } from 'portico/plugins/walletconnect'
import { Modal, PorticoProvider, useAccount, useModal, useNetwork } from 'portico/react'
import { installDevWallet } from 'portico/testing'
import { stackConfig } from './config.ts'

const stack = stackConfig()
const query = new URLSearchParams(location.search)
const chains = stack.chains.map((c) => ({
  id: c.chainId,
  name: c.name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [c.rpcUrl] } },
  testnet: true,
}))

// The demo stands in for a browser extension: the dev wallet announces itself through EIP-6963.
if (query.get('wallet') !== 'none') {
  installDevWallet(window, {
    chains: stack.chains,
    autoApprove: query.get('autoApprove') === '1',
    failures: {
      reject: query.get('reject')?.split(','),
      wrongChain: query.get('wrongChain') ? Number(query.get('wrongChain')) : undefined,
    },
  })
}

const modal = createModal({
  projectId: stack.projectId,
  metadata: { name: 'Portico demo', url: location.origin },
  plugins: [
    eip155({ networks: chains, builtinNetworks: false }),
    // Balances, history, identity, registry wallets and analytics from the stack's API server.
    accountData(),
    // WalletConnect over the stack relay, its Verify API on the relay too; the demo wallet is listed as a custom wallet.
    ...(stack.relayUrl
      ? [
          walletConnect({
            projectId: stack.projectId,
            relayUrl: stack.relayUrl,
            verify: 'local' as const,
            customWallets: stack.walletUrl
              ? [{ id: stack.demoWalletId ?? 'portico-demo-wallet', name: 'Portico Demo Wallet', webapp_link: stack.walletUrl }]
              : [],
          }),
        ]
      : []),
  ],
  defaultNetwork: `eip155:${chains[0]?.id ?? 1}`,
  themeMode: query.get('theme') === 'dark' ? 'dark' : 'light',
  // ?namespaces=eip155,solana widens the wallet lists' namespace filter (SPEC §5), e.g. to page the whole registry.
  namespaces: query.get('namespaces')?.split(',').filter(isChainNamespace),
  endpoints: stack.apiUrl ? { registry: stack.apiUrl, blockchainApi: stack.apiUrl, analytics: stack.apiUrl } : undefined,
})

function App() {
  const { open } = useModal()
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Portico demo host</h1>
      <p>A host app composing the kernel, the React bindings and the eip155 plugin.</p>
      <button type="button" onClick={() => open()}>
        {account.isConnected ? 'Open Account' : 'Connect Wallet'}
      </button>
      <p aria-live="polite">
        {account.isConnected ? `Connected ${account.address} on ${caipNetwork?.name ?? 'an unknown network'}` : 'Not connected'}
      </p>
      {account.isConnected && <SignMessage />}
      <Modal />
    </main>
  )
}

/** Asks the connected wallet for a personal_sign signature and shows it (the WalletConnect e2e test uses it). */
function SignMessage() {
  const [result, setResult] = useState<{ signature?: string; error?: string }>({})
  const sign = () => {
    setResult({})
    modal.request('eip155:personal_sign', { message: 'Hello from Portico' }).then(
      (signature) => setResult({ signature }),
      (error: unknown) => setResult({ error: error instanceof Error ? error.message : String(error) }),
    )
  }
  return (
    <section>
      <button type="button" onClick={sign}>
        Sign message
      </button>
      {result.signature && <output aria-label="Signature">{result.signature}</output>}
      {result.error && <p role="alert">{result.error}</p>}
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider modal={modal}>
    <App />
  </PorticoProvider>,
)
