/** The browser entry: the same modal and page as the server's, hydrated over the server's markup. */
import { hydrateRoot } from 'react-dom/client'
import { createCookieAdapter, documentCookieIO } from 'portico'
import { installDevWallet } from 'portico/testing'
import { App, createExampleModal, localChain } from './app.tsx'

// The example's stand-in for a browser extension: the dev wallet announces itself through EIP-6963 and approves at
// once. It remembers the site in localStorage, so after a reload it restores the connection like a real wallet.
const chain = localChain(location.origin)
installDevWallet(window, { chains: [{ chainId: chain.id, name: chain.name, rpcUrl: chain.rpcUrls.default.http[0]! }], autoApprove: true })

const modal = createExampleModal(createCookieAdapter(documentCookieIO(document)), location.origin)
hydrateRoot(document.getElementById('root')!, <App modal={modal} />)
