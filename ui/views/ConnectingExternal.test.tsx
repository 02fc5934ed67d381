// @vitest-environment happy-dom
import { StrictMode } from 'react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { KernelTokens, ProviderRpcError, type ConnectResult, type Modal as ModalInstance } from '../../kernel/index.ts'
import { createStoryModal } from '../../storybook/story-modal.tsx'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'

let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

/** A connector whose connect waits for the test to answer, counting how often the wallet was asked. */
async function mountStrict() {
  modal = await createStoryModal({ embedded: false })
  const connector = modal.get(KernelTokens.Connectors).get('dev.portico.wallet')!
  const asks: { resolve(r: ConnectResult): void; reject(e: unknown): void }[] = []
  connector.connect = () => new Promise<ConnectResult>((resolve, reject) => void asks.push({ resolve, reject }))
  render(
    <StrictMode>
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>
    </StrictMode>,
  )
  await act(async () => modal!.open())
  const row = await screen.findByRole('button', { name: /^Portico Dev Wallet/ }, { timeout: 10_000 })
  await act(async () => fireEvent.click(row))
  await screen.findByText('Continue in Portico Dev Wallet')
  return asks
}

const approved: ConnectResult = {
  accounts: [{ namespace: 'eip155', address: '0x1111111111111111111111111111111111111111', type: 'eoa' }],
  caipNetworkId: 'eip155:31337',
}

describe('ConnectingExternal under <StrictMode> (mount, unmount, mount)', () => {
  it('asks the wallet once and routes to Account when it approves', async () => {
    const asks = await mountStrict()
    expect(asks).toHaveLength(1)
    await act(async () => asks[0]!.resolve(approved))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
    expect(asks).toHaveLength(1)
  })

  it('shows the rejection, and Retry asks again once', async () => {
    const asks = await mountStrict()
    await act(async () => asks[0]!.reject(new ProviderRpcError(4001, 'User rejected the request.')))
    expect((await screen.findByRole('alert')).textContent).toBe('User rejected the request.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })))
    expect(asks).toHaveLength(2)
    await act(async () => asks[1]!.resolve(approved))
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy()
  })
})
