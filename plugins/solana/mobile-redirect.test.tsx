// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, type Modal, type WalletListing } from 'portico'
import { PorticoProvider, useConnectingView } from 'portico/react'
import { eip155 } from 'portico/plugins/eip155'
import { solana, solanaMobileRedirect } from './index.ts'

const PAGE = 'https://dapp.example/swap?x=1'

describe('SPEC §9 mobile deep-link redirects for three Solana wallets', () => {
  it('Phantom, Solflare and Coinbase Wallet open the page in their in-app browser; other wallets have none', () => {
    expect(solanaMobileRedirect('Phantom', PAGE)).toBe('https://phantom.app/ul/browse/https%3A%2F%2Fdapp.example%2Fswap%3Fx%3D1?ref=https%3A%2F%2Fdapp.example')
    expect(solanaMobileRedirect('solflare', PAGE)).toBe('https://solflare.com/ul/v1/browse/https%3A%2F%2Fdapp.example%2Fswap%3Fx%3D1?ref=https%3A%2F%2Fdapp.example')
    expect(solanaMobileRedirect('Coinbase Wallet', PAGE)).toBe('https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fdapp.example%2Fswap%3Fx%3D1')
    expect(solanaMobileRedirect('Trust Wallet', PAGE)).toBeUndefined()
  })
})

describe('the solana plugin opens those wallets itself when a registry wallet is picked on a phone', () => {
  let modal: Modal | undefined
  afterEach(() => modal?.destroy())

  async function pick(wallet: WalletListing, opts: { mobile: boolean; evmFirst?: boolean }) {
    const navigate = vi.fn()
    const plugins = [...(opts.evmFirst ? [eip155({ legacyInjected: false })] : []), solana({ builtinNetworks: true, navigate })]
    modal = createModal({ storage: createMemoryAdapter(), isMobile: () => opts.mobile, plugins })
    await modal.ready
    expect(modal.state.network.getSnapshot().activeNamespace).toBe(opts.evmFirst ? 'eip155' : 'solana')
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider modal={modal!}>{children}</PorticoProvider>
    const { result } = renderHook(() => useConnectingView(), { wrapper })
    const before = modal.router.history.length
    result.current({ wallet })
    return { navigate, pushed: modal.router.history.length !== before }
  }

  it('on mobile with Solana active, Phantom redirects instead of pairing', async () => {
    const { navigate, pushed } = await pick({ id: 'phantom', name: 'Phantom' }, { mobile: true })
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/phantom\.app\/ul\/browse\//))
    expect(pushed).toBe(false)
  })

  it('a wallet without a redirect, or a desktop page, does not redirect', async () => {
    expect((await pick({ id: 'trust', name: 'Trust Wallet' }, { mobile: true })).navigate).not.toHaveBeenCalled()
    modal?.destroy()
    expect((await pick({ id: 'phantom', name: 'Phantom' }, { mobile: false })).navigate).not.toHaveBeenCalled()
  })

  it('with eip155 the active namespace, Phantom pairs as usual', async () => {
    expect((await pick({ id: 'phantom', name: 'Phantom' }, { mobile: true, evmFirst: true })).navigate).not.toHaveBeenCalled()
  })
})
