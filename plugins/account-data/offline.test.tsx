// @vitest-environment happy-dom
import { createServer } from 'node:net'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, createModal, definePlugin, ErrorText, type Connector } from 'portico'
import { PorticoProvider } from 'portico/react'
import { Modal } from 'portico/react'
import { accountData, BackendStatus, BackendUnreachableError } from './index.ts'
import { AccountDataTokens } from './tokens.ts'
import { ADDRESS, arbitrum, mainnet } from './account-data.fixtures.ts'
import { recordRegistrations } from '../../tests/probe-plugin.ts'

/** A port nothing listens on (bound, then closed): every backend call is refused. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const connector: Connector = {
  id: 'test-wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155',
  connect: async () => ({ accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
  disconnect: async () => undefined,
}
const chain = definePlugin({
  id: 'test-chain', kind: 'chain', portico: '1.x', namespace: 'eip155',
  setup(ctx) {
    ctx.registerChain({ namespace: 'eip155', networks: [mainnet, arbitrum], isAddress: () => true })
    ctx.registerConnector(() => connector)
  },
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('a projectId and an unreachable backend (API URL on a closed port): account data degrades quietly', () => {
  it('All Wallets goes away, the token balance alert is said once, and connecting still works', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`
    // The plugin's alerts, as it shows them through its context's snackbar.
    const observed = recordRegistrations(accountData({ retry: { baseDelayMs: 1 } }))
    const alerts = observed.registered.errors
    const modal = createModal({
      projectId: 'offline',
      storage: createMemoryAdapter(),
      plugins: [chain, observed.plugin],
      endpoints: { registry: url, blockchainApi: url, analytics: url },
      isMobile: () => false,
      closeOnConnect: false,
    })
    await modal.ready
    render(
      <PorticoProvider modal={modal}>
        <Modal />
      </PorticoProvider>,
    )
    await act(async () => modal.open())
    await screen.findByRole('button', { name: /Test Wallet/ })
    // Opening Connect asks the registry; once it is known unreachable the entry is gone.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /All Wallets/ })).toBeNull(), { timeout: 5_000 })
    expect(modal.views.has('AllWallets')).toBe(false)
    expect(modal.get(AccountDataTokens.Backend).isUnreachable('registry')).toBe(true)

    // The rest works: connecting routes to Account.
    await act(async () => screen.getByRole('button', { name: /Test Wallet/ }).click())
    await screen.findByRole('dialog', { name: 'Account' })
    expect(modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(ADDRESS)

    // SPEC §8 keeps "Token Balance Unavailable" for a failed balance load: said once, not once per load.
    await vi.waitFor(() => expect(alerts).toContain(ErrorText.TOKEN_BALANCE_UNAVAILABLE), { timeout: 5_000 })
    await modal.get(AccountDataTokens.Transactions).load()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 31_000) // past the SPEC §9 30 s balance retry gap
    await modal.get(AccountDataTokens.TokenBalance).fetch({ force: true })
    expect(modal.get(AccountDataTokens.TokenBalance).store.getSnapshot().error).toBe(ErrorText.TOKEN_BALANCE_UNAVAILABLE)
    expect(alerts).toEqual([ErrorText.TOKEN_BALANCE_UNAVAILABLE])
    cleanup()
    modal.destroy()
  })
})

describe('BackendStatus', () => {
  it('an answered failure is always alerted; an unreachable backend once until it replies again', () => {
    const snackbar = { showError: vi.fn() }
    const status = new BackendStatus(snackbar)
    const gone = new BackendUnreachableError('/v1/balance')
    status.alert('blockchainApi', 'Token Balance Unavailable', new Error('HTTP 500'))
    status.alert('blockchainApi', 'Token Balance Unavailable', new Error('HTTP 500'))
    expect(snackbar.showError).toHaveBeenCalledTimes(2)
    status.unreachable('blockchainApi')
    status.alert('blockchainApi', 'Token Balance Unavailable', gone)
    status.alert('blockchainApi', 'Failed to fetch transactions', gone)
    status.alert('blockchainApi', 'Token Balance Unavailable', gone)
    expect(snackbar.showError).toHaveBeenCalledTimes(3)
    // The unsupported-network alert (no error) is the SPEC's and always shown.
    status.alert('blockchainApi', 'Token Balance Unavailable')
    expect(snackbar.showError).toHaveBeenCalledTimes(4)
    status.reached('blockchainApi')
    expect(status.isUnreachable('blockchainApi')).toBe(false)
    status.alert('blockchainApi', 'Token Balance Unavailable', gone)
    expect(snackbar.showError).toHaveBeenCalledTimes(5)

    const seen = vi.fn()
    status.onUnreachable('registry', seen)
    status.unreachable('registry')
    status.reached('registry')
    status.unreachable('registry')
    expect(seen).toHaveBeenCalledTimes(1)
  })
})
