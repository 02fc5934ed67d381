// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter } from 'portico'
import { embeddedWallet } from './index.ts'
import type { FrameUser } from './protocol.ts'
import { destroyModals, evmChain, fakeSecureSite, SECURE, startModal, until } from './test-site.fixtures.tsx'
const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SMART = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const FARCASTER_URL = 'http://127.0.0.1:8789/app/siwf?channelToken=abc'


const user = (type: 'eoa' | 'smartAccount', extra: Partial<FrameUser> = {}): FrameUser => ({
  email: 'ada@example.com',
  address: type === 'eoa' ? EOA : SMART,
  chainId: 31337,
  accounts: [
    { address: EOA, type: 'eoa', namespace: 'eip155' },
    { address: SMART, type: 'smartAccount', namespace: 'eip155' },
  ],
  preferredAccountType: type,
  ...extra,
})

afterEach(() => {
  cleanup()
  destroyModals()
  vi.useRealTimers()
})

async function setup(o: { table?: Parameters<typeof fakeSecureSite>[0]; track?: (event: string, props: Record<string, unknown>) => void; defaultAccountType?: 'eoa' | 'smartAccount'; paymasterUrl?: string; enabled?: number[]; fetchSessions?: (url: string) => Promise<{ status: number; body: unknown }>; deployed?: () => boolean } = {}) {
  let current: 'eoa' | 'smartAccount' = 'eoa'
  const deployedNow = o.deployed ?? (() => false)
  const site = fakeSecureSite({
    CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_OTP' } }),
    CONNECT_OTP: () => ({ ok: { user: user(current) } }),
    GET_USER: () => ({ ok: { user: user(current, { smartAccountDeployed: deployedNow() }) } }),
    SWITCH_NETWORK: (p: { chainId: number }) => ({ ok: { chainId: p.chainId } }),
    IS_CONNECTED: () => ({ ok: { isConnected: true } }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ ok: { smartAccountEnabledNetworks: o.enabled ?? [31337] } }),
    SET_PREFERRED_ACCOUNT: (p: { type: 'eoa' | 'smartAccount' }) => {
      current = p.type
      return { ok: { type: p.type, address: p.type === 'eoa' ? EOA : SMART } }
    },
    ...o.table,
  })
  const storage = createMemoryAdapter()
  const { modal, controller, view } = await startModal({
    // These tests look at Account after connecting.
    closeOnConnect: false,
    projectId: 'p1',
    storage,
    plugins: [
      evmChain,
      embeddedWallet({
        secureSiteUrl: SECURE,
        socials: ['github', 'farcaster'],
        ...(o.defaultAccountType ? { defaultAccountType: o.defaultAccountType } : {}),
        ...(o.paymasterUrl ? { paymasterUrl: o.paymasterUrl } : {}),
        testing: { ...site.testing, ...(o.track ? { track: o.track } : {}), ...(o.fetchSessions ? { fetchSessions: o.fetchSessions } : {}) },
      }),
    ],
  })
  view()
  return { modal, site, controller, storage }
}

async function emailLogin(t: Awaited<ReturnType<typeof setup>>) {
  await act(() => t.modal.open())
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
  fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '123456' } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
  await until(() => t.modal.router.current.view === 'Account')
}

