// Issue 11's host: the eip155-only reference host plus the feature plugins send and swap (and account data, which
// they read balances and prices through). Their views and controllers must stay out of the initial load.
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { accountData } from 'portico/plugins/account-data'
import { eip155 } from 'portico/plugins/eip155'
import { send } from 'portico/plugins/send'
import { swap } from 'portico/plugins/swap'
import { Modal, PorticoProvider, useModal } from 'portico/react'

const modal = createModal({
  projectId: 'bench',
  plugins: [
    eip155({
      builtinNetworks: false,
      networks: [{ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }],
    }),
    accountData(),
    send(),
    swap(),
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
