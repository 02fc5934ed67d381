/**
 * The README's host with solana() added and none of its libraries installed (issue 25 §6): built by
 * tests/e2e/missing-peer.e2e.ts from `npm pack`. Whatever Portico reports (modal.ready, its error event, an unhandled
 * rejection) is written into the page's alert, as a host's error reporting would show it.
 */
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { solana } from 'portico/plugins/solana'
import { ConnectButton, Modal, PorticoProvider } from 'portico/react'

// index.html's classic script writes into the page's alert (also what fails while the bundle is evaluated).
const show = (error: unknown) => (window as unknown as { __showError(e: unknown): void }).__showError(error)

const modal = createModal({ plugins: [eip155(), solana()] })
modal.events.on('error', ({ error }) => show(error))
modal.ready.catch(show)

createRoot(document.getElementById('root')!).render(
  <PorticoProvider modal={modal}>
    <ConnectButton />
    <Modal />
  </PorticoProvider>,
)