describe('account types (SPEC §3, §4 Switching account type)', () => {
  it('switches to the smart account and back: frame asked, address changes, SPEC §3 key stored, analytics sent', async () => {
    const track = vi.fn()
    const t = await setup({ track })
    await emailLogin(t)
    const account = () => t.modal.state.accounts.getSnapshot().byNamespace.eip155!
    expect(account().address).toBe(EOA)
    expect(account().allAccounts.map((a) => a.type)).toEqual(['eoa', 'smartAccount'])
    expect(screen.queryByRole('button', { name: 'Switch to EOA' })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }))
    await until(() => t.modal.router.current.view === 'SwitchAccountType')
    expect(await screen.findByText('Account type: EOA')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Switch to smart account' }))
    expect(t.controller.state.accountType.switching).toBe(true) // SPEC §4: loading set
    await until(() => t.modal.router.current.view === 'Account')
    expect(t.controller.state.accountType.switching).toBe(false) // and cleared
    expect(account().address).toBe(SMART)
    expect(account().allAccounts[0]).toMatchObject({ address: SMART, type: 'smartAccount' })
    expect(t.site.requests.find((r) => r.type === 'SET_PREFERRED_ACCOUNT')?.payload).toEqual({ type: 'smartAccount' })
    expect(JSON.parse(t.storage.getItem('@portico/preferred_account_types') ?? 'null')).toEqual({ eip155: 'smartAccount' })
    expect(track).toHaveBeenCalledWith('SET_PREFERRED_ACCOUNT_TYPE', expect.objectContaining({ accountType: 'smartAccount' }))
    expect(t.modal.state.network.getSnapshot().byNamespace.eip155?.smartAccountEnabledNetworks).toEqual([31337])

    fireEvent.click(await screen.findByRole('button', { name: 'Switch to EOA' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to EOA' }))
    await until(() => account().address === EOA)
    expect(JSON.parse(t.storage.getItem('@portico/preferred_account_types') ?? 'null')).toEqual({ eip155: 'eoa' })
  })

  it('SPEC §3 smartAccountDeployed turns true after the first send from the smart account', async () => {
    let deployed = false
    const t = await setup({
      deployed: () => deployed,
      table: {
        RPC_REQUEST: () => {
          deployed = true
          return { ok: { result: '0xabc' } }
        },
      },
    })
    await emailLogin(t)
    await t.controller.switchAccountType('smartAccount')
    expect(t.controller.state.user?.smartAccountDeployed).toBe(false)
    await t.modal.state.connector('embedded-wallet')!.request!({ namespace: 'eip155', caipNetworkId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ to: SMART, value: '0x1' }] })
    await until(() => t.controller.state.user?.smartAccountDeployed === true)
  })

  it('SPEC §4: smart accounts only on enabled networks — no switch offered elsewhere', async () => {
    const t = await setup({ enabled: [1] })
    await emailLogin(t)
    await until(() => t.controller.state.smartAccountEnabledNetworks !== undefined)
    expect(screen.queryByRole('button', { name: 'Switch to smart account' })).toBeNull()
    expect(t.controller.canSwitchAccountType('eip155:31337')).toBe(false)
    expect(t.controller.canSwitchAccountType('eip155:1')).toBe(true)
  })

  it('a refused switch clears loading and shows the secure site text; the address stays', async () => {
    const t = await setup({ table: { SET_PREFERRED_ACCOUNT: () => ({ error: 'This application might not support Smart Accounts.' }) } })
    await emailLogin(t)
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This application might not support Smart Accounts.')
    expect(t.controller.state.accountType.switching).toBe(false)
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBe(EOA)
  })

  it('the host default goes to the frame with SYNC_DAPP_DATA', async () => {
    const t = await setup({ defaultAccountType: 'smartAccount' })
    await emailLogin(t)
    const sync = t.site.requests.find((r) => r.type === 'SYNC_DAPP_DATA')
    expect(sync?.payload).toMatchObject({ projectId: 'p1', preferredAccountType: 'smartAccount' })
    expect(sync?.payload).not.toHaveProperty('paymasterUrl')
  })

  it("issue 29: the host's paymasterUrl goes to the frame with SYNC_DAPP_DATA (the smart account's ERC-7677 sponsor)", async () => {
    const t = await setup({ paymasterUrl: 'https://pm.example/rpc?key=abc' })
    await emailLogin(t)
    const sync = t.site.requests.find((r) => r.type === 'SYNC_DAPP_DATA')
    expect(sync?.payload).toMatchObject({ projectId: 'p1', paymasterUrl: 'https://pm.example/rpc?key=abc' })
  })
})

