import { StrictMode, Suspense, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal, isChainNamespace } from 'portico'
import { accountData } from 'portico/plugins/account-data'
import { send } from 'portico/plugins/send'
import { swap } from 'portico/plugins/swap'
import { eip155 } from 'portico/plugins/eip155'
import { walletConnect } from 'portico/plugins/walletconnect'
import { solana } from 'portico/plugins/solana'
import { siwx, SiwxTokens } from 'portico/plugins/siwx'
import { names } from 'portico/plugins/names'
import { onramp } from 'portico/plugins/onramp'
import { embeddedWallet } from 'portico/plugins/embedded-wallet'
import { useService, useStore } from 'portico/react'
import { Modal, PorticoProvider, useAccount, useModal, useNetwork } from 'portico/react'
import { installDevWallet } from 'portico/testing'
import { cosmos } from 'portico/plugins/cosmos'
import { installCosmosDevWallet } from 'portico/testing'
import { CosmosActions, localCosmosNetwork } from './cosmos.tsx'
import { bip122 } from 'portico/plugins/bip122'
import { installBitcoinDevWallet } from 'portico/testing'
import { BitcoinActions, localBitcoinNetwork } from './bitcoin.tsx'
import { polkadot } from 'portico/plugins/polkadot'
import { installPolkadotDevWallet } from 'portico/testing'
import { PolkadotActions, localPolkadotChain } from './polkadot.tsx'
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

// ?wallet=none installs no dev wallet; ?wallet=<namespace> (eip155, cosmos, ...) only that namespace's dev wallet.
const wantsDevWallet = (namespace: string) => [null, namespace].includes(query.get('wallet'))
// ?chains=eip155 installs only those chain plugins (default: every chain the stack runs); with eip155 alone, SIWX
// over WalletConnect signs in with one approval (one-click auth, docs/ONE-CLICK-AUTH.md).
const wantsChain = (namespace: string) => !query.get('chains') || query.get('chains')!.split(',').includes(namespace)

// The demo stands in for a browser extension: the dev wallet announces itself through EIP-6963.
if (wantsDevWallet('eip155')) {
  installDevWallet(window, {
    chains: stack.chains,
    autoApprove: query.get('autoApprove') === '1',
    failures: {
      reject: query.get('reject')?.split(','),
      wrongChain: query.get('wrongChain') ? Number(query.get('wrongChain')) : undefined,
    },
    // With the stack's Solana cluster the same wallet also registers through Wallet Standard (one multi-namespace
    // wallet, as Phantom or Backpack).
    solana: stack.solana && wantsDevWallet('solana')
      ? { rpcUrls: { 'solana:localnet': stack.solana.rpcUrl }, failures: { reject: query.get('reject')?.split(',') } }
      : undefined,
  })
}

// ?wallets=2 announces a second EIP-6963 wallet (its own rdns and account, remembered under its own key): two wallets
// in one namespace, connected side by side from ProfileWallets' "Add wallet".
if (wantsDevWallet('eip155') && query.get('wallets') === '2') {
  const key = (k: string) => `second:${k}`
  installDevWallet(window, {
    chains: stack.chains,
    accountIndex: 1,
    autoApprove: query.get('autoApprove') === '1',
    info: { name: 'Portico Dev Wallet 2', rdns: 'dev.portico.wallet2' },
    storage: {
      getItem: (k) => localStorage.getItem(key(k)),
      setItem: (k, v) => localStorage.setItem(key(k), v),
      removeItem: (k) => localStorage.removeItem(key(k)),
    },
  })
}

// The cosmos dev wallet stands in for Keplr (window.keplr) on the stack's local cosmos ledger.
if (stack.cosmos && wantsDevWallet('cosmos')) {
  installCosmosDevWallet(window, {
    chains: [{ chainId: stack.cosmos.chainId, name: 'Portico Cosmos', rpcUrl: stack.cosmos.rpcUrl }],
    autoApprove: query.get('autoApprove') === '1',
    failures: { reject: query.get('reject')?.split(',') },
  })
}

// The bitcoin dev wallet registers through the Wallet Standard (bitcoin:connect...) on the stack's regtest.
if (stack.bitcoin && wantsDevWallet('bip122')) {
  installBitcoinDevWallet(window, {
    network: 'regtest',
    esploraUrl: stack.bitcoin.url,
    autoApprove: query.get('autoApprove') === '1',
    failures: { reject: query.get('reject')?.split(',') },
  })
}

// The polkadot dev wallet injects itself as a Polkadot{.js}-style extension (window.injectedWeb3) with //Alice.
if (stack.polkadot && wantsDevWallet('polkadot')) {
  installPolkadotDevWallet(window, {
    autoApprove: query.get('autoApprove') === '1',
    failures: { reject: query.get('reject')?.split(',') },
  })
}

