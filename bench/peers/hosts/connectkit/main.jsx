// ConnectKit 1.9 as a host app uses it (getDefaultConfig: injected wallets via EIP-6963, its default wallet list and
// WalletConnect), the counterpart of bench/hosts/walletconnect with one local EVM chain and the light mode.
// ConnectKit declares React 17/18 as peers; the bench runs it on the same React 19 as the other hosts.
import { createRoot } from 'react-dom/client'
import { ConnectKitProvider, getDefaultConfig, useModal } from 'connectkit'
import { WagmiProvider, createConfig, http, useAccount } from 'wagmi'
import { defineChain } from 'viem'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const local = defineChain({
  id: 31337,
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const config = createConfig(
  getDefaultConfig({ appName: 'Bench host', walletConnectProjectId: 'bench', chains: [local], transports: { [local.id]: http() } }),
)
const queryClient = new QueryClient()

function App() {
  const { isConnected } = useAccount()
  const { setOpen } = useModal()
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>{isConnected ? 'Account' : 'Connect Wallet'}</button>
    </main>
  )
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider mode="light">
        <App />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