describe('ConnectingFarcaster (SPEC §2, §4 Farcaster uses a URL)', () => {
  it('shows a QR and "Open in Farcaster" for the URL, then connects with the Farcaster user', async () => {
    const t = await setup({ table: { GET_FARCASTER_URI: () => ({ ok: { url: FARCASTER_URL } }), CONNECT_FARCASTER: () => 'hold' } })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Farcaster' }))
    const link = await screen.findByRole('link', { name: 'Open in Farcaster' })
    expect(link.getAttribute('href')).toBe(FARCASTER_URL)
    expect(screen.getByRole('img', { name: 'Farcaster sign-in QR code' })).toBeTruthy()
    expect(t.controller.state.farcaster.url).toBe(FARCASTER_URL)
    const connect = t.site.requests.find((r) => r.type === 'CONNECT_FARCASTER')!
    const alice: FrameUser = { ...user('eoa'), email: undefined, userName: 'alice', fid: 2, avatar: 'http://127.0.0.1:8789/alice.png' }
    t.site.send({ type: 'CONNECT_FARCASTER_SUCCESS', id: connect.id, payload: { user: alice } })
    await until(() => t.modal.router.current.view === 'Account')
    const info = t.modal.state.accounts.getSnapshot().byNamespace.eip155?.connectedWalletInfo
    expect(info).toMatchObject({ name: 'alice', icon: 'http://127.0.0.1:8789/alice.png' })
  })

  it('a failed sign-in shows "Failed to connect to farcaster" and the modal stays usable', async () => {
    const t = await setup({ table: { GET_FARCASTER_URI: () => ({ ok: { url: FARCASTER_URL } }), CONNECT_FARCASTER: () => ({ error: 'boom' }) } })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Farcaster' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to connect to farcaster')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('an unsafe URL from the frame gets a QR but no link', async () => {
    const t = await setup({ table: { GET_FARCASTER_URI: () => ({ ok: { url: 'javascript:alert(1)' } }), CONNECT_FARCASTER: () => 'hold' } })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Farcaster' }))
    await until(() => t.controller.state.farcaster.url !== undefined)
    expect(screen.queryByRole('link', { name: 'Open in Farcaster' })).toBeNull()
  })

  it('SPEC §2: leaving while disconnected clears the URL, reloads the frame and re-syncs app data after 100 ms', async () => {
    const t = await setup({ table: { GET_FARCASTER_URI: () => ({ ok: { url: FARCASTER_URL } }), CONNECT_FARCASTER: () => 'hold' } })
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Farcaster' }))
    await screen.findByRole('link', { name: 'Open in Farcaster' })
    const syncsBefore = t.site.kinds().filter((k) => k === 'SYNC_DAPP_DATA').length
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    act(() => t.modal.router.goBack())
    expect(t.controller.state.farcaster.url).toBeUndefined()
    await vi.advanceTimersByTimeAsync(99)
    expect(t.site.kinds()).toContain('RELOAD')
    expect(t.site.kinds().filter((k) => k === 'SYNC_DAPP_DATA').length).toBe(syncsBefore)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.site.kinds().filter((k) => k === 'SYNC_DAPP_DATA').length).toBe(syncsBefore + 1)
  })
})

describe('smart sessions (SPEC §1 manage smart-account sessions, §3 session record)', () => {
  it('lists GET /v1/sessions/{caip} of the smart account and revokes one through the frame, then lists again', async () => {
    const expiry = 2_000_000_000
    let live = [
      { pci: 'pci-one-0123456789', expiry, grant: { permissions: [{ type: 'native-token-recurring-allowance' }] }, signature: '0x01' },
      { pci: 'pci-two-0123456789', expiry, grant: { permissions: [{ type: 'contract-call' }] }, signature: '0x02' },
    ]
    const urls: string[] = []
    const t = await setup({
      fetchSessions: async (url) => {
        urls.push(url)
        return { status: 200, body: { pcis: live } }
      },
      table: {
        RPC_REQUEST: (p: { method: string; params: Array<{ permissionContext: string }> }) => {
          if (p.method === 'wallet_revokePermissions') live = live.filter((s) => s.pci !== p.params[0]!.permissionContext)
          return { ok: { result: {} } }
        },
      },
    })
    await emailLogin(t)
    expect(screen.queryByRole('button', { name: 'Sessions' })).toBeNull() // the EOA has no sessions
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to smart account' }))
    await until(() => t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address === SMART)
    fireEvent.click(await screen.findByRole('button', { name: 'Sessions' }))
    const list = await screen.findByRole('list', { name: 'Active sessions' })
    expect(list.textContent).toContain('native-token-recurring-allowance')
    expect(list.textContent).toContain('contract-call')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    const url = new URL(urls[0]!)
    expect(url.pathname).toBe(`/v1/sessions/${encodeURIComponent(`eip155:31337:${SMART}`)}`)
    expect(url.searchParams.get('projectId')).toBe('p1')
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' })[0]!)
    await until(() => screen.queryAllByRole('listitem').length === 1)
    const revoke = t.site.requests.find((r) => r.type === 'RPC_REQUEST' && (r.payload as { method: string }).method === 'wallet_revokePermissions')
    expect(revoke?.payload).toMatchObject({ params: [{ permissionContext: 'pci-one-0123456789' }], chainId: 31337 })
    expect(screen.getByRole('list', { name: 'Active sessions' }).textContent).toContain('contract-call')
  })

  it('malformed session records are dropped, never rendered as markup', async () => {
    const { parseSessions } = await import('./index.ts')
    expect(parseSessions({ pcis: [{ pci: 'a', expiry: 1, grant: { permissions: [{ type: '<b>x</b>' }, 7] } }, { pci: 5, expiry: 1 }, null] })).toEqual([{ pci: 'a', expiry: 1, permissions: ['<b>x</b>'] }])
    expect(parseSessions({ nope: true })).toEqual([])
  })
})
