// The reference host of the EVM issue: React + portico + the eip155 plugin (a browser wallet is injected by the
// benchmark, as an extension would be). No dev wallet, no other chain, no WalletConnect.
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { Modal, PorticoProvider, useModal } from 'portico/react'

const modal = createModal({
  projectId: 'bench',
  plugins: [
    eip155({
      builtinNetworks: false,
      networks: [{ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }],
    }),
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
