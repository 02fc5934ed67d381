/**
 * A wagmi app adopting Portico (issue 25 §1): built by tests/e2e/wagmi.e2e.ts from `npm pack` in a folder outside the
 * repository, once with wagmi 2 and once with wagmi 3. Everything chain-related goes through wagmi's hooks; Portico
 * gives the connector and the modal. src/config.json (the local chains) is written by the test.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, http, useAccount, useChainId, useConnect, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, WagmiProvider } from 'wagmi'
import { defineChain } from 'viem'
import { createModal } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { ConnectButton, Modal, PorticoProvider } from 'portico/react'
import { porticoConnector } from 'portico/wagmi'
import config from './config.json'

// One plain chain object serves both: viem's Chain shape is what eip155() takes.
const networks = config.chains.map((c) => ({ id: c.chainId, name: c.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } }))
const chains = networks.map((n) => defineChain(n))
const [first, ...rest] = chains
if (!first) throw new Error('config.json lists no chain')

const modal = createModal({ plugins: [eip155({ networks, builtinNetworks: false })] })
const wagmiConfig = createConfig({
  chains: [first, ...rest],
  connectors: [porticoConnector(modal)],
  // Only Portico's connector: the page's wallets are Portico's to list.
  multiInjectedProviderDiscovery: false,
  transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
})
const queryClient = new QueryClient()
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function errorName(error: Error | null): string {
  if (!error) return ''
  // viem and wagmi wrap errors; the user's rejection is UserRejectedRequestError somewhere in the chain.
  let e: unknown = error
  while (e instanceof Error) {
    if (e.name === 'UserRejectedRequestError') return e.name
    e = (e as { cause?: unknown }).cause
  }
  return error.name
}

function WagmiPanel() {
  const { address, status } = useAccount()
  const chainId = useChainId()
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { switchChain } = useSwitchChain()
  const sign = useSignMessage()
  const send = useSendTransaction()
  const [other] = rest
  const portico = connectors.find((c) => c.id === 'portico')
  return (
    <section aria-label="wagmi">
      <p role="status" aria-label="wagmi account">{status === 'connected' ? `wagmi connected ${address} on ${chainId}` : `wagmi ${status}`}</p>
      <button onClick={() => portico && connect({ connector: portico })}>Connect with wagmi</button>
      <button onClick={() => sign.signMessage({ message: 'Hello from wagmi' })}>Sign with wagmi</button>
      <button onClick={() => send.sendTransaction({ to: RECIPIENT, value: 12345n })}>Send with wagmi</button>
      {other && <button onClick={() => switchChain({ chainId: other.id })}>Switch with wagmi</button>}
      <button onClick={() => disconnect()}>Disconnect with wagmi</button>
      <output aria-label="signature">{sign.data ?? ''}</output>
      <output aria-label="transaction">{send.data ?? ''}</output>
      <output aria-label="error">{errorName(sign.error ?? send.error ?? connectError)}</output>
    </section>
  )
}

function App() {
  const [mounted] = useState(true)
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <PorticoProvider modal={modal}>
          <ConnectButton />
          {mounted && <WagmiPanel />}
          <Modal />
        </PorticoProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
