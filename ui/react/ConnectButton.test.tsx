// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, KernelTokens, type CaipNetwork, type ConnectResult, type Modal as ModalInstance, type StorageAdapter } from '../../kernel/index.ts'
import { ConnectButton } from './ConnectButton.tsx'
import { PorticoProvider } from './context.tsx'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const local: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

/** A chain with one fake wallet (a unit test's collaborator); `restore` is what its reconnect answers. */
function fakeChain(restore: { answer?: Promise<ConnectResult | undefined> } = {}) {
  const result: ConnectResult = { accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' }
  return definePlugin({
    id: 'fake-chain',
    kind: 'chain',
    portico: '1.x',
    namespace: 'eip155',
    setup(ctx) {
      ctx.registerChain({ namespace: 'eip155', networks: [local], isAddress: () => true, getBalance: () => new Promise(() => undefined) })
      ctx.registerConnector(() => ({
        id: 'fake',
        name: 'Fake Wallet',
        type: 'ANNOUNCED',
        chain: 'eip155',
        connect: () => Promise.resolve(result),
        reconnect: () => restore.answer ?? Promise.resolve(result),
        disconnect: () => Promise.resolve(),
      }))
    },
  })
}

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

function mount(storage: StorageAdapter = createMemoryAdapter(), restore: { answer?: Promise<ConnectResult | undefined> } = {}) {
  modal = createModal({ storage, plugins: [fakeChain(restore)] })
  render(
    <PorticoProvider modal={modal}>
      <ConnectButton />
    </PorticoProvider>,
  )
  return modal
}

const topView = (m: ModalInstance) => m.router.getSnapshot().at(-1)?.view

describe('<ConnectButton>', () => {
  it("disconnected: 'Connect Wallet' opens the modal on its first view", async () => {
    const m = mount()
    await act(() => m.ready)
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(m.get(KernelTokens.Modal).store.getSnapshot().open).toBe(false)
    await act(async () => fireEvent.click(button))
    expect(m.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    expect(topView(m)).toBe('Connect')
  })

  it('connected: shows the short address and the network, and opens Account', async () => {
    const m = mount()
    await act(() => m.ready)
    await act(async () => void (await m.connection.connect('fake', 'eip155')))
    const button = screen.getByRole('button', { name: '0xf3…b92266 · Portico Local' })
    await act(async () => fireEvent.click(button))
    expect(m.get(KernelTokens.Modal).store.getSnapshot().open).toBe(true)
    expect(topView(m)).toBe('Account')
    await act(() => m.connection.disconnect())
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('restoring a stored connection: a busy Loading button until the wallet answers, then the account', async () => {
    const storage = createMemoryAdapter()
    storage.setItem('@portico/connected_namespaces', '["eip155"]')
    storage.setItem('@portico/connections', '{"eip155":"fake"}')
    let answer!: (r: ConnectResult | undefined) => void
    const m = mount(storage, { answer: new Promise((resolve) => (answer = resolve)) })
    const busy = screen.getByRole('button', { name: 'Loading' })
    expect(busy.getAttribute('aria-busy')).toBe('true')
    // A click while restoring does nothing.
    await act(async () => fireEvent.click(busy))
    expect(m.get(KernelTokens.Modal).store.getSnapshot().open).toBe(false)
    await act(async () => answer({ accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' }))
    await act(() => m.ready)
    expect(screen.getByRole('button', { name: '0xf3…b92266 · Portico Local' })).toBeTruthy()
  })

  it('restoring fails (the wallet no longer knows us): back to Connect Wallet', async () => {
    const storage = createMemoryAdapter()
    storage.setItem('@portico/connected_namespaces', '["eip155"]')
    storage.setItem('@portico/connections', '{"eip155":"fake"}')
    const m = mount(storage, { answer: Promise.resolve(undefined) })
    expect(screen.getByRole('button', { name: 'Loading' })).toBeTruthy()
    await act(() => m.ready)
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })
})
