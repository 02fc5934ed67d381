// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { KernelTokens, type Modal as ModalInstance } from '../../kernel/index.ts'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { sampleAddress } from '../../storybook/fixtures.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'
import { sampleSolanaAddress, storySolanaChain } from './multi-namespace.fixtures.ts'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

async function mount() {
  modal = await createStoryModal({ embedded: false, behaviour: 'approve', plugins: () => [storySolanaChain()] })
  render(
    <PorticoProvider modal={modal}>
      <Modal />
    </PorticoProvider>,
  )
  await act(async () => modal!.open())
  return modal
}

async function connectBoth() {
  const m = await mount()
  const rows = await screen.findAllByRole('button', { name: /^Portico Dev Wallet/ }, { timeout: 10_000 })
  expect(rows).toHaveLength(1)
  await act(async () => fireEvent.click(rows[0]!))
  await screen.findByRole('dialog', { name: 'Account' }, { timeout: 10_000 })
  // The header names the view at once; the view itself is a lazy chunk of its own (account-views.ts).
  await screen.findByRole('button', { name: 'Wallets' }, { timeout: 10_000 })
  return m
}

describe('several namespaces at once in the views', () => {
  it('Connect shows one row for a wallet offering eip155 and solana; choosing it connects both, eip155 stays active', async () => {
    const m = await connectBoth()
    const accounts = m.state.accounts.getSnapshot().byNamespace
    expect(accounts.eip155?.address).toBe(sampleAddress)
    expect(accounts.solana?.address).toBe(sampleSolanaAddress)
    // SPEC §9: 4 leading and 6 trailing characters.
    expect(screen.getAllByText('0x70…dc79C8').length).toBeGreaterThan(0)
  })

  it('SwitchActiveChain from SwitchNetwork shows the Solana account and its balance; switching back shows the EVM one', async () => {
    await connectBoth()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Switch network, current/ })))
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Switch chain/ })))
    const solanaRow = await screen.findByRole('button', { name: /^Solana, 9WzD…YtAWWM/ })
    expect(screen.getByRole('button', { name: /^Ethereum \(EVM\), 0x70…dc79C8, Current/ })).toBeTruthy()
    await act(async () => fireEvent.click(solanaRow))
    await screen.findByRole('dialog', { name: 'Account' })
    expect(await screen.findByText('9WzD…YtAWWM')).toBeTruthy()
    expect(await screen.findByText(/12\.5 SOL/)).toBeTruthy()
    expect(modal!.state.network.getSnapshot().activeNamespace).toBe('solana')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^Switch network, current/ })))
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Switch chain/ })))
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /^Ethereum \(EVM\)/ })))
    expect(await screen.findByText('0x70…dc79C8')).toBeTruthy()
    expect(modal!.state.network.getSnapshot().activeNamespace).toBe('eip155')
  })

  it('ProfileWallets lists a connection per namespace; disconnecting Solana keeps the EVM connection', async () => {
    const m = await connectBoth()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Wallets' })))
    const list = await screen.findByRole('dialog', { name: 'Wallets' })
    expect(within(list).getByRole('button', { name: /^Portico Dev Wallet, Ethereum \(EVM\) · 0x70…dc79C8, Connected/ })).toBeTruthy()
    expect(within(list).getByRole('button', { name: /^Portico Dev Wallet, Solana · 9WzD…YtAWWM, Connected/ })).toBeTruthy()
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Disconnect Portico Dev Wallet from Solana' })))
    expect(m.state.accounts.getSnapshot().byNamespace.solana?.address).toBeUndefined()
    expect(m.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(sampleAddress)
    expect(m.get(KernelTokens.Connection).store.getSnapshot().activeConnectorIds).toEqual({ eip155: 'dev.portico.wallet' })
  })

  it('SPEC §4 open({ namespace }) for another namespace switches the active chain and shows its account', async () => {
    const m = await connectBoth()
    await act(async () => m.open({ namespace: 'solana' }))
    expect(m.state.network.getSnapshot().activeNamespace).toBe('solana')
    expect(await screen.findByText('9WzD…YtAWWM')).toBeTruthy()
  })
})
