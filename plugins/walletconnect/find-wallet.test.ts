import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, type WalletListing } from 'portico'
import { WalletConnectConnector } from './connector.ts'
import { findWallet } from './index.ts'

const listing = (id: string, name: string): WalletListing => ({ id, name, webapp_link: `https://${id}.example` })

/** A context whose read-only state holds only the Connect list's wallets (unit test: a plain snapshot). */
const ctxWith = (custom: WalletListing[]) => ({
  state: { connectors: { getSnapshot: () => ({ connectors: [], wallets: { custom, featured: [], recommended: [] } }), subscribe: () => () => undefined } },
})

describe('findWallet', () => {
  it('finds a custom, featured or recommended wallet shown on Connect', () => {
    const ctx = ctxWith([listing('demo', 'Demo')])
    expect(findWallet(ctx, 'demo')?.name).toBe('Demo')
  })

  it('a wallet picked in AllWallets reaches the pairing view with its listing (no other plugin is asked)', () => {
    const connector = new WalletConnectConnector({ createClient: () => Promise.reject(new Error('unused')), storage: createMemoryAdapter(), networks: () => new Map(), emitter: { emit: () => undefined } })
    const wallet = listing('page', 'Paged')
    expect(connector.connectingView({ wallet })).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'page', wallet } })
    expect(connector.connectingView({ basic: true })).toEqual({ view: 'ConnectingWalletConnectBasic', params: undefined })
  })

  it('without a registry (no projectId) answers undefined instead of throwing', () => {
    const ctx = ctxWith([])
    expect(findWallet(ctx, 'page')).toBeUndefined()
  })
})
