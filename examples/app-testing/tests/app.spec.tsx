// @vitest-environment happy-dom
// Unit tests of the app's own components with a real modal and fake wallets (portico/testing's createTestModal).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestModal, type TestModal } from 'portico/testing'
import { App, appPlugins } from '../src/App.tsx'

const chains = [
  { id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:1' },
  { id: 31338, name: 'Portico Local 2', rpcUrl: 'http://127.0.0.1:2' },
]

let t: TestModal | undefined
afterEach(() => {
  cleanup()
  t?.dispose()
  t = undefined
})

/** The app with a test modal: its plugins, and a fake eip155 wallet on the same chains. */
async function renderApp() {
  t = await createTestModal({
    plugins: appPlugins(chains),
    wallets: { namespaces: ['eip155'], chains: { eip155: chains.map((c) => ({ chainId: c.id, name: c.name, rpcUrl: c.rpcUrl })) } },
  })
  render(<App modal={t.modal} />)
  return t
}

describe('the app with Portico (unit, happy-dom)', () => {
  it('shows who is connected, on which network', async () => {
    const t = await renderApp()
    expect(screen.getByRole('status', { name: 'Account' }).textContent).toBe('Not connected')
    const [address] = (await t.wallets.accounts()).eip155!
    await act(() => t.connect())
    expect(screen.getByRole('status', { name: 'Account' }).textContent).toBe(`Connected: ${address} on Portico Local`)
  })

  it('a rejected connection leaves the app disconnected', async () => {
    const t = await renderApp()
    await act(() => expect(t.connect({ answer: 'reject' })).rejects.toMatchObject({ code: 4001 }))
    expect(screen.getByRole('status', { name: 'Account' }).textContent).toBe('Not connected')
  })

  it('the Connect Wallet button opens the modal on the Connect view, listing the fake wallet', async () => {
    const t = await renderApp()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' })))
    await t.waitForView('Connect')
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    // Views load lazily: find the wallet's row once it is there.
    expect(await within(dialog).findByRole('button', { name: /^Portico Dev Wallet/ })).toBeTruthy()
  })

  it('the wallet switching chains (wallet side) shows in the app; locking it disconnects the app', async () => {
    const t = await renderApp()
    await act(() => t.connect())
    await act(async () => t.wallets.eip155!.switchChain(31338))
    await act(() => t.waitFor((m) => m.state.network.getSnapshot().byNamespace.eip155?.caipNetwork?.id === 31338, 'the chain change'))
    expect(screen.getByRole('status', { name: 'Account' }).textContent).toMatch(/ on Portico Local 2$/)
    await act(async () => t.wallets.setFailures({ locked: true }))
    await act(() => t.waitFor(() => t.address() === undefined, 'the disconnect'))
    expect(screen.getByRole('status', { name: 'Account' }).textContent).toBe('Not connected')
  })
})
