import { describe, expect, it, vi } from 'vitest'
import type { ChainNamespace } from '../caip/index.ts'
import { createModal } from '../modal.ts'
import { definePlugin, type PluginDefinition } from '../plugin/contract.ts'
import { createMemoryAdapter } from '../storage/index.ts'
import { KernelTokens } from '../tokens.ts'
import type { CaipNetwork, Connector } from './types.ts'

const evm: CaipNetwork = {
  id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
const sol: CaipNetwork = {
  id: 'local', caipNetworkId: 'solana:local', chainNamespace: 'solana', name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
}
const ADDRESS: Record<string, string> = { eip155: '0x00000000000000000000000000000000000000a1', solana: '11111111111111111111111111111112' }

/** One connector serving eip155 and solana, like the embedded wallet's auth connector or a WalletConnect session. */
function multiConnector(id: string): Connector {
  const result = (ns: ChainNamespace) => ({ accounts: [{ namespace: ns, address: ADDRESS[ns]!, type: 'eoa' as const }], caipNetworkId: (ns === 'solana' ? sol : evm).caipNetworkId })
  return {
    id, name: id, chain: 'eip155', chains: ['eip155', 'solana'], type: 'AUTH',
    connect: vi.fn(async ({ namespace }: { namespace: ChainNamespace }) => result(namespace)),
    disconnect: vi.fn(async () => undefined),
  }
}

function chainPlugin(ns: ChainNamespace, network: CaipNetwork, connector?: Connector): PluginDefinition {
  return definePlugin({
    id: `chain-${ns}`, kind: 'chain', namespace: ns, portico: '1.x',
    setup(ctx) {
      ctx.registerChain({ namespace: ns, networks: [network], isAddress: () => true })
      if (connector) ctx.registerConnector(() => connector)
    },
  })
}

async function make(options: Parameters<typeof createModal>[0] = {}) {
  const connector = multiConnector('auth')
  const modal = createModal({
    storage: createMemoryAdapter(),
    defaultNetwork: 'eip155:31337',
    plugins: [chainPlugin('eip155', evm, connector), chainPlugin('solana', sol)],
    ...options,
  })
  await modal.ready
  return { modal, connector }
}

/** What every connect flow does: connect (here eip155, then solana), then land on Account. */
async function connectFlow(modal: Awaited<ReturnType<typeof make>>['modal'], order: ChainNamespace[]) {
  for (const ns of order) await modal.connection.connect('auth', ns)
  modal.router.reset('Account')
  await Promise.resolve()
  await Promise.resolve()
}

describe('closeOnConnect (issue 25 §5)', () => {
  it('closes the modal after a connection made in it succeeds, by default', async () => {
    const { modal } = await make()
    modal.open()
    expect(modal.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    await connectFlow(modal, ['eip155'])
    expect(modal.get(KernelTokens.Modal).store.getSnapshot().open).toBe(false)
    modal.destroy()
  })

  it('closeOnConnect: false keeps Account shown', async () => {
    const { modal } = await make({ closeOnConnect: false })
    modal.open()
    await connectFlow(modal, ['eip155'])
    expect(modal.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    expect(modal.router.current.view).toBe('Account')
    modal.destroy()
  })

  it('opening Account while connected does not close it (only a connection made in the modal does)', async () => {
    const { modal } = await make()
    await modal.connection.connect('auth', 'eip155')
    modal.open()
    await Promise.resolve()
    await Promise.resolve()
    expect(modal.router.current.view).toBe('Account')
    expect(modal.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    modal.destroy()
  })

  it('stays open while a plugin takes the user on to sign in (SIWX) and while a close guard refuses, without shaking', async () => {
    const { modal } = await make()
    const controller = modal.get(KernelTokens.Modal)
    // A plugin that moves on from Account on the same change, as SIWX does when a signature is due.
    const unsubscribe = modal.router.subscribe(() => {
      if (modal.router.current.view === 'Account') modal.router.reset('SIWXSignMessage')
    })
    modal.open()
    await connectFlow(modal, ['eip155'])
    expect(controller.store.getSnapshot().open).toBe(true)
    expect(modal.router.current.view).toBe('SIWXSignMessage')
    unsubscribe()

    await modal.connection.disconnect()
    controller.close()
    const guard = controller.guardClose(() => false)
    modal.open()
    await connectFlow(modal, ['eip155'])
    expect(controller.store.getSnapshot()).toMatchObject({ open: true, shake: false })
    guard.dispose()
    modal.destroy()
  })

  it('never closes in embedded mode', async () => {
    const { modal } = await make({ embedded: true })
    await connectFlow(modal, ['eip155'])
    expect(modal.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    modal.destroy()
  })

  it('a connection that ends on UnsupportedChain keeps the modal open', async () => {
    const { modal } = await make()
    modal.open()
    await modal.connection.connect('auth', 'eip155')
    modal.router.reset('UnsupportedChain')
    await Promise.resolve()
    expect(modal.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    modal.destroy()
  })
})

describe('the active network after a connection in several namespaces (issue 25 §5)', () => {
  it('an email/social-style login connecting eip155 then solana leaves the host on its default eip155 network', async () => {
    const { modal } = await make({ closeOnConnect: false })
    await connectFlow(modal, ['eip155', 'solana'])
    const network = modal.get(KernelTokens.Network)
    expect(network.activeNamespace).toBe('eip155')
    expect(network.activeNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(modal.connection.active()?.address).toBe(ADDRESS.eip155)
    // Both namespaces are connected all the same.
    expect(modal.connection.active('solana')?.address).toBe(ADDRESS.solana)
    modal.destroy()
  })

  it('a session whose namespaces arrive solana first still ends on the host network once eip155 connects', async () => {
    const { modal } = await make({ closeOnConnect: false })
    await connectFlow(modal, ['solana', 'eip155'])
    expect(modal.get(KernelTokens.Network).activeNamespace).toBe('eip155')
    modal.destroy()
  })

  it('a wallet of another namespace reporting a chain change does not move the user off the active network', async () => {
    const { modal, connector } = await make({ closeOnConnect: false })
    await connectFlow(modal, ['eip155', 'solana'])
    modal.get(KernelTokens.Connection).handleChainChanged(connector.id, 'solana', 'solana:local')
    expect(modal.get(KernelTokens.Network).activeNamespace).toBe('eip155')
    modal.destroy()
  })

  it('a connection in a namespace the user is not connected on makes it active (nothing to stay on)', async () => {
    const { modal } = await make({ closeOnConnect: false })
    await connectFlow(modal, ['solana'])
    expect(modal.get(KernelTokens.Network).activeNamespace).toBe('solana')
    modal.destroy()
  })
})
