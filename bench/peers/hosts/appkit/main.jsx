// Reown AppKit (1.8, wagmi adapter) as a host app uses it, the counterpart of bench/hosts/walletconnect: one local EVM
// chain, injected wallets (EIP-6963) and WalletConnect, nothing else. The projectId is a placeholder: AppKit's hosted
// services are not reachable here, so what it shows offline is part of the comparison. Email, social login, swaps
// and on-ramp (hosted features Portico's host does not have either) and analytics are turned off.
import { createRoot } from 'react-dom/client'
import { createAppKit, useAppKit, useAppKitAccount } from '@reown/appkit/react'
import { defineChain } from '@reown/appkit/networks'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { WagmiProvider } from 'wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const local = defineChain({
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const projectId = 'bench'
const wagmiAdapter = new WagmiAdapter({ networks: [local], projectId })

createAppKit({
  adapters: [wagmiAdapter],
  networks: [local],
  projectId,
  themeMode: 'light',
  metadata: { name: 'Bench host', description: 'AppKit bench host', url: location.origin, icons: [] },
  features: { analytics: false, email: false, socials: false, swaps: false, onramp: false },
})

const queryClient = new QueryClient()

function App() {
  const { open } = useAppKit()
  const { isConnected } = useAppKitAccount()
  return (
    <main>
      <button type="button" onClick={() => open()}>{isConnected ? 'Account' : 'Connect Wallet'}</button>
    </main>
  )
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>,
)
