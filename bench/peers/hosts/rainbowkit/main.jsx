// RainbowKit 2 as a host app uses it (getDefaultConfig: its default wallet list, installed EIP-6963 wallets and
// WalletConnect), the counterpart of bench/hosts/walletconnect with one local EVM chain and the light theme.
// The projectId is a placeholder: WalletConnect's hosted relay is not reachable here.
import '@rainbow-me/rainbowkit/styles.css'
import { createRoot } from 'react-dom/client'
import { getDefaultConfig, lightTheme, RainbowKitProvider, useAccountModal, useConnectModal } from '@rainbow-me/rainbowkit'
import { WagmiProvider, useAccount } from 'wagmi'
import { defineChain } from 'viem'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const local = defineChain({
  id: 31337,
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const config = getDefaultConfig({ appName: 'Bench host', projectId: 'bench', chains: [local], ssr: false })
const queryClient = new QueryClient()

function App() {
  const { isConnected } = useAccount()
  const { openConnectModal } = useConnectModal()
  const { openAccountModal } = useAccountModal()
  return (
    <main>
      <button type="button" onClick={() => (isConnected ? openAccountModal : openConnectModal)?.()}>{isConnected ? 'Account' : 'Connect Wallet'}</button>
    </main>
  )
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider theme={lightTheme()}>
        <App />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
