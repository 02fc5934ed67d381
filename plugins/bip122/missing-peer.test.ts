// @vitest-environment happy-dom
/**
 * Issue 25 §6: a host that composes bip122() without its libraries. Vite hands the plugin a stand-in for a missing
 * optional peer that throws as it is evaluated; here the peers' modules throw the same way when imported.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, MissingPeerError } from 'portico'
import { bip122, extractTransaction } from './index.ts'

vi.mock('@wallet-standard/app', () => {
  throw new Error('Could not resolve "@wallet-standard/app" imported by "portico". Is it installed?')
})
vi.mock('bitcoinjs-lib', () => {
  throw new Error('Could not resolve "bitcoinjs-lib" imported by "portico". Is it installed?')
})

const INSTALL = 'The bip122 plugin needs bitcoinjs-lib and @wallet-standard/app, which are not installed: npm i bitcoinjs-lib @wallet-standard/app'

const w = window as unknown as Record<string, unknown>
afterEach(() => {
  delete w.btc_providers
  delete w.Fine
})

describe('bip122 without bitcoinjs-lib and @wallet-standard/app (issue 25 §6)', () => {
  it('discovery reports the install line through the error event; the modal is ready and keeps its other wallets', async () => {
    // A sats-connect provider needs no Wallet Standard: it stays on offer.
    w.btc_providers = [{ id: 'Fine.P', name: 'Fine Wallet' }]
    w.Fine = { P: { request: async () => ({}) } }
    const modal = createModal({ plugins: [bip122()], storage: createMemoryAdapter() })
    const errors: unknown[] = []
    modal.events.on('error', ({ source, error }) => errors.push({ source, error }))
    await modal.ready
    expect(errors).toHaveLength(1)
    const { source, error } = errors[0] as { source: string; error: Error }
    expect(source).toBe('bip122')
    expect(error).toBeInstanceOf(MissingPeerError)
    expect(error.message).toBe(INSTALL)
    // The import's own failure stays as the cause.
    expect(error.cause).toBeInstanceOf(Error)
    expect(modal.state.connectors.getSnapshot().connectors.map((c) => c.name)).toEqual(['Fine Wallet'])
    modal.destroy()
  })

  it('building or finalizing a PSBT rejects with the install line', async () => {
    await expect(extractTransaction('cHNidP8BAAoCAAAAAAAAAAAAAAA=')).rejects.toThrow(INSTALL)
    await expect(extractTransaction('cHNidP8BAAoCAAAAAAAAAAAAAAA=')).rejects.toBeInstanceOf(MissingPeerError)
  })
})
