// @vitest-environment happy-dom
import { Suspense } from 'react'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal } from 'portico'
import { PorticoProvider } from 'portico/react'
import { createBitcoinDevWallet } from 'portico/testing'
import AccountsView from './AccountsView.tsx'
import { bip122, bitcoinRegtest, fromWalletStandard } from './index.ts'

afterEach(cleanup)

describe('Bip122Accounts view', () => {
  it('lists payment and ordinals accounts; the ordinals one shows the SPEC §8 alert and stays inactive', async () => {
    const wallet = fromWalletStandard(createBitcoinDevWallet({ autoApprove: true }).standardWallet)
    const modal = createModal({
      plugins: [bip122({ networks: [bitcoinRegtest('http://127.0.0.1:9')], builtinNetworks: false, wallets: [wallet] })],
      storage: createMemoryAdapter(),
    })
    await modal.ready
    await modal.connection.connect('bip122:ws:Portico Dev Wallet', 'bip122')
    render(
      <PorticoProvider modal={modal}>
        <AccountsView />
      </PorticoProvider>,
    )
    const rows = within(screen.getByRole('list', { name: 'Bitcoin accounts' })).getAllByRole('button')
    expect(rows.map((r) => r.getAttribute('aria-label') ?? r.textContent)).toEqual([
      expect.stringContaining('Payment bcrt…wjpnuw'),
      expect.stringContaining('Ordinals bcrt…92e5zv'),
    ])
    act(() => rows[1]!.click())
    expect(screen.getByRole('alert').textContent).toBe('Switching to non-payment accounts is not allowed')
    expect(modal.state.accounts.getSnapshot().byNamespace.bip122?.address).toBe('bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw')
    modal.destroy()
  })

  it('issue 17: with locale "de" the list, the purposes and the Active tag read German (addresses stay as they are)', async () => {
    const wallet = fromWalletStandard(createBitcoinDevWallet({ autoApprove: true }).standardWallet)
    const modal = createModal({
      plugins: [bip122({ networks: [bitcoinRegtest('http://127.0.0.1:9')], builtinNetworks: false, wallets: [wallet] })],
      storage: createMemoryAdapter(),
      locale: 'de',
    })
    await modal.ready
    await modal.connection.connect('bip122:ws:Portico Dev Wallet', 'bip122')
    await act(async () => {
      render(
        <PorticoProvider modal={modal}>
          <Suspense fallback={null}>
            <AccountsView />
          </Suspense>
        </PorticoProvider>,
      )
    })
    const rows = within(await screen.findByRole('list', { name: 'Bitcoin-Konten' })).getAllByRole('button')
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Zahlung bcrt…wjpnuw'), expect.stringContaining('Ordinals bcrt…92e5zv')])
    expect(rows[0]!.textContent).toContain('Aktiv')
    expect(rows[1]!.textContent).not.toContain('Aktiv')
    modal.destroy()
  })
})
