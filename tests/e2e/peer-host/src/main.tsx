/**
 * The README's host with the other chain plugins added and none of their libraries installed (issue 25 §6): built by
 * tests/e2e/missing-peer.e2e.ts from `npm pack`. Whatever Portico reports (modal.ready, its error event, an unhandled
 * rejection) is written into the page's alert, as a host's error reporting would show it. solana and bip122 need
 * their libraries to discover wallets, cosmos and polkadot only once an account is connected (its balance).
 */
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { bip122 } from 'portico/plugins/bip122'
import { cosmos } from 'portico/plugins/cosmos'
import { eip155 } from 'portico/plugins/eip155'
import { polkadot } from 'portico/plugins/polkadot'
import { solana } from 'portico/plugins/solana'
import { ConnectButton, Modal, PorticoProvider } from 'portico/react'

// index.html's classic script writes into the page's alert (also what fails while the bundle is evaluated).
const show = (error: unknown) => (window as unknown as { __showError(e: unknown): void }).__showError(error)

// The chains of portico/testing's fake wallets (nothing listens there: without the libraries nothing is asked).
const modal = createModal({
  plugins: [
    eip155(),
    solana(),
    bip122(),
    cosmos({ networks: [{ chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: 'http://127.0.0.1:26657', denom: 'ustake', symbol: 'STAKE' }] }),
    polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9944', caipNetworkId: 'polkadot:0123456789abcdef0123456789abcdef', name: 'Portico Polkadot', ss58Prefix: 42 } }),
  ],
})
modal.events.on('error', ({ error }) => show(error))
modal.ready.catch(show)

createRoot(document.getElementById('root')!).render(
  <PorticoProvider modal={modal}>
    <ConnectButton />
    <Modal />
  </PorticoProvider>,
)
