/**
 * Issue 25 §6: a host that composes cosmos() without @cosmjs/stargate. Vite hands the plugin a stand-in for a missing
 * optional peer that throws as it is evaluated; here the peer's module throws the same way when imported.
 */
import { describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, MissingPeerError } from 'portico'
import { probePlugin } from '../../tests/probe-plugin.ts'
import { cosmos, type KeplrWallet } from './index.ts'

vi.mock('@cosmjs/stargate', () => {
  throw new Error('Could not resolve "@cosmjs/stargate" imported by "portico". Is it installed?')
})

const INSTALL = 'The cosmos plugin needs @cosmjs/stargate, which is not installed: npm i @cosmjs/stargate'
const ACCOUNT0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'

describe('cosmos without @cosmjs/stargate (issue 25 §6)', () => {
  it('connects; the balance reports the install line through the error event, and a send rejects with it', async () => {
    const key = { name: 'k', algo: 'secp256k1', pubKey: new Uint8Array(33), address: new Uint8Array(20), bech32Address: ACCOUNT0 }
    const keplr: KeplrWallet = { enable: async () => undefined, getKey: async () => key, getOfflineSigner: () => ({}) as never }
    const win = Object.assign(new EventTarget(), { keplr }) as unknown as Window
    const network = { chainId: 'portico-local-1', name: 'Portico Cosmos', rpcUrl: 'http://127.0.0.1:9', denom: 'ustake', symbol: 'STAKE' }
    const { probe, plugin } = probePlugin()
    const modal = createModal({ plugins: [cosmos({ networks: [network], window: win }), plugin], storage: createMemoryAdapter() })
    const errors: Array<{ source: string; error: unknown }> = []
    modal.events.on('error', (e) => errors.push(e))
    await modal.ready
    await modal.connection.connect('cosmos:keplr', 'cosmos')
    expect(modal.state.accounts.getSnapshot().byNamespace.cosmos?.address).toBe(ACCOUNT0)
    // What the Account view does when it shows the account.
    await probe.ctx!.balance.refresh('cosmos')
    expect(errors).toHaveLength(1)
    expect(errors[0]!.source).toBe('balance')
    expect(errors[0]!.error).toBeInstanceOf(MissingPeerError)
    expect((errors[0]!.error as Error).message).toBe(INSTALL)
    await expect(modal.request('cosmos:sendTokens', { to: ACCOUNT0, amount: '1' })).rejects.toThrow(INSTALL)
    // Still connected and usable.
    expect(modal.state.connection.getSnapshot().status).toBe('connected')
    modal.destroy()
  })
})
