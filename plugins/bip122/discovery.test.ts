// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { installBitcoinDevWallet } from 'portico/testing'
import { bip122 } from './index.ts'

describe('bip122 wallet discovery', () => {
  it('finds the dev wallet through the Wallet Standard and sats-connect btc_providers, and forgets them on destroy', async () => {
    const installed = installBitcoinDevWallet(window, { autoApprove: true, satsConnect: true })
    const modal = createModal({ plugins: [bip122()], storage: createMemoryAdapter() })
    await modal.ready
    const ids = () => modal.state.connectors.getSnapshot().connectors.map((c) => c.id)
    expect(ids()).toEqual(expect.arrayContaining(['bip122:ws:Portico Dev Wallet', 'bip122:sats:PorticoDevWallet.BitcoinProvider']))
    const ws = modal.state.connector('bip122:ws:Portico Dev Wallet')!
    expect(ws.name).toBe('Portico Dev Wallet')
    expect(ws.type).toBe('ANNOUNCED')
    const { accounts } = await modal.connection.connect('bip122:ws:Portico Dev Wallet', 'bip122')
    expect(accounts.map((a) => a.address)).toEqual([
      'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
      'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv',
    ])
    modal.destroy()
    installed.dispose()
    expect((window as { btc_providers?: unknown[] }).btc_providers).toEqual([])
  })

  it('ignores btc_providers entries whose path names no provider or whose name is empty', async () => {
    const w = window as unknown as Record<string, unknown>
    w.btc_providers = [{ id: 'Nowhere.Provider', name: 'Ghost' }, { id: 'constructor.prototype', name: 'Proto' }, { id: 'Fine.P', name: '\u0000' }]
    w.Fine = { P: { request: async () => ({}) } }
    const modal = createModal({ plugins: [bip122()], storage: createMemoryAdapter() })
    await modal.ready
    expect(modal.state.connectors.getSnapshot().connectors.filter((c) => c.id.startsWith('bip122:sats:'))).toEqual([])
    modal.destroy()
    delete w.btc_providers
    delete w.Fine
  })
})
