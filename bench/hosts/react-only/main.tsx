// The baseline: React and react-dom alone. Its button opens a dialog with three wallet buttons, the React-only host
// of issue 9's open-to-first-view ratio (and the size baseline the kernel budgets are measured over).
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const WALLETS = ['Bench Wallet', 'WalletConnect', 'Browser Wallet']

function App() {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>Connect Wallet</button>
      {open && (
        <div role="dialog" aria-modal="true" aria-label="Connect Wallet">
          <ul role="list">
            {WALLETS.map((name) => (
              <li key={name}>
                <button type="button" onClick={() => setOpen(false)}>{name}</button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
