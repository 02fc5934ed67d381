import { describe, expect, it } from 'vitest'
import { KernelTokens, type Token, type WalletListing } from '../../kernel/index.ts'
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

  it('finds a wallet picked in AllWallets from the registry pages or search results, so its links show', () => {
    const wallets = { store: { getSnapshot: () => ({ wallets: [listing('page', 'Paged')], searchResults: [listing('hit', 'Found')], featured: [], recommended: [] }) } }
    const ctx = ctxWith([[KernelTokens.Connectors, connectors([])], [KernelTokens.Wallets, wallets]])
    expect(findWallet(ctx as never, 'page')?.webapp_link).toBe('https://page.example')
    expect(findWallet(ctx as never, 'hit')?.name).toBe('Found')
    expect(findWallet(ctx as never, 'missing')).toBeUndefined()
  })

  it('without a registry (no projectId) answers undefined instead of throwing', () => {
    const ctx = ctxWith([[KernelTokens.Connectors, connectors([])]])
    expect(findWallet(ctx as never, 'page')).toBeUndefined()
  })
})