const modal = createModal({
  projectId: stack.projectId,
  metadata: { name: 'Portico demo', url: location.origin },
  plugins: [
    eip155({ networks: chains, builtinNetworks: false }),
    // Balances, history, identity, registry wallets and analytics from the stack's API server.
    accountData(),
    // SPEC §4 Send: the Account view's "Send" (native and ERC-20 on the local chains).
    send(),
    swap(),
    // Buy (SPEC §1 on-ramp): the stack's /v1/onramp API and its local provider page, paid from a dev faucet.
    onramp(),
    // Account names (SPEC §4 name registration) in the local stack's own zone, served by its API server.
    names({ zone: 'portico.test' }),
    // Email and social login (SPEC §4) through the stack's secure site, its mail sink and OpenID providers.
    ...(stack.secureSiteUrl
      ? [
          embeddedWallet({
            secureSiteUrl: stack.secureSiteUrl,
            socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'],
            telegram: query.get('telegram') === '1',
            // Passkeys (issue 28) where the secure site has a domain name (its RP id; browsers refuse IP addresses).
            passkeys: !/^(\d+\.){3}\d+$|^\[/.test(new URL(stack.secureSiteUrl).hostname),
          }),
        ]
      : []),
    // ?siwx=required (or ?siwx=optional): sign-in with the stack's /auth/v1 backend (SPEC §4 SIWX).
    ...(query.get('siwx') ? [siwx({ required: query.get('siwx') === 'required', statement: 'Sign in to the Portico demo' })] : []),
    ...(stack.cosmos && wantsChain('cosmos') ? [cosmos({ networks: [localCosmosNetwork(stack.cosmos)] })] : []),
    // The stack's regtest first, then Bitcoin mainnet and testnet (SPEC §1).
    ...(stack.bitcoin && wantsChain('bip122') ? [bip122({ networks: [localBitcoinNetwork(stack.bitcoin)] })] : []),
    // The stack's local chopsticks chain (Rococo Asset Hub runtime).
    ...(stack.polkadot && wantsChain('polkadot') ? [polkadot({ chain: localPolkadotChain(stack.polkadot), appName: 'Portico demo' })] : []),
    // The stack's local Solana cluster first, then Solana mainnet and devnet (SPEC §1).
    ...(stack.solana && wantsChain('solana') ? [solana({ cluster: { ...stack.solana, name: 'Solana Local' }, tokens: stack.solana.tokens })] : []),
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
  // The demo shows off Account (send, swap, names...), so it stays open after connecting; ?closeOnConnect=1 shows a
  // host's default, which closes it.
  closeOnConnect: query.get('closeOnConnect') === '1',
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
      {account.isConnected && <SignMessage namespace={caipNetwork?.chainNamespace} />}
      {account.isConnected && caipNetwork?.chainNamespace === 'eip155' && <SendTransaction to={account.address as `0x${string}`} />}
      {query.get('siwx') && (
        // SiwxStatus reads siwx's controller in its first render; useService waits (Suspense) until siwx's code has loaded.
        <Suspense fallback={null}>
          <SiwxStatus />
        </Suspense>
      )}
      {account.isConnected && caipNetwork?.chainNamespace === 'cosmos' && <CosmosActions modal={modal} />}
      {account.isConnected && caipNetwork?.chainNamespace === 'bip122' && <BitcoinActions modal={modal} />}
      {account.isConnected && caipNetwork?.chainNamespace === 'polkadot' && <PolkadotActions modal={modal} />}
      <Modal />
    </main>
  )
}

/** Asks the connected wallet for a personal_sign signature and shows it (the WalletConnect e2e test uses it). */
function SignMessage({ namespace }: { namespace?: string }) {
  const [result, setResult] = useState<{ signature?: string; error?: string }>({})
  const sign = () => {
    setResult({})
    const message = 'Hello from Portico'
    // On Solana the signature is ed25519 in base58 (solana:signMessage).
    const signed =
      namespace === 'solana'
        ? modal.request('solana:signMessage', { message }).then((r) => r.signature)
        : namespace === 'bip122'
          ? modal.request('bip122:signMessage', { message }).then((r) => r.signature)
          : namespace === 'polkadot'
            ? modal.request('polkadot:signMessage', { message }).then((r) => r.signature)
            : modal.request('eip155:personal_sign', { message })
    signed.then(
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

/** Sends 0.01 ETH to a given address through the connected wallet and shows the hash (the embedded wallet e2e uses it). */
function SendTransaction({ to }: { to: `0x${string}` }) {
  const [result, setResult] = useState<{ hash?: string; error?: string }>({})
  const sendTx = () => {
    setResult({})
    modal.request('eip155:eth_sendTransaction', { to, value: '0x2386f26fc10000' }).then(
      (hash) => setResult({ hash }),
      (error: unknown) => setResult({ error: error instanceof Error ? error.message : String(error) }),
    )
  }
  return (
    <section>
      <button type="button" onClick={sendTx}>
        Send transaction
      </button>
      {result.hash && <output aria-label="Transaction hash">{result.hash}</output>}
      {result.error && <p role="alert">{result.error}</p>}
    </section>
  )
}

/** With ?siwx: who is signed in, and a Sign out that revokes the session (the dialog asks again). */
function SiwxStatus() {
  const controller = useService(SiwxTokens.Controller)
  const { session } = useStore(controller.store)
  if (!session) return <p>Not signed in</p>
  return (
    <section>
      <p>{`Signed in as ${session.caipAddress}`}</p>
      <button type="button" onClick={() => void controller.signOut()}>
        Sign out
      </button>
    </section>
  )
}

// StrictMode as Vite's React template renders it: in development, effects run mount-unmount-mount (issue 16 item 13).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider modal={modal}>
      <App />
    </PorticoProvider>
  </StrictMode>,
)
