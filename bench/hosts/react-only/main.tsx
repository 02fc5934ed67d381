// The baseline: React and react-dom alone, rendering the same button.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>Connect Wallet</button>
      {open && <div role="dialog" aria-label="Connect Wallet" />}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
