// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, definePlugin, type CaipNetwork, type Modal as ModalInstance, type ModalFeatures, type StorageAdapter, type TranslatableText } from 'portico'
import { trackLeaks } from 'portico/testing/conformance'
import { AUTH_CONNECTOR_ID, embeddedWallet, EmbeddedWalletTokens, visibleSocials, type PopupLike } from './index.ts'
import type { FrameUser } from './protocol.ts'
import { destroyModals, fakeSecureSite, forgetModal, SECURE, startModal, until } from './test-site.fixtures.tsx'
import { recordRegistrations } from '../../tests/probe-plugin.ts'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function network(namespace: 'eip155' | 'solana'): CaipNetwork {
  return namespace === 'eip155'
    ? { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }
    : { id: 'local', caipNetworkId: 'solana:local', chainNamespace: 'solana', name: 'Solana Local', nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }
}

function chain(namespace: 'eip155' | 'solana') {
  return definePlugin({
    id: `chain-${namespace}`,
    kind: 'chain',
    namespace,
    portico: '1.x',
    setup(ctx) {
      ctx.registerChain({ namespace, networks: [network(namespace)], isAddress: () => true })
    },
  })
}

const user = (extra: Partial<FrameUser> = {}): FrameUser => ({
  email: 'ada@example.com',
  address: EVM,
  chainId: 31337,
  accounts: [
    { address: EVM, type: 'eoa', namespace: 'eip155' },
    { address: SOL, type: 'eoa', namespace: 'solana' },
  ],
  preferredAccountType: 'eoa',
  ...extra,
})


afterEach(() => {
  cleanup()
  destroyModals()
  vi.useRealTimers()
})

async function setup(o: {
  table?: Parameters<typeof fakeSecureSite>[0]
  namespaces?: Array<'eip155' | 'solana'>
  /** null: the plugin gets no socials option (the host's features.socials apply). */
  socials?: Parameters<typeof embeddedWallet>[0]['socials'] | null
  popup?: () => PopupLike | null
  storage?: StorageAdapter
  fetchOrigins?: () => Promise<{ status: number; body: unknown }>
  features?: ModalFeatures
  closeOnConnect?: boolean
} = {}) {
  const site = fakeSecureSite({
    CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_OTP' } }),
    CONNECT_OTP: (p: { otp: string }) => (p.otp === '123456' ? { ok: { user: user() } } : { error: 'Invalid code' }),
    GET_USER: () => ({ ok: { user: user() } }),
    SWITCH_NETWORK: (p: { chainId: number }) => ({ ok: { chainId: p.chainId } }),
    IS_CONNECTED: () => ({ ok: { isConnected: true } }),
    ...o.table,
  })
  const storage = o.storage ?? createMemoryAdapter()
  // What the plugin registers in Account and Connect, read as it registers it (tests/probe-plugin.ts).
  const observed = recordRegistrations(
    embeddedWallet({
      secureSiteUrl: SECURE,
      ...(o.socials === null ? {} : { socials: o.socials ?? ['github', 'google'] }),
      testing: { ...site.testing, ...(o.popup ? { openPopup: o.popup } : {}), ...(o.fetchOrigins ? { fetchOrigins: o.fetchOrigins } : {}) },
    }),
  )
  const { modal, controller, view } = await startModal({
    // Most tests look at Account after connecting.
    closeOnConnect: o.closeOnConnect ?? false,
    projectId: 'p1',
    storage,
    ...(o.features ? { features: o.features } : {}),
    plugins: [
      ...(o.namespaces ?? ['eip155']).map(chain),
      observed.plugin,
    ],
  })
  return { modal, site, controller, view, storage, registered: observed.registered }
}

