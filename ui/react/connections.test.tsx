// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Modal as ModalInstance } from '../../kernel/index.ts'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { sampleAddress } from '../../storybook/fixtures.ts'
import { secondWalletAddress, storySecondWallet } from '../views/profile-wallets.fixtures.ts'
import { PorticoProvider } from './context.tsx'
import { useAccount, useConnection } from './hooks.ts'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

/** A host's wallet switcher built on the hooks alone. */
function Wallets() {
  const { address, connections, namespace } = useAccount()
  // The first connection is the active one.
  const activeConnectorId = connections[0]?.connectorId
  const { switchConnection, disconnect } = useConnection()
  return (
    <>
      <p>{`Active ${activeConnectorId ?? 'none'}: ${address ?? 'no address'}`}</p>
      <ul aria-label="Connections">
        {connections.map((c) => (
          <li key={c.connectorId}>
            {`${c.connectorId} ${c.accounts[0]?.address}`}
            <button type="button" onClick={() => switchConnection(c.connectorId, namespace!)}>{`Use ${c.connectorId}`}</button>
            <button type="button" onClick={() => void disconnect(namespace, c.connectorId)}>{`Disconnect ${c.connectorId}`}</button>
          </li>
        ))}
      </ul>
    </>
  )
}

async function mount() {
  // The second wallet connects while the modal starts, then the story chain's Harbor: Harbor is active.
  modal = await createStoryModal({ embedded: false, connected: true, plugins: () => [storySecondWallet({ connected: true })] })
  render(
    <PorticoProvider modal={modal}>
      <Wallets />
    </PorticoProvider>,
  )
  return modal
}

describe('useAccount().connections and useConnection().switchConnection', () => {
  it('lists every connection of the active namespace, the active one first', async () => {
    await mount()
    expect(screen.getByText(`Active harbor: ${sampleAddress}`)).toBeTruthy()
    const items = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(items).toEqual([
      expect.stringContaining(`harbor ${sampleAddress}`),
      expect.stringContaining(`dev.portico.wallet2 ${secondWalletAddress}`),
    ])
  })

  it('switching through the hook updates the account the hooks return and emits connection:switched', async () => {
    const m = await mount()
    const switched: string[] = []
    m.events.on('connection:switched', (e) => switched.push(`${e.connectorId} ${e.address}`))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use dev.portico.wallet2' })))
    expect(screen.getByText(`Active dev.portico.wallet2: ${secondWalletAddress}`)).toBeTruthy()
    expect(switched).toEqual([`dev.portico.wallet2 ${secondWalletAddress}`])
  })

  it('disconnecting one through the hook keeps the other; the active one going hands over', async () => {
    await mount()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Disconnect harbor' })))
    expect(screen.getByText(`Active dev.portico.wallet2: ${secondWalletAddress}`)).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Disconnect dev.portico.wallet2' })))
    expect(screen.getByText('Active none: no address')).toBeTruthy()
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })
})
