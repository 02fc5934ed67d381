/**
 * Issue 25 §6: a host that composes polkadot() without @polkadot/api. Vite hands the plugin a stand-in for a missing
 * optional peer that throws as it is evaluated; here the peer's module throws the same way when imported.
 */
import { describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, MissingPeerError } from 'portico'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { polkadot, type InjectedWeb3 } from './index.ts'

vi.mock('@polkadot/api', () => {
  throw new Error('Could not resolve "@polkadot/api" imported by "portico". Is it installed?')
})

const INSTALL = 'The polkadot plugin needs @polkadot/api, which is not installed: npm i @polkadot/api'
/** //Alice, SS58 prefix 42. */
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'

describe('polkadot without @polkadot/api (issue 25 §6)', () => {
  it('connects; the balance reports the install line through the error event, and polkadot:getBalance rejects with it', async () => {
    const injectedWeb3: InjectedWeb3 = {
      'test-wallet': {
        name: 'Test Wallet',
        enable: async () => ({
          accounts: { get: async () => [{ address: ALICE, name: 'Alice', type: 'sr25519' }], subscribe: () => () => {} },
          signer: {},
        }),
      },
    }
    const chain = { wsUrl: 'ws://127.0.0.1:9', caipNetworkId: 'polkadot:0123456789abcdef0123456789abcdef', name: 'Local', ss58Prefix: 42 }
    const { probe, plugin } = probePlugin()
    const modal = createModal({ plugins: [polkadot({ chain, injectedWeb3: () => injectedWeb3 }), plugin], storage: createMemoryAdapter() })
    const errors: Array<{ source: string; error: unknown }> = []
    modal.events.on('error', (e) => errors.push(e))
    await modal.ready
    const [connector] = modal.state.connectors.getSnapshot().connectors
    await modal.connection.connect(connector!.id, 'polkadot')
    expect(modal.state.accounts.getSnapshot().byNamespace.polkadot?.address).toBe(ALICE)
    // What the Account view does when it shows the account.
    await probe.ctx!.balance.refresh('polkadot')
    expect(errors).toHaveLength(1)
    expect(errors[0]!.source).toBe('balance')
    expect(errors[0]!.error).toBeInstanceOf(MissingPeerError)
    expect((errors[0]!.error as Error).message).toBe(INSTALL)
    await expect(modal.request('polkadot:getBalance', {})).rejects.toThrow(INSTALL)
    expect(modal.state.connection.getSnapshot().status).toBe('connected')
    modal.destroy()
  })
})
