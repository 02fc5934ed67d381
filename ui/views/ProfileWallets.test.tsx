// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { KernelTokens, type Modal as ModalInstance } from '../../kernel/index.ts'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { sampleAddress } from '../../storybook/fixtures.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'
import { secondWalletAddress, storySecondWallet } from './profile-wallets.fixtures.ts'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

/** The story modal with Harbor connected, open on ProfileWallets. */
async function openWallets(): Promise<ModalInstance> {
  modal = await createStoryModal({ embedded: false, connected: true, plugins: () => [storySecondWallet()] })
  render(
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>,
  )
  await act(async () => modal!.open({ view: 'ProfileWallets' }))
  await screen.findByRole('button', { name: /^Harbor, Ethereum \(EVM\)/ }, { timeout: 10_000 })
  return modal
}

const list = () => screen.getByRole('dialog', { name: 'Wallets' })

describe('ProfileWallets: several wallets in one namespace', () => {
  it('"Add wallet" connects a second eip155 wallet; both are listed, the new one connected and the first active', async () => {
    const m = await openWallets()
    await act(async () => fireEvent.click(within(list()).getByRole('button', { name: 'Add wallet' })))
    // Connect is a lazy chunk of its own; its import settles inside act so React renders it here.
    await act(() => import('./core-views.ts'))
    const connect = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await act(async () => fireEvent.click(await within(connect).findByRole('button', { name: /^Portico Dev Wallet 2/ }, { timeout: 10_000 })))
    await screen.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
    expect(m.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(secondWalletAddress)

    await act(async () => m.router.push('ProfileWallets'))
    expect(await within(list()).findByRole('button', { name: /^Portico Dev Wallet 2, Ethereum \(EVM\) · 0x3C…4293BC, Connected/ }, { timeout: 10_000 })).toBeTruthy()
    expect(within(list()).getByRole('button', { name: /^Harbor, Ethereum \(EVM\) · 0x70…dc79C8, Active/ })).toBeTruthy()
  })

  it('choosing the inactive wallet makes it active without a prompt; disconnecting the active one hands over to the other', async () => {
    const m = await openWallets()
    await act(async () => m.get(KernelTokens.Connection).connect('dev.portico.wallet2'))
    await act(async () => fireEvent.click(await within(list()).findByRole('button', { name: /^Harbor, .*Active/ })))
    expect(m.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(sampleAddress)
    expect(await within(list()).findByRole('button', { name: /^Harbor, .*Connected/ })).toBeTruthy()
    expect(within(list()).getByRole('button', { name: /^Portico Dev Wallet 2, .*Active/ })).toBeTruthy()

    await act(async () => fireEvent.click(within(list()).getByRole('button', { name: 'Disconnect Harbor from Ethereum (EVM)' })))
    expect(m.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(secondWalletAddress)
    expect(await within(list()).findByRole('button', { name: /^Portico Dev Wallet 2, .*Connected/ })).toBeTruthy()
    expect(within(list()).queryByRole('button', { name: /^Harbor/ })).toBeNull()

    // The last one goes: nothing is connected, Connect shows.
    await act(async () => fireEvent.click(within(list()).getByRole('button', { name: 'Disconnect Portico Dev Wallet 2 from Ethereum (EVM)' })))
    expect(await screen.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy()
    expect(m.state.accounts.getSnapshot().byNamespace.eip155?.address).toBeUndefined()
  })
})
