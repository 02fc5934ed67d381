/**
 * The page both sides render: the server with the request's cookies, the browser (hydrating) with document.cookie.
 * One module, so the markup of the two cannot drift apart.
 */
import { createModal, type StorageAdapter } from 'portico'
import { eip155, type EvmChainInput } from 'portico/plugins/eip155'
import { ConnectButton, Modal, PorticoProvider, useAccount, useNetwork } from 'portico/react'
import type { Modal as ModalInstance } from 'portico'

/** The example's one chain (the shape eip155 takes; viem's chain objects fit it too). Its RPC is the example server. */
export function localChain(origin: string): EvmChainInput {
  return {
    id: 31337,
    name: 'Portico Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`${origin}/rpc`] } },
    testnet: true,
  }
}

/** One modal per request on the server, one per page in the browser; `storage` is a cookie adapter on both. */
export function createExampleModal(storage: StorageAdapter, origin: string): ModalInstance {
  return createModal({ storage, plugins: [eip155({ networks: [localChain(origin)], builtinNetworks: false })] })
}

function AccountLine() {
  const { address, isConnected } = useAccount()
  const { caipNetwork } = useNetwork()
  return <p data-testid="account">{isConnected ? `Connected: ${address} on ${caipNetwork?.name ?? 'an unknown network'}` : 'Not connected'}</p>
}

export function App({ modal }: { modal: ModalInstance }) {
  return (
    <PorticoProvider modal={modal}>
      <main>
        <h1>Portico SSR example</h1>
        <ConnectButton />
        <AccountLine />
      </main>
      <Modal />
    </PorticoProvider>
  )
}