describe('embedded wallet: Connect sections (SPEC §2)', () => {
  it('shows the email field first, then the socials in the host order, then wallets', async () => {
    const t = await setup({ socials: ['github', 'google', 'x'] })
    t.view()
    await act(() => t.modal.open())
    const email = await screen.findByRole('textbox', { name: 'Email' })
    const social = await screen.findByRole('group', { name: 'Social login' })
    const buttons = within(social).getAllByRole('button', { name: /^Continue with / })
    expect(buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Continue with GitHub', 'Continue with Google', 'Continue with X'])
    expect(email.compareDocumentPosition(buttons[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // Issue 30: the first provider is a full-width text button, the others a row of named icon buttons.
    expect(buttons[0]!.textContent).toBe('Continue with GitHub')
    expect(within(within(social).getByRole('group', { name: 'More sign-in options' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Continue with Google', 'Continue with X'])
  })

  it("the host's features switches (docs/OPTIONS.md), read by this plugin: email off, socials off, the host's socials", async () => {
    const sections = async (o: Parameters<typeof setup>[0]) => {
      const t = await setup(o)
      const list = t.registered.sections.map((s) => s.method)
      return { list, services: t.modal.get(EmbeddedWalletTokens.Services) }
    }
    expect((await sections({})).list).toEqual(['email', 'social'])
    expect((await sections({ features: { email: false } })).list).toEqual(['social'])
    expect((await sections({ features: { socials: [] } })).list).toEqual(['email'])
    const hosts = await sections({ socials: null, features: { socials: ['discord', 'apple'] } })
    expect(hosts.list).toEqual(['email', 'social'])
    expect(hosts.services.socials).toEqual(['discord', 'apple'])
  })

  it('SPEC §5 email validation: an invalid address is refused before anything is sent', async () => {
    const t = await setup()
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy()
    expect(t.site.requests).toHaveLength(0)
    expect(t.site.mounts()).toBe(0)
  })

  it('SPEC §5 Telegram rules: iOS hides google, Mac hides x, Android hides facebook and x', () => {
    const all = ['google', 'github', 'apple', 'facebook', 'x', 'discord']
    expect(visibleSocials(all, { inTelegram: true, platform: 'ios' })).toEqual(['github', 'apple', 'facebook', 'x', 'discord'])
    expect(visibleSocials(all, { inTelegram: true, platform: 'macos' })).toEqual(['google', 'github', 'apple', 'facebook', 'discord'])
    expect(visibleSocials(all, { inTelegram: true, platform: 'android' })).toEqual(['google', 'github', 'apple', 'discord'])
    expect(visibleSocials(all, { inTelegram: false, platform: 'android' })).toEqual(all)
    expect(visibleSocials(['x', 'myspace', 'x', 'github'], { inTelegram: false, platform: 'other' })).toEqual(['x', 'github'])
  })
})

describe('embedded wallet: email login (SPEC §4)', () => {
  it('device approval, then the code, then connected with the login-frame user', async () => {
    const t = await setup({ table: { CONNECT_EMAIL: () => ({ ok: { action: 'VERIFY_DEVICE' } }), CONNECT_DEVICE: () => 'hold' } })
    t.view()
    await act(() => t.modal.open())
    expect(t.site.mounts()).toBe(0) // SPEC §4: created on first use
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Approve the login in your email')).toBeTruthy()
    expect(t.site.targets.every((o) => o === SECURE)).toBe(true)
    const device = t.site.requests.find((r) => r.type === 'CONNECT_DEVICE')!
    t.site.send({ type: 'CONNECT_DEVICE_SUCCESS', id: device.id, payload: { action: 'VERIFY_OTP' } })
    const code = await screen.findByRole('textbox', { name: 'Code' })
    fireEvent.change(code, { target: { value: '654321' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Invalid code')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await until(() => t.modal.router.current.view === 'Account')
    const account = t.modal.state.accounts.getSnapshot().byNamespace.eip155!
    expect(account.address).toBe(EVM)
    expect(account.connectedWalletInfo?.name).toBe('ada@example.com')
    expect(t.modal.connection.active('eip155')?.connector.id).toBe(AUTH_CONNECTOR_ID)
    expect(t.controller.state.user?.email).toBe('ada@example.com')
    const otp = t.site.requests.filter((r) => r.type === 'CONNECT_OTP').at(-1)!
    expect(otp.payload).toEqual({ otp: '123456', chainId: 31337 })
  })

  it('a code must be six digits', async () => {
    const t = await setup()
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '12345' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy()
    expect(t.site.kinds()).not.toContain('CONNECT_OTP')
  })

  it('SPEC §5 throttle: resend waits 30 s, "Please try again after {n} seconds" counts down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const t = await setup()
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('textbox', { name: 'Code' })
    expect(screen.getByText(/^Please try again after (30|29) seconds$/)).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(screen.getByText(/^Please try again after (20|19) seconds$/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(21_000))
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }))
    await until(() => t.site.kinds().filter((k) => k === 'CONNECT_EMAIL').length === 2)
    // Back on Connect, a new address inside the 30 s is refused with the throttle text.
    await act(() => {
      t.modal.router.goBack()
    })
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'bob@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(/^Please try again after \d+ seconds$/)).toBeTruthy()
    expect(t.site.kinds().filter((k) => k === 'CONNECT_EMAIL')).toHaveLength(2)
  })

  it('closing the modal rejects the pending connect with "Modal closed"', async () => {
    const t = await setup({ table: { CONNECT_OTP: () => 'hold' } })
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await until(() => t.site.kinds().includes('CONNECT_OTP'))
    const otp = t.site.requests.find((r) => r.type === 'CONNECT_OTP')!
    await act(() => t.modal.close())
    await until(() => t.modal.state.connection.getSnapshot().status === 'disconnected')
    expect(t.controller.state.email.step).toBe('idle')
    // The late answer connects nothing.
    t.site.send({ type: 'CONNECT_OTP_SUCCESS', id: otp.id, payload: { user: user() } })
    await Promise.resolve()
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.address).toBeUndefined()
  })
})

describe('issue 25 §5: a login in eip155 and solana closes the modal and leaves the host on its network', () => {
  const isOpen = (modal: ModalInstance) => modal.state.modal.getSnapshot().open

  it('email: both namespaces connect, the modal closes, the active network stays the default eip155 one with the EVM account', async () => {
    const t = await setup({ namespaces: ['eip155', 'solana'], closeOnConnect: true })
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await until(() => t.modal.connection.active('solana')?.address === SOL)
    await until(() => !isOpen(t.modal))
    const network = t.modal.state.network.getSnapshot()
    expect(network.activeNamespace).toBe('eip155')
    expect(network.byNamespace.eip155?.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(t.modal.connection.active()?.address).toBe(EVM)
  })

  it('social: the same after GitHub through the popup', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn(() => void (popup.closed = true)) }
    const t = await setup({
      namespaces: ['eip155', 'solana'],
      closeOnConnect: true,
      table: {
        GET_SOCIAL_REDIRECT_URI: (p: { provider: string; state: string }) => ({ ok: { uri: `${SECURE}/social/start?provider=${p.provider}&state=${p.state}` } }),
        CONNECT_SOCIAL: () => ({ ok: { user: user({ email: undefined, userName: 'ada-gh' }) } }),
      },
      popup: () => popup,
    })
    t.view()
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }))
    await until(() => popup.location.href.startsWith(`${SECURE}/social/start?provider=github`))
    const state = new URL(popup.location.href).searchParams.get('state')!
    t.site.send({ type: 'SOCIAL_RESULT', payload: { code: 'good', state } }, SECURE, popup)
    await until(() => t.modal.connection.active('solana')?.address === SOL)
    await until(() => !isOpen(t.modal))
    expect(t.modal.state.network.getSnapshot().activeNamespace).toBe('eip155')
    expect(t.modal.connection.active()?.address).toBe(EVM)
  })
})

describe('embedded wallet: social login (SPEC §4)', () => {
  function fakePopup() {
    const popup = { closed: false, location: { href: '' }, close: vi.fn(() => void (popup.closed = true)) }
    return popup
  }

  it('opens the popup, accepts only the exact origin and the popup window, then connects by social', async () => {
    const popup = fakePopup()
    const t = await setup({
      table: {
        GET_SOCIAL_REDIRECT_URI: (p: { provider: string; state: string }) => ({ ok: { uri: `${SECURE}/social/start?provider=${p.provider}&state=${p.state}` } }),
        CONNECT_SOCIAL: (p: { code: string }) => (p.code === 'good' ? { ok: { user: user({ email: undefined, userName: 'ada-gh' }) } } : { error: 'bad code' }),
      },
      popup: () => popup,
    })
    t.view()
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }))
    await until(() => popup.location.href.startsWith(`${SECURE}/social/start?provider=github`))
    const state = new URL(popup.location.href).searchParams.get('state')!
    t.site.send({ type: 'SOCIAL_RESULT', payload: { code: 'forged', state } }, 'http://evil.example', popup)
    t.site.send({ type: 'SOCIAL_RESULT', payload: { code: 'forged', state } }, SECURE, {})
    t.site.send({ type: 'SOCIAL_RESULT', payload: { code: 'forged', state: 'other' } }, SECURE, popup)
    t.site.send({ type: 'SOCIAL_RESULT', payload: { code: 'good', state } }, SECURE, popup)
    await until(() => t.modal.router.current.view === 'Account')
    expect(t.site.requests.filter((r) => r.type === 'CONNECT_SOCIAL').map((r) => (r.payload as { code: string }).code)).toEqual(['good'])
    expect(t.controller.state.socialProvider).toBe('github')
    expect(t.modal.state.accounts.getSnapshot().byNamespace.eip155?.connectedWalletInfo?.name).toBe('ada-gh')
    expect(popup.close).toHaveBeenCalled()
  })

  it('"Popup closed" when the popup is closed (polled every 1 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const popup = fakePopup()
    const t = await setup({ table: { GET_SOCIAL_REDIRECT_URI: () => ({ ok: { uri: `${SECURE}/social/start` } }) }, popup: () => popup })
    t.view()
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }))
    await until(() => popup.location.href !== '')
    popup.closed = true
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(await screen.findByText('Popup closed')).toBeTruthy()
  })

  it('"Failed to initiate social connection" when the start URL cannot be had', async () => {
    const popup = fakePopup()
    const t = await setup({ table: { GET_SOCIAL_REDIRECT_URI: () => ({ error: 'nope' }) }, popup: () => popup })
    t.view()
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }))
    expect(await screen.findByText('Failed to initiate social connection')).toBeTruthy()
    expect(popup.close).toHaveBeenCalled()
  })

  it('"Failed to connect" when the frame refuses the result code, or the popup reports an error', async () => {
    let popup = fakePopup()
    const t = await setup({
      table: { GET_SOCIAL_REDIRECT_URI: (p: { state: string }) => ({ ok: { uri: `${SECURE}/social/start?state=${p.state}` } }), CONNECT_SOCIAL: () => ({ error: 'bad code' }) },
      popup: () => popup,
    })
    t.view()
    await act(() => t.modal.open())
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with GitHub' }))
    await until(() => popup.location.href !== '')
    let state = new URL(popup.location.href).searchParams.get('state')!
    t.site.send({ type: 'SOCIAL_RESULT', payload: { code: 'c1', state } }, SECURE, popup)
    expect(await screen.findByText('Failed to connect')).toBeTruthy()
    expect(t.modal.connection.active('eip155')).toBeUndefined()
    popup = fakePopup()
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }))
    await until(() => popup.location.href !== '')
    await until(() => t.controller.state.social.status === 'waiting')
    state = new URL(popup.location.href).searchParams.get('state')!
    t.site.send({ type: 'SOCIAL_ERROR', payload: { message: 'access_denied', state } }, SECURE, popup)
    await until(() => t.controller.state.social.status === 'error' && t.controller.state.social.provider === 'google')
    expect(t.controller.state.social.error).toBe('Failed to connect')
  })
})

