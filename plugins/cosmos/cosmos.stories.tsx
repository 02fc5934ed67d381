import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { createMemoryAdapter, createModal, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { cosmos, type KeplrWallet } from './index.ts'

// The cosmos plugin adds no views of its own: these stories show the core views with its connector and account.
// Offline by construction: a Keplr-shaped story wallet, a network whose RPC nothing serves (so no balance shows).

const meta = { title: 'Plugins/cosmos', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const ADDRESS = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2e3148"/><circle cx="16" cy="16" r="7" fill="none" stroke="#fff" stroke-width="2"/></svg>')}`

function storyWindow(): Window {
  const wallet: KeplrWallet = {
    name: 'Portico Dev Wallet',
    enable: async () => undefined,
    getKey: async () => ({ name: 'Dev account 0', algo: 'secp256k1', pubKey: new Uint8Array(33), address: new Uint8Array(20), bech32Address: ADDRESS }),
  }
  return Object.assign(new EventTarget(), { keplr: wallet }) as unknown as Window
}

function CosmosModal({ connected }: { connected: boolean }) {
  const [modal, setModal] = useState<ModalInstance>()
  useEffect(() => {
    let live = true
    const m = createModal({
      storage: createMemoryAdapter(),
      embedded: true,
      plugins: [
        cosmos({
          networks: [{ chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: 'http://127.0.0.1:9', denom: 'ustake', symbol: 'STAKE', testnet: true }],
          wallets: [{ id: 'keplr', name: 'Keplr', global: 'keplr', icon: ICON }],
          window: storyWindow(),
        }),
      ],
    })
    void m.ready
      .then(() => (connected ? m.connection.connect('cosmos:keplr', 'cosmos') : undefined))
      .then(() => {
        m.open()
        if (live) setModal(m)
      })
    return () => {
      live = false
      m.destroy()
    }
  }, [connected])
  if (!modal) return null
  return (
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>
  )
}

/** SPEC §2 Connect with the Keplr-style wallet the plugin found (it names itself, so the row reads its name). */
export const ConnectWithKeplrStyleWallet: Story = { render: () => <CosmosModal connected={false} /> }

/** SPEC §2 Account on a cosmos network: the bech32 address truncated per SPEC §9 (4 leading, 6 trailing). */
export const AccountOnCosmos: Story = { render: () => <CosmosModal connected /> }
