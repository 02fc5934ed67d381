import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { createMemoryAdapter, createModal, type Modal as ModalInstance } from 'portico'
import { Modal, PorticoProvider } from 'portico/react'
import { polkadot, polkadotConnectorId, type InjectedWeb3 } from './index.ts'

// The polkadot plugin adds no views of its own: these stories show the core views with its connector and account.
// Offline by construction: an injectedWeb3-shaped story extension and a chain whose endpoint nothing serves (so no
// balance shows).

const meta = { title: 'Plugins/polkadot', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

// //Alice's sr25519 key in generic SS58 (prefix 42); the plugin re-encodes it with the network's prefix (2 below).
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'

function storyExtensions(): InjectedWeb3 {
  return {
    'portico-dev-wallet': {
      name: 'Portico Dev Wallet',
      version: '1.0.0',
      enable: async () => ({
        accounts: { get: async () => [{ address: ALICE, name: 'Alice', type: 'sr25519' }], subscribe: () => () => undefined },
        signer: {},
      }),
    },
  }
}

function PolkadotModal({ connected }: { connected: boolean }) {
  const [modal, setModal] = useState<ModalInstance>()
  useEffect(() => {
    let live = true
    const m = createModal({
      storage: createMemoryAdapter(),
      embedded: true,
      plugins: [
        polkadot({
          chain: { wsUrl: 'ws://127.0.0.1:9', caipNetworkId: 'polkadot:45454545454545454545454545454545', name: 'Portico Polkadot', symbol: 'ROC', decimals: 12, ss58Prefix: 2 },
          appName: 'Portico stories',
          injectedWeb3: storyExtensions,
        }),
      ],
    })
    void m.ready
      .then(() => (connected ? m.connection.connect(polkadotConnectorId('portico-dev-wallet'), 'polkadot') : undefined))
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

/** SPEC §2 Connect with the injectedWeb3 extension the plugin found (it names itself, so the row reads its name). */
export const ConnectWithInjectedExtension: Story = { render: () => <PolkadotModal connected={false} /> }

/** SPEC §2 Account on a polkadot network: the SS58 address (prefix 2) truncated per SPEC §9. */
export const AccountOnPolkadot: Story = { render: () => <PolkadotModal connected /> }
