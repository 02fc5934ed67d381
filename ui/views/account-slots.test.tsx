// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, type ChainNamespace, type Modal as ModalInstance } from '../../kernel/index.ts'
import { Modal } from '../react/Modal.tsx'
import { PorticoProvider } from '../react/context.tsx'
import { devChain } from './dev-chain.fixtures.ts'

/**
 * Issue 24 item 6: an Account tab with `available` shows only where it says (a Tron-only tab on an eip155 account does
 * not show), and a tab with `slot: 'namespace'` shows in the Account view's namespace slot as a named region.
 */
let modal: ModalInstance | undefined
afterEach(() => {
  cleanup()
  modal?.destroy()
  modal = undefined
})

const extras = definePlugin({
  id: 'extras',
  kind: 'feature',
  portico: '1.x',
  setup(ctx) {
    const only = (ns: string) => ({ namespace }: { namespace?: ChainNamespace }) => namespace === ns
    ctx.registerAccountTab({ id: 'everywhere', label: 'Everywhere', order: 1, load: async () => ({ default: () => <p>on every chain</p> }) })
    ctx.registerAccountTab({ id: 'tron-energy', label: 'Energy', order: 2, available: only('tron'), load: async () => ({ default: () => <p>tron energy</p> }) })
    ctx.registerAccountTab({ id: 'evm-tab', label: 'EVM only', order: 3, available: only('eip155'), load: async () => ({ default: () => <p>evm data</p> }) })
    ctx.registerAccountTab({ id: 'evm-slot', label: 'EVM details', order: 4, slot: 'namespace', available: only('eip155'), load: async () => ({ default: () => <p>nonce 7</p> }) })
    ctx.registerAccountTab({ id: 'tron-slot', label: 'Tron resources', order: 5, slot: 'namespace', available: only('tron'), load: async () => ({ default: () => <p>bandwidth</p> }) })
  },
})

describe('Account tabs by namespace, and the namespace slot (issue 24 item 6)', () => {
  it('shows the tabs available on the connected namespace and its slot; a Tron-only tab and slot stay hidden on eip155', async () => {
    modal = createModal({ plugins: [devChain(), extras], storage: createMemoryAdapter() })
    await modal.ready
    await modal.connection.connect('dev', 'eip155')
    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
    act(() => modal!.open({ view: 'Account' }))
    const tablist = await screen.findByRole('tablist')
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Everywhere', 'EVM only'])
    const slot = await screen.findByRole('region', { name: 'EVM details' })
    expect(await within(slot).findByText('nonce 7')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Tron resources' })).toBeNull()
    expect(screen.queryByText('Energy')).toBeNull()
  })
})
