// The reference host plus the walletconnect plugin: sign-client must stay out of the initial load and arrive only
// when the user picks WalletConnect.
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { walletConnect } from 'portico/plugins/walletconnect'
import { Modal, PorticoProvider, useModal } from 'portico/react'

const modal = createModal({
  projectId: 'bench',
  plugins: [
    eip155({
      builtinNetworks: false,
      networks: [{ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }],
    }),
    walletConnect({ projectId: 'bench', relayUrl: 'ws://127.0.0.1:8787', verify: 'local' }),
  ],
})

function App() {
  const { open } = useModal()
  return (
    <main>
      <button type="button" onClick={() => open()}>Connect Wallet</button>
      <Modal />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider modal={modal}>
    <App />
  </PorticoProvider>,
)
