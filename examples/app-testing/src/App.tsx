import { createModal, type Modal as ModalInstance, type StorageAdapter } from 'portico'
import { eip155 } from 'portico/plugins/eip155'
import { ConnectButton, Modal, PorticoProvider, useAccount, useNetwork } from 'portico/react'
import { appChains, toEvmChain, type AppChain } from './chains.ts'

/** The app's plugins: eip155 on its own chains only. */
export function appPlugins(chains: AppChain[] = appChains) {
  return [eip155({ networks: chains.map(toEvmChain), builtinNetworks: false })]
}

export function createAppModal(options: { chains?: AppChain[]; storage?: StorageAdapter } = {}): ModalInstance {
  return createModal({
    metadata: { name: 'Portico app-testing example', url: 'https://example.test' },
    plugins: appPlugins(options.chains),
    ...(options.storage ? { storage: options.storage } : {}),
  })
}

/** The host component the tests are about: who is connected, on which network. */
export function AccountLine() {
  const { address, isConnected } = useAccount()
  const { caipNetwork } = useNetwork()
  return (
    <p role="status" aria-label="Account">
      {isConnected ? `Connected: ${address} on ${caipNetwork?.name ?? 'an unknown network'}` : 'Not connected'}
    </p>
  )
}

export function App({ modal }: { modal: ModalInstance }) {
  return (
    <PorticoProvider modal={modal}>
      <main>
        <h1>My dapp</h1>
        <ConnectButton />
        <AccountLine />
      </main>
      <Modal />
    </PorticoProvider>
  )
}
