// A host building only the kernel and the React bindings (no plugin): measures what Portico adds over React.
import { createRoot } from 'react-dom/client'
import { createModal } from 'portico'
import { Modal, PorticoProvider, useModal } from 'portico/react'

const modal = createModal({ projectId: 'bench' })

function App() {
  const { open } = useModal()
  return (
    <main>
      <button type="button" onClick={() => open({ view: 'Connect' })}>Connect Wallet</button>
      <Modal />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider modal={modal}>
    <App />
  </PorticoProvider>,
)
