import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, KernelTokens, type Token, type WalletListing } from 'portico'
import { WalletConnectConnector } from './connector.ts'
import { findWallet } from './index.ts'

const listing = (id: string, name: string): WalletListing => ({ id, name, webapp_link: `https://${id}.example` })

/** A context whose `get` serves only the given tokens (unit test: the kernel's stores are plain snapshots here). */
function ctxWith(entries: Array<[Token<unknown>, unknown]>) {
  const map = new Map<symbol, unknown>(entries)
  return {
    get<V>(token: Token<V>): V {
      if (!map.has(token)) throw new Error(`Nothing provides ${token.description}`)
      return map.get(token) as V
    },
  }
}

const connectors = (custom: WalletListing[]) => ({
  store: { getSnapshot: () => ({ wallets: { custom, featured: [], recommended: [] } }) },
})

describe('findWallet', () => {
  it('finds a custom, featured or recommended wallet shown on Connect', () => {
    const ctx = ctxWith([[KernelTokens.Connectors, connectors([listing('demo', 'Demo')])]])
    expect(findWallet(ctx as never, 'demo')?.name).toBe('Demo')
  })

  it('a wallet picked in AllWallets reaches the pairing view with its listing (no other plugin is asked)', () => {
    const connector = new WalletConnectConnector({ createClient: () => Promise.reject(new Error('unused')), storage: createMemoryAdapter(), networks: () => new Map(), emitter: { emit: () => undefined } })
    const wallet = listing('page', 'Paged')
    expect(connector.connectingView({ wallet })).toEqual({ view: 'ConnectingWalletConnect', params: { walletId: 'page', wallet } })
    expect(connector.connectingView({ basic: true })).toEqual({ view: 'ConnectingWalletConnectBasic', params: undefined })
  })

  it('without a registry (no projectId) answers undefined instead of throwing', () => {
    const ctx = ctxWith([[KernelTokens.Connectors, connectors([])]])
    expect(findWallet(ctx as never, 'page')).toBeUndefined()
  })
})