describe('embedded wallet: connector, RPC, approval, disconnect, reload', () => {
  async function connected(o: Parameters<typeof setup>[0] = {}) {
    const t = await setup(o)
    const done = t.modal.connection.connect(AUTH_CONNECTOR_ID, 'eip155')
    await t.controller.startEmail('ada@example.com')
    await t.controller.submitOtp('123456')
    await done
    return t
  }

  it('connects eip155 and solana with the frame user; SPEC §3 user and socialProvider kept', async () => {
    const t = await setup({ namespaces: ['eip155', 'solana'] })
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Code' }), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await until(() => t.modal.router.current.view === 'Account')
    await until(() => t.modal.connection.active('solana')?.address === SOL)
    expect(t.modal.connection.active('eip155')?.address).toBe(EVM)
  })

  it('routes signing RPC to the frame and answers unknown methods with 4200', async () => {
    const t = await connected({ table: { RPC_REQUEST: (p: { method: string }) => ({ ok: { result: `signed:${p.method}` } }) } })
    const connector = t.modal.connection.active('eip155')!.connector
    const args = { namespace: 'eip155', caipNetworkId: 'eip155:31337' } as const
    expect(await connector.request!({ ...args, method: 'personal_sign', params: ['0x6869', EVM] })).toBe('signed:personal_sign')
    expect(await connector.request!({ ...args, method: 'eth_chainId' })).toBe('0x7a69')
    expect(await connector.request!({ ...args, method: 'eth_accounts' })).toEqual([EVM])
    await expect(connector.request!({ ...args, method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4200 })
    const rpc = t.site.requests.filter((r) => r.type === 'RPC_REQUEST')
    expect(rpc.map((r) => r.payload)).toEqual([{ method: 'personal_sign', params: ['0x6869', EVM], chainId: 31337 }])
  })

  it('FRAME_SHOW_APPROVAL shows ApproveTransaction; FRAME_HIDE_APPROVAL goes back; closing aborts with "Request was aborted"', async () => {
    const t = await connected({ table: { RPC_REQUEST: () => 'hold' } })
    t.view()
    await act(() => t.modal.open())
    await until(() => t.modal.router.current.view === 'Account')
    const connector = t.modal.connection.active('eip155')!.connector
    const sign = connector.request!({ namespace: 'eip155', caipNetworkId: 'eip155:31337', method: 'personal_sign', params: ['0x68', EVM] }).then(() => 'ok', (e: Error) => e.message)
    await until(() => t.site.kinds().includes('RPC_REQUEST'))
    const req = t.site.requests.find((r) => r.type === 'RPC_REQUEST')!
    await act(() => t.site.send({ type: 'FRAME_SHOW_APPROVAL', payload: { id: req.id, method: 'personal_sign' } }))
    await screen.findByRole('dialog', { name: 'Approve transaction' })
    await act(() => t.site.send({ type: 'FRAME_HIDE_APPROVAL', payload: { id: req.id } }))
    await until(() => t.modal.router.current.view === 'Account')
    await act(() => t.site.send({ type: 'FRAME_SHOW_APPROVAL', payload: { id: req.id, method: 'personal_sign' } }))
    await until(() => t.modal.router.current.view === 'ApproveTransaction')
    await act(() => t.modal.close())
    expect(await sign).toBe('Request was aborted')
  })

  it('a signing request while the modal is closed opens it on ApproveTransaction', async () => {
    const t = await connected({ table: { RPC_REQUEST: () => 'hold' } })
    expect(t.modal.state.modal.getSnapshot().open).toBe(false)
    const connector = t.modal.connection.active('eip155')!.connector
    const sent = connector.request!({ namespace: 'eip155', caipNetworkId: 'eip155:31337', method: 'eth_sendTransaction', params: [{ to: EVM }] })
    await until(() => t.site.kinds().includes('RPC_REQUEST'))
    const req = t.site.requests.find((r) => r.type === 'RPC_REQUEST')!
    t.site.send({ type: 'FRAME_SHOW_APPROVAL', payload: { id: req.id, method: 'eth_sendTransaction' } })
    expect(t.modal.state.modal.getSnapshot().open).toBe(true)
    expect(t.modal.router.current.view).toBe('ApproveTransaction')
    t.site.send({ type: 'FRAME_HIDE_APPROVAL', payload: { id: req.id } })
    expect(t.modal.state.modal.getSnapshot().open).toBe(false)
    // Approved in the panel: the answer follows the hide and is not aborted by the closing.
    t.site.send({ type: 'RPC_REQUEST_SUCCESS', id: req.id, payload: { result: '0xhash' } })
    expect(await sent).toBe('0xhash')
  })

  it('disconnect signs out and clears the cached login data; a reload restores a session the frame confirms', async () => {
    const storage = createMemoryAdapter()
    const first = await connected({ storage })
    first.modal.destroy()
    forgetModal(first.modal)
    const second = await setup({ storage })
    expect(second.site.mounts()).toBe(1) // SPEC §4: created on init after an earlier login
    await until(() => second.modal.connection.active('eip155')?.address === EVM)
    expect(second.site.kinds()).toEqual(expect.arrayContaining(['IS_CONNECTED', 'GET_USER']))
    await second.modal.connection.disconnect()
    expect(second.site.kinds()).toContain('SIGN_OUT')
    expect(second.controller.state.user).toBeUndefined()
    second.modal.destroy()
    forgetModal(second.modal)
    const third = await setup({ storage })
    expect(third.site.mounts()).toBe(0)
    expect(third.modal.connection.active('eip155')).toBeUndefined()
  })

  it('a host origin not on the allowlist gets "Invalid App Configuration"', async () => {
    const t = await setup({ fetchOrigins: async () => ({ status: 200, body: { allowedOrigins: ['https://other.example'] } }) })
    t.view()
    await act(() => t.modal.open())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect((await screen.findAllByText('Invalid App Configuration')).length).toBeGreaterThan(0)
    expect(t.controller.state.alert?.code).toBe('INVALID_APP_CONFIGURATION')
  })

  it('FRAME_SESSION_EXPIRED disconnects and shows "Session Expired"', async () => {
    const t = await connected()
    t.view()
    t.site.send({ type: 'FRAME_SESSION_EXPIRED', payload: { message: 'JWT expired' } })
    await until(() => t.modal.connection.active('eip155') === undefined)
    expect(t.modal.state.snackbar.getSnapshot().message).toBe('Session Expired')
  })

  it('the Account action "Update email": primary and secondary codes, then polls every 1 s until the email changed', async () => {
    let email = 'ada@example.com'
    let polls = 0
    const t = await connected({
      table: {
        UPDATE_EMAIL: () => ({ ok: { action: 'VERIFY_PRIMARY_OTP' } }),
        UPDATE_EMAIL_PRIMARY_OTP: () => ({ ok: { action: 'VERIFY_SECONDARY_OTP' } }),
        UPDATE_EMAIL_SECONDARY_OTP: () => ({ ok: { newEmail: 'new@example.com' } }),
        GET_USER: () => {
          polls++
          if (polls >= 3) email = 'new@example.com'
          return { ok: { user: user({ email }) } }
        },
      },
    })
    t.view()
    await act(() => t.modal.open())
    const actions = await screen.findByRole('group', { name: 'Account actions' })
    fireEvent.click(within(actions).getByRole('button', { name: 'Update email' }))
    fireEvent.change(await screen.findByRole('textbox', { name: 'New email' }), { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Enter the 6-digit code sent to ada@example.com')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '111111' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Enter the 6-digit code sent to new@example.com')).toBeTruthy()
    polls = 0
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '222222' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByText('Updating your email...')
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(polls).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(await screen.findByText('Your email is now new@example.com')).toBeTruthy()
    expect(polls).toBe(3)
    expect(t.controller.state.user?.email).toBe('new@example.com')
  })

  it('registers its Account action labels and view titles as catalogue texts that resolve in German ("Farcaster" stays a name)', async () => {
    const { modal, registered } = await setup()
    const actions = registered.actions
    const label = (id: string) => actions.find((a) => a.id === id)!.label as TranslatableText
    expect(label('embedded-wallet.update-email').en).toBe('Update email')
    expect(await label('embedded-wallet.update-email').in('de')).toBe('E-Mail aktualisieren')
    expect(await label('embedded-wallet.sessions').in('de')).toBe('Sitzungen')
    expect(await label('embedded-wallet.smart-account').in('de')).toBe('Zu Smart Account wechseln')
    expect(await label('embedded-wallet.eoa').in('de')).toBe('Zu EOA wechseln')
    const views = modal.views
    const title = (id: string) => views.meta(id)!.title as TranslatableText
    expect(title('ApproveTransaction').en).toBe('Approve transaction')
    expect(await title('ApproveTransaction').in('de')).toBe('Transaktion genehmigen')
    expect(await title('SwitchAccountType').in('de')).toBe('Kontotyp')
    expect(await title('EmailLogin').in('de')).toBe('E-Mail')
    expect(await title('UpdateEmailWallet').in('ja')).toBe('メールを更新')
    expect(views.meta('ConnectingFarcaster')!.title).toBe('Farcaster')
  })

  it('destroy() leaves no timer or listener behind', async () => {
    const leaks = trackLeaks()
    try {
      const t = await connected({ table: { RPC_REQUEST: () => 'hold' } })
      void t.modal.connection.active('eip155')!.connector.request!({ namespace: 'eip155', caipNetworkId: 'eip155:31337', method: 'personal_sign', params: [] }).catch(() => undefined)
      t.modal.destroy()
      forgetModal(t.modal)
      expect(t.site.listenerCount()).toBe(0)
      expect(leaks.pendingTimers()).toEqual([])
      expect(leaks.liveListeners()).toEqual([])
    } finally {
      leaks.restore()
    }
  })
})
