import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppModal } from './App.tsx'
import { installDevWallets } from './dev-wallets.ts'

async function main(): Promise<void> {
  // Before the modal: the eip155 plugin then finds the fake wallet as it finds an extension.
  await installDevWallets()
  const modal = createAppModal()
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App modal={modal} />
    </StrictMode>,
  )
}

void main()
