// Issue 31's composition host: all thirteen plugins (five chains, walletConnect, account data, send, swap, onramp,
// names, siwx, embedded wallet). The chain libraries load when their namespace is first used and each feature
// plugin's views, controllers and clients load when used, so the initial load stays near the reference host's.
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { accountData } from 'portico/plugins/account-data'
import { bip122 } from 'portico/plugins/bip122'
import { cosmos } from 'portico/plugins/cosmos'
import { eip155 } from 'portico/plugins/eip155'
import { embeddedWallet } from 'portico/plugins/embedded-wallet'
import { names } from 'portico/plugins/names'
import { onramp } from 'portico/plugins/onramp'
import { polkadot } from 'portico/plugins/polkadot'
import { send } from 'portico/plugins/send'
import { siwx } from 'portico/plugins/siwx'
import { solana } from 'portico/plugins/solana'
import { swap } from 'portico/plugins/swap'
import { walletConnect } from 'portico/plugins/walletconnect'
import { Modal, PorticoProvider, useModal } from 'portico/react'

const modal = createModal({
  projectId: 'bench',
  plugins: [
    eip155({
      builtinNetworks: false,
      networks: [{ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }],
    }),
    solana(),
    polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9944', caipNetworkId: 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e' } }),
    bip122(),
    cosmos(),
    walletConnect({ projectId: 'bench', relayUrl: 'ws://127.0.0.1:8787', verify: 'local' }),
    accountData(),
    send(),
    swap(),
    onramp(),
    names({ zone: 'portico.test' }),
    siwx({ statement: 'Sign in to the bench host' }),
    embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:8790' }),
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
