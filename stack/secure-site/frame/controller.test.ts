import { describe, expect, it, vi } from 'vitest'
import type { FrameEvent, FrameReply } from 'portico/plugins/embedded-wallet'
import type { LoginFrameUser } from '../server/api-types.ts'
import { ApiFailure, type ApiClient } from './api.ts'
import { createFrameController, STORAGE_KEYS, type ApprovalRequest, type KeyValueStorage } from './controller.ts'

const HOST = 'http://127.0.0.1:5173'
const SECURE = 'http://127.0.0.1:7100'

const user: LoginFrameUser = {
  email: 'ann@example.com',
  address: '0x1111111111111111111111111111111111111111',
  chainId: 31337,
  accounts: [
    { namespace: 'eip155', address: '0x1111111111111111111111111111111111111111', type: 'eoa' },
    { namespace: 'solana', address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', type: 'eoa' },
  ],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

function fakeApi(): { [K in keyof ApiClient]: ReturnType<typeof vi.fn> } {
  return {
    emailConnect: vi.fn(async () => ({ action: 'VERIFY_OTP' })),
    emailDevice: vi.fn(async () => ({ action: 'VERIFY_OTP' })),
    emailOtp: vi.fn(async () => ({ token: 'jwt-1', user })),
    socialExchange: vi.fn(async () => ({ token: 'jwt-social', user: { ...user, email: undefined, userName: 'octo', socialProvider: 'github' } })),
    emailUpdate: vi.fn(async () => ({ action: 'VERIFY_PRIMARY_OTP' })),
    emailUpdatePrimary: vi.fn(async () => ({ action: 'VERIFY_SECONDARY_OTP' })),
    emailUpdateSecondary: vi.fn(async () => ({ email: 'new@example.com' })),
    user: vi.fn(async (chainId?: number | string) => ({ ...user, chainId: chainId ?? user.chainId })),
    signOut: vi.fn(async () => ({ ok: true })),
    rpc: vi.fn(async () => ({ result: '0xsignature' })),
    sponsorship: vi.fn(async () => ({ status: 'none' })),
    smartAccountNetworks: vi.fn(async () => ({ smartAccountEnabledNetworks: [31337] })),
    smartAccountInit: vi.fn(async () => ({ address: '0x2222222222222222222222222222222222222222', isDeployed: false })),
    preferredAccount: vi.fn(async (type: string) => ({ type, address: type === 'eoa' ? user.address : '0x2222222222222222222222222222222222222222' })),
    farcasterChannel: vi.fn(async () => ({ url: 'https://farcaster.xyz/~/siwf?channelToken=abc', channelId: 'ch-1' })),
    farcasterConnect: vi.fn(async () => ({ status: 'completed', token: 'jwt-fc', user: { ...user, email: undefined, userName: 'alice', fid: 2, avatar: 'data:image/svg+xml;base64,AA' } })),
    passkeyRegisterOptions: vi.fn(async () => ({ challenge: 'reg-challenge', rp: { id: 'localhost' } })),
    passkeyRegisterVerify: vi.fn(async () => ({ passkey: PASSKEY })),
    passkeyLoginOptions: vi.fn(async () => ({ challenge: 'login-challenge', rpId: 'localhost' })),
    passkeyLoginVerify: vi.fn(async () => ({ token: 'jwt-passkey', user })),
    passkeys: vi.fn(async () => ({ passkeys: [PASSKEY] })),
    passkeyRemove: vi.fn(async () => ({ passkeys: [] })),
  }
}

const PASSKEY = { id: 'cred-1', label: 'Laptop', createdAt: '2026-11-27T00:00:00.000Z', deviceType: 'multiDevice' as const, backedUp: true, transports: ['internal'] }

type Ceremonies = NonNullable<Parameters<typeof createFrameController>[0]['passkeys']>

function setup(opts: { approve?: (r: ApprovalRequest) => Promise<boolean>; token?: string; passkeys?: Ceremonies } = {}) {
  const parent = { name: 'host window' }
  const api = fakeApi()
  const storage = memoryStorage()
  if (opts.token) storage.setItem(STORAGE_KEYS.token, opts.token)
  const posted: (FrameReply | FrameEvent)[] = []
  const approvals: ApprovalRequest[] = []
  const themes: string[] = []
  let n = 0
  const controller = createFrameController({
    hostOrigin: HOST,
    projectId: 'demo-project',
    secureOrigin: SECURE,
    api: api as unknown as ApiClient,
    storage,
    parent,
    post: (m) => posted.push(m),
    approve: async (r) => {
      approvals.push(r)
      return opts.approve ? opts.approve(r) : true
    },
    setTheme: (m) => themes.push(m),
    randomId: () => `rand-${++n}-0000000000000000`,
    ...(opts.passkeys ? { passkeys: opts.passkeys } : {}),
  })
  const send = async (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    controller.onMessage({ origin: from.origin ?? HOST, source: 'source' in from ? from.source : parent, data })
    await controller.idle()
  }
  const reply = (id: string) => posted.find((m) => 'id' in m && m.id === id) as FrameReply | undefined
  return { controller, api, storage, posted, approvals, themes, send, reply, parent }
}

describe('frame controller: what it accepts', () => {
  it('announces FRAME_READY with protocol version 1', () => {
    const s = setup()
    s.controller.ready()
    expect(s.posted).toEqual([{ type: 'FRAME_READY', payload: { version: 1 } }])
  })

  it('answers a request from the exact host origin and parent window', async () => {
    const s = setup()
    await s.send({ type: 'IS_CONNECTED', id: 'r1', payload: {} })
    expect(s.posted).toEqual([{ type: 'IS_CONNECTED_SUCCESS', id: 'r1', payload: { isConnected: false } }])
  })

  it.each([
    ['another port', 'http://127.0.0.1:5174'],
    ['localhost instead of 127.0.0.1', 'http://localhost:5173'],
    ['https scheme', 'https://127.0.0.1:5173'],
    ['a trailing slash', 'http://127.0.0.1:5173/'],
    ['the opaque null origin', 'null'],
    ['the secure origin itself', SECURE],
  ])('ignores a message from %s', async (_n, origin) => {
    const s = setup()
    await s.send({ type: 'CONNECT_EMAIL', id: 'r1', payload: { email: 'ann@example.com' } }, { origin })
    expect(s.posted).toEqual([])
    expect(s.api.emailConnect).not.toHaveBeenCalled()
  })

  it('ignores a message from the right origin but another window', async () => {
    const s = setup()
    await s.send({ type: 'CONNECT_EMAIL', id: 'r1', payload: { email: 'ann@example.com' } }, { source: { name: 'popup' } })
    await s.send({ type: 'CONNECT_EMAIL', id: 'r2', payload: { email: 'ann@example.com' } }, { source: null })
    expect(s.posted).toEqual([])
    expect(s.api.emailConnect).not.toHaveBeenCalled()
  })

  it('ignores malformed requests', async () => {
    const s = setup()
    await s.send({ type: 'CONNECT_EMAIL', id: 'r1', payload: { email: 'nope' } })
    await s.send({ type: 'CONNECT_EMAIL', payload: { email: 'ann@example.com' } })
    await s.send({ type: 'GET_PRIVATE_KEY', id: 'r3', payload: {} })
    await s.send('CONNECT_EMAIL')
    expect(s.posted).toEqual([])
  })

  it('ignores a replayed id, answered or still in flight', async () => {
    const s = setup({ token: 'jwt-1' })
    let release!: () => void
    s.api.rpc.mockImplementationOnce(() => new Promise((r) => (release = () => r({ result: '0x7a69' }))))
    s.controller.onMessage({ origin: HOST, source: s.parent, data: { type: 'RPC_REQUEST', id: 'r1', payload: { method: 'eth_chainId' } } })
    s.controller.onMessage({ origin: HOST, source: s.parent, data: { type: 'RPC_REQUEST', id: 'r1', payload: { method: 'eth_chainId' } } })
    release()
    await s.controller.idle()
    await s.send({ type: 'RPC_REQUEST', id: 'r1', payload: { method: 'eth_chainId' } })
    expect(s.api.rpc).toHaveBeenCalledTimes(1)
    expect(s.posted).toEqual([{ type: 'RPC_REQUEST_SUCCESS', id: 'r1', payload: { result: '0x7a69' } }])
  })
})

describe('frame controller: email, social and session', () => {
  it('email connect → otp keeps the token and a stable device id', async () => {
    const s = setup()
    await s.send({ type: 'CONNECT_EMAIL', id: 'e1', payload: { email: 'ann@example.com' } })
    expect(s.reply('e1')).toEqual({ type: 'CONNECT_EMAIL_SUCCESS', id: 'e1', payload: { action: 'VERIFY_OTP' } })
    const deviceId = s.storage.getItem(STORAGE_KEYS.deviceId)
    expect(deviceId).toBeTruthy()
    expect(s.api.emailConnect).toHaveBeenCalledWith({ email: 'ann@example.com', deviceId })

    await s.send({ type: 'CONNECT_OTP', id: 'e2', payload: { otp: '123456' } })
    expect(s.api.emailOtp).toHaveBeenCalledWith({ email: 'ann@example.com', otp: '123456', deviceId })
    expect(s.reply('e2')).toEqual({ type: 'CONNECT_OTP_SUCCESS', id: 'e2', payload: { user } })
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBe('jwt-1')
    expect(s.storage.getItem(STORAGE_KEYS.pendingEmail)).toBeNull()
  })

  it('otp with another chain id fetches the user for that chain', async () => {
    const s = setup()
    await s.send({ type: 'CONNECT_EMAIL', id: 'e1', payload: { email: 'ann@example.com' } })
    await s.send({ type: 'CONNECT_OTP', id: 'e2', payload: { otp: '123456', chainId: 1 } })
    expect(s.api.user).toHaveBeenCalledWith(1)
    expect((s.reply('e2')!.payload as { user: { chainId: number } }).user.chainId).toBe(1)
  })

  it('otp without a started email login is an error', async () => {
    const s = setup()
    await s.send({ type: 'CONNECT_OTP', id: 'e2', payload: { otp: '123456' } })
    expect(s.reply('e2')).toEqual({ type: 'CONNECT_OTP_ERROR', id: 'e2', payload: { message: 'No email login in progress' } })
  })

  it('device approval long-polls until VERIFY_OTP', async () => {
    const s = setup()
    s.api.emailConnect.mockResolvedValueOnce({ action: 'VERIFY_DEVICE' })
    s.api.emailDevice.mockResolvedValueOnce({ action: 'VERIFY_DEVICE' }).mockResolvedValueOnce({ action: 'VERIFY_DEVICE' })
    await s.send({ type: 'CONNECT_EMAIL', id: 'e1', payload: { email: 'ann@example.com' } })
    expect(s.reply('e1')!.payload).toEqual({ action: 'VERIFY_DEVICE' })
    await s.send({ type: 'CONNECT_DEVICE', id: 'e2', payload: {} })
    expect(s.api.emailDevice).toHaveBeenCalledTimes(3)
    expect(s.reply('e2')).toEqual({ type: 'CONNECT_DEVICE_SUCCESS', id: 'e2', payload: { action: 'VERIFY_OTP' } })
  })

  it.each([
    [429, 'EMAIL_THROTTLED', 'Please try again after 27 seconds'],
    [403, 'ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed'],
    [401, 'INVALID_KEY', 'Unauthorized: invalid key'],
    [429, 'RATE_LIMITED', 'Rate Limited'],
  ] as const)('forwards a %i %s reply verbatim without ending the session', async (status, code, text) => {
    const s = setup({ token: 'jwt-1' })
    s.api.emailConnect.mockRejectedValueOnce(new ApiFailure(text, status, code))
    await s.send({ type: 'CONNECT_EMAIL', id: 'e1', payload: { email: 'ann@example.com' } })
    expect(s.posted).toEqual([{ type: 'CONNECT_EMAIL_ERROR', id: 'e1', payload: { message: text } }])
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBe('jwt-1')
  })

  it('a 401 JWT reply clears the session, sends FRAME_SESSION_EXPIRED and the text verbatim', async () => {
    const s = setup({ token: 'jwt-1' })
    const text = 'JWT validation error: JWT Token is not yet valid'
    s.api.user.mockRejectedValueOnce(new ApiFailure(text, 401, 'SESSION_EXPIRED'))
    await s.send({ type: 'GET_USER', id: 'u1', payload: {} })
    expect(s.posted).toEqual([
      { type: 'FRAME_SESSION_EXPIRED', payload: { message: text } },
      { type: 'GET_USER_ERROR', id: 'u1', payload: { message: text } },
    ])
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBeNull()
  })

  it('IS_CONNECTED with an expired session answers false and sends FRAME_SESSION_EXPIRED', async () => {
    const s = setup({ token: 'jwt-old' })
    s.api.user.mockRejectedValueOnce(new ApiFailure('JWT validation error: JWT Token has expired', 401, 'SESSION_EXPIRED'))
    await s.send({ type: 'IS_CONNECTED', id: 'c1', payload: {} })
    expect(s.posted).toEqual([
      { type: 'FRAME_SESSION_EXPIRED', payload: { message: 'JWT validation error: JWT Token has expired' } },
      { type: 'IS_CONNECTED_SUCCESS', id: 'c1', payload: { isConnected: false } },
    ])
  })

  it('IS_CONNECTED with a valid session answers true', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'IS_CONNECTED', id: 'c1', payload: {} })
    expect(s.reply('c1')!.payload).toEqual({ isConnected: true })
  })

  it('GET_USER without a session says so', async () => {
    const s = setup()
    await s.send({ type: 'GET_USER', id: 'u1', payload: {} })
    expect(s.reply('u1')).toEqual({ type: 'GET_USER_ERROR', id: 'u1', payload: { message: 'Not connected to email or social' } })
    expect(s.api.user).not.toHaveBeenCalled()
  })

  it('social: redirect uri carries provider, state, exact host origin and project; the code is exchanged', async () => {
    const s = setup()
    await s.send({ type: 'GET_SOCIAL_REDIRECT_URI', id: 's1', payload: { provider: 'github', state: 'st-1' } })
    const uri = new URL((s.reply('s1')!.payload as { uri: string }).uri)
    expect(uri.origin + uri.pathname).toBe(`${SECURE}/social/start`)
    expect(Object.fromEntries(uri.searchParams)).toEqual({ provider: 'github', state: 'st-1', hostOrigin: HOST, projectId: 'demo-project' })
    await s.send({ type: 'CONNECT_SOCIAL', id: 's2', payload: { code: 'one-time' } })
    expect(s.api.socialExchange).toHaveBeenCalledWith('one-time')
    expect(s.reply('s2')!.payload).toEqual({
      user: { address: user.address, chainId: 31337, accounts: user.accounts, preferredAccountType: 'eoa', smartAccountDeployed: false, userName: 'octo', socialProvider: 'github' },
    })
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBe('jwt-social')
  })

  it('sign out revokes on the server and forgets the token', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'SIGN_OUT', id: 'o1', payload: {} })
    expect(s.api.signOut).toHaveBeenCalledTimes(1)
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(s.reply('o1')).toEqual({ type: 'SIGN_OUT_SUCCESS', id: 'o1', payload: {} })
  })

  it('switch network and chain id', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'SWITCH_NETWORK', id: 'n1', payload: { chainId: 1 } })
    expect(s.api.user).toHaveBeenCalledWith(1)
    expect(s.reply('n1')!.payload).toEqual({ chainId: 1 })
    await s.send({ type: 'GET_CHAIN_ID', id: 'n2', payload: {} })
    expect(s.reply('n2')!.payload).toEqual({ chainId: 1 })
  })

  it('email update: primary then secondary code', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'UPDATE_EMAIL', id: 'm1', payload: { email: 'new@example.com' } })
    await s.send({ type: 'UPDATE_EMAIL_PRIMARY_OTP', id: 'm2', payload: { otp: '111111' } })
    await s.send({ type: 'UPDATE_EMAIL_SECONDARY_OTP', id: 'm3', payload: { otp: '222222' } })
    expect(s.api.emailUpdate).toHaveBeenCalledWith('new@example.com')
    expect(s.reply('m1')!.payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(s.reply('m2')!.payload).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(s.reply('m3')!.payload).toEqual({ newEmail: 'new@example.com' })
  })

  it('sync theme sets the mode', async () => {
    const s = setup()
    await s.send({ type: 'SYNC_THEME', id: 't1', payload: { themeMode: 'dark' } })
    expect(s.themes).toEqual(['dark'])
    expect(s.reply('t1')!.type).toBe('SYNC_THEME_SUCCESS')
  })

  it('smart-account kinds call the server with the stored chain and answer its data', async () => {
    const s = setup({ token: 'jwt-1' })
    s.storage.setItem(STORAGE_KEYS.chainId, '31337')
    await s.send({ type: 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', id: 'n1', payload: {} })
    expect(s.reply('n1')).toEqual({ type: 'GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS', id: 'n1', payload: { smartAccountEnabledNetworks: [31337] } })
    await s.send({ type: 'INIT_SMART_ACCOUNT', id: 'i1', payload: {} })
    expect(s.api.smartAccountInit).toHaveBeenCalledWith(31337)
    expect(s.reply('i1')!.payload).toEqual({ address: '0x2222222222222222222222222222222222222222', isDeployed: false })
    await s.send({ type: 'SET_PREFERRED_ACCOUNT', id: 'p1', payload: { type: 'smartAccount' } })
    expect(s.api.preferredAccount).toHaveBeenCalledWith('smartAccount', 31337)
    expect(s.reply('p1')!.payload).toEqual({ type: 'smartAccount', address: '0x2222222222222222222222222222222222222222' })
  })

  it('a smart account on a chain not enabled answers the server text (SPEC §8)', async () => {
    const s = setup({ token: 'jwt-1' })
    s.api.preferredAccount.mockRejectedValueOnce(new ApiFailure('This application might not support Smart Accounts.', 400, 'SMART_ACCOUNT_NOT_SUPPORTED'))
    await s.send({ type: 'SET_PREFERRED_ACCOUNT', id: 'p2', payload: { type: 'smartAccount' } })
    expect(s.reply('p2')).toEqual({ type: 'SET_PREFERRED_ACCOUNT_ERROR', id: 'p2', payload: { message: 'This application might not support Smart Accounts.' } })
  })

  it("the host's default account type (SYNC_DAPP_DATA) goes with GET_USER and RPC", async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'SYNC_DAPP_DATA', id: 'd1', payload: { preferredAccountType: 'smartAccount' } })
    await s.send({ type: 'GET_USER', id: 'g1', payload: { chainId: 31337 } })
    expect(s.api.user).toHaveBeenCalledWith(31337, 'smartAccount')
    await s.send({ type: 'RPC_REQUEST', id: 'r1', payload: { method: 'eth_accounts', params: [], chainId: 31337 } })
    expect(s.api.rpc).toHaveBeenCalledWith({ method: 'eth_accounts', params: [], chainId: 31337, preferredAccountType: 'smartAccount' })
  })

  it('Farcaster: the URI opens a channel, CONNECT_FARCASTER polls until completed and keeps the session', async () => {
    const s = setup()
    s.api.farcasterConnect.mockResolvedValueOnce({ status: 'pending' })
    await s.send({ type: 'GET_FARCASTER_URI', id: 'f1', payload: {} })
    expect(s.reply('f1')).toEqual({ type: 'GET_FARCASTER_URI_SUCCESS', id: 'f1', payload: { url: 'https://farcaster.xyz/~/siwf?channelToken=abc' } })
    await s.send({ type: 'CONNECT_FARCASTER', id: 'f2', payload: {} })
    expect(s.api.farcasterConnect).toHaveBeenCalledTimes(2)
    expect(s.api.farcasterConnect).toHaveBeenCalledWith('ch-1')
    const reply = s.reply('f2')!
    expect(reply.type).toBe('CONNECT_FARCASTER_SUCCESS')
    expect((reply.payload as { user: { userName: string; fid: number } }).user).toMatchObject({ userName: 'alice', fid: 2 })
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBe('jwt-fc')
  })

  it('SYNC_DAPP_DATA with an unknown account type is refused by the schema and changes nothing', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'SYNC_DAPP_DATA', id: 'd9', payload: { preferredAccountType: 'multisig' } })
    expect(s.reply('d9')).toBeUndefined()
    expect(s.storage.getItem(STORAGE_KEYS.hostAccountType)).toBeNull()
    await s.send({ type: 'GET_USER', id: 'g9', payload: {} })
    expect(s.api.user).toHaveBeenCalledWith(undefined)
  })

  it('Farcaster failures answer "Failed to connect to farcaster"', async () => {
    const s = setup()
    await s.send({ type: 'CONNECT_FARCASTER', id: 'f0', payload: {} })
    expect(s.reply('f0')).toEqual({ type: 'CONNECT_FARCASTER_ERROR', id: 'f0', payload: { message: 'Failed to connect to farcaster' } })
    s.api.farcasterChannel.mockRejectedValueOnce(new ApiFailure('Network Error', 0, undefined))
    await s.send({ type: 'GET_FARCASTER_URI', id: 'f1', payload: {} })
    expect(s.reply('f1')).toEqual({ type: 'GET_FARCASTER_URI_ERROR', id: 'f1', payload: { message: 'Failed to connect to farcaster' } })
    await s.send({ type: 'GET_FARCASTER_URI', id: 'f2', payload: {} })
    s.api.farcasterConnect.mockRejectedValueOnce(new ApiFailure('Failed to connect to farcaster', 400, 'FARCASTER_FAILED'))
    await s.send({ type: 'CONNECT_FARCASTER', id: 'f3', payload: {} })
    expect(s.reply('f3')).toEqual({ type: 'CONNECT_FARCASTER_ERROR', id: 'f3', payload: { message: 'Failed to connect to farcaster' } })
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBeNull()
  })

  it('an unexpected exception becomes "An error occurred"', async () => {
    const s = setup({ token: 'jwt-1' })
    s.api.user.mockRejectedValueOnce(new TypeError('secret internals'))
    await s.send({ type: 'GET_USER', id: 'u1', payload: {} })
    expect(s.reply('u1')).toEqual({ type: 'GET_USER_ERROR', id: 'u1', payload: { message: 'An error occurred' } })
  })
})

describe('frame controller: wallet RPC and approval', () => {
  const sign = { type: 'RPC_REQUEST', id: 'p1', payload: { method: 'personal_sign', params: ['0x68656c6c6f', user.address], chainId: 31337 } }

  it('Approve: shows the panel, then posts approved to /api/rpc, then hides', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send(sign)
    expect(s.approvals).toHaveLength(1)
    expect(s.approvals[0]!.description.title).toBe('Sign message')
    expect(s.approvals[0]!.description.rows[0]).toEqual({ label: 'Message', value: 'hello' })
    expect(s.approvals[0]!.hostOrigin).toBe(HOST)
    expect(s.api.rpc).toHaveBeenCalledWith({ method: 'personal_sign', params: ['0x68656c6c6f', user.address], chainId: 31337, approved: true })
    expect(s.posted).toEqual([
      { type: 'FRAME_SHOW_APPROVAL', payload: { id: 'p1', method: 'personal_sign' } },
      { type: 'FRAME_HIDE_APPROVAL', payload: { id: 'p1' } },
      { type: 'RPC_REQUEST_SUCCESS', id: 'p1', payload: { result: '0xsignature' } },
    ])
  })

  it('Reject: answers 4001 and never calls the API', async () => {
    const s = setup({ token: 'jwt-1', approve: async () => false })
    await s.send({ ...sign, id: 'p2', payload: { method: 'eth_sendTransaction', params: [{ to: user.address, value: '0x1' }], chainId: 31337 } })
    expect(s.approvals[0]!.description.title).toBe('Approve transaction')
    expect(s.api.rpc).not.toHaveBeenCalled()
    expect(s.posted).toEqual([
      { type: 'FRAME_SHOW_APPROVAL', payload: { id: 'p2', method: 'eth_sendTransaction' } },
      { type: 'FRAME_HIDE_APPROVAL', payload: { id: 'p2' } },
      { type: 'RPC_REQUEST_ERROR', id: 'p2', payload: { message: 'User rejected the request.', code: 4001 } },
    ])
  })

  it('read-only methods skip the panel and do not claim approval', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'RPC_REQUEST', id: 'q1', payload: { method: 'eth_accounts', params: [] } })
    expect(s.approvals).toHaveLength(0)
    expect(s.api.rpc).toHaveBeenCalledWith({ method: 'eth_accounts', params: [] })
  })

  it('a JSON-RPC error from the server keeps its code', async () => {
    const s = setup({ token: 'jwt-1' })
    s.api.rpc.mockResolvedValueOnce({ error: { code: 4200, message: 'Unsupported method: eth_foo' } })
    await s.send({ type: 'RPC_REQUEST', id: 'q2', payload: { method: 'eth_foo' } })
    expect(s.reply('q2')).toEqual({ type: 'RPC_REQUEST_ERROR', id: 'q2', payload: { message: 'Unsupported method: eth_foo', code: 4200 } })
  })

  it('shows one approval at a time', async () => {
    const decisions: ((v: boolean) => void)[] = []
    const s = setup({ token: 'jwt-1', approve: () => new Promise((r) => decisions.push(r)) })
    s.controller.onMessage({ origin: HOST, source: s.parent, data: { ...sign, id: 'a1' } })
    s.controller.onMessage({ origin: HOST, source: s.parent, data: { ...sign, id: 'a2' } })
    await vi.waitFor(() => expect(decisions).toHaveLength(1))
    expect(s.posted.filter((m) => m.type === 'FRAME_SHOW_APPROVAL')).toHaveLength(1)
    decisions[0]!(false)
    await vi.waitFor(() => expect(decisions).toHaveLength(2))
    decisions[1]!(true)
    await s.controller.idle()
    const order = s.posted.map((m) => ('id' in m ? `${m.type}:${m.id}` : `${m.type}:${(m.payload as { id: string }).id}`))
    const at = (k: string) => order.indexOf(k)
    expect(order).toHaveLength(6)
    expect(at('FRAME_SHOW_APPROVAL:a1')).toBe(0)
    expect(at('FRAME_HIDE_APPROVAL:a1')).toBe(1)
    expect(at('RPC_REQUEST_ERROR:a1')).toBeGreaterThan(1)
    // the second panel opens only after the first one closed
    expect(at('FRAME_SHOW_APPROVAL:a2')).toBeGreaterThan(at('FRAME_HIDE_APPROVAL:a1'))
    expect(at('FRAME_HIDE_APPROVAL:a2')).toBeGreaterThan(at('FRAME_SHOW_APPROVAL:a2'))
    expect(at('RPC_REQUEST_SUCCESS:a2')).toBeGreaterThan(at('FRAME_HIDE_APPROVAL:a2'))
  })

  it('EIP-7702: the authorization panel explains the upgrade; another chain or chain id 0 is refused before any panel', async () => {
    const DELEGATE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const s = setup({ token: 'jwt-1' })
    await s.send({ type: 'RPC_REQUEST', id: 'd1', payload: { method: 'portico_setDelegation', params: [{ chainId: '0x7a69', address: DELEGATE }], chainId: 31337 } })
    expect(s.approvals).toHaveLength(1)
    expect(s.approvals[0]!.description.title).toBe('Upgrade account')
    expect(s.approvals[0]!.description.rows).toContainEqual({ label: 'Delegate contract', value: DELEGATE, code: true })
    expect(s.approvals[0]!.description.rows).toContainEqual({ label: 'Network (chain id)', value: '31337' })
    expect(s.api.rpc).toHaveBeenCalledWith({ method: 'portico_setDelegation', params: [{ chainId: '0x7a69', address: DELEGATE }], chainId: 31337, approved: true })

    await s.send({ type: 'RPC_REQUEST', id: 'd2', payload: { method: 'portico_setDelegation', params: [{ chainId: '0x7a6a', address: DELEGATE }], chainId: 31337 } })
    expect(s.reply('d2')).toEqual({
      type: 'RPC_REQUEST_ERROR',
      id: 'd2',
      payload: { code: 4902, message: 'The authorization is for chain 31338, but the session is on chain 31337; the embedded wallet signs authorizations only for the current network' },
    })
    await s.send({ type: 'RPC_REQUEST', id: 'd3', payload: { method: 'portico_setDelegation', params: [{ chainId: '0x0', address: DELEGATE }], chainId: 31337 } })
    expect(s.reply('d3')).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: { code: -32602, message: expect.stringMatching(/chain id 0 would be valid on every chain/) } })
    expect(s.approvals).toHaveLength(1)
    expect(s.api.rpc).toHaveBeenCalledTimes(1)
  })

  const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const approveData = `0x095ea7b3${user.address.slice(2).padStart(64, '0')}${'0'.repeat(63)}1`
  const sendTx = { type: 'RPC_REQUEST', id: 's1', payload: { method: 'eth_sendTransaction', params: [{ to: USDC, data: approveData }], chainId: 31337 } }
  const dappData = (extra: Record<string, unknown> = {}) => ({ type: 'SYNC_DAPP_DATA', id: 'd1', payload: { projectId: 'demo-project', metadata: { name: 'Portico demo' }, ...extra } })
  const gasRow = (r: ApprovalRequest) => r.description.rows.filter((row) => row.label === 'Gas')

  it('sponsored gas: the panel says "Gas paid by <app name>" (host metadata) and the approval claims sponsorship', async () => {
    const s = setup({ token: 'jwt-1' })
    s.api.sponsorship.mockResolvedValueOnce({ status: 'sponsored', name: 'Sponsor Inc' })
    await s.send(dappData({ paymasterUrl: 'https://pm.example/rpc', preferredAccountType: 'smartAccount' }))
    await s.send(sendTx)
    expect(s.api.sponsorship).toHaveBeenCalledWith({
      method: 'eth_sendTransaction',
      params: [{ to: USDC, data: approveData }],
      chainId: 31337,
      preferredAccountType: 'smartAccount',
      paymasterUrl: 'https://pm.example/rpc',
    })
    expect(gasRow(s.approvals[0]!)).toEqual([{ label: 'Gas', value: 'Gas paid by Portico demo' }])
    // The row comes first: the panel scrolls its rows, and who pays is what the user decides on.
    expect(s.approvals[0]!.description.rows[0]).toEqual({ label: 'Gas', value: 'Gas paid by Portico demo' })
    expect(s.api.rpc).toHaveBeenCalledWith({
      method: 'eth_sendTransaction',
      params: [{ to: USDC, data: approveData }],
      chainId: 31337,
      approved: true,
      preferredAccountType: 'smartAccount',
      paymasterUrl: 'https://pm.example/rpc',
      sponsored: true,
    })
  })

  it("sponsored gas refused: a warning row with the sponsor's reason; the user may still approve (no sponsorship claimed)", async () => {
    const s = setup({ token: 'jwt-1' })
    s.api.sponsorship.mockResolvedValueOnce({ status: 'refused', message: 'call to 0xabc is outside the policy' })
    await s.send(dappData())
    await s.send(sendTx)
    expect(gasRow(s.approvals[0]!)).toEqual([
      { label: 'Gas', value: 'You pay the gas: the sponsor declined this transaction (call to 0xabc is outside the policy)', warning: true },
    ])
    expect(s.api.rpc).toHaveBeenCalledWith({ method: 'eth_sendTransaction', params: [{ to: USDC, data: approveData }], chainId: 31337, approved: true })
    expect(s.reply('s1')).toEqual({ type: 'RPC_REQUEST_SUCCESS', id: 's1', payload: { result: '0xsignature' } })
  })

  it('an EOA send makes no sponsorship request: the server reported the EOA as active on the chain (GET_USER); a smart account there is asked again', async () => {
    const s = setup({ token: 'jwt-1' })
    await s.send(dappData({ paymasterUrl: 'https://pm.example/rpc' }))
    await s.send({ type: 'GET_USER', id: 'u1', payload: { chainId: 31337 } })
    await s.send(sendTx)
    expect(s.api.sponsorship).not.toHaveBeenCalled()
    expect(gasRow(s.approvals[0]!)).toEqual([])
    expect(s.api.rpc).toHaveBeenCalledWith({ method: 'eth_sendTransaction', params: [{ to: USDC, data: approveData }], chainId: 31337, approved: true, paymasterUrl: 'https://pm.example/rpc' })
    expect(s.reply('s1')).toEqual({ type: 'RPC_REQUEST_SUCCESS', id: 's1', payload: { result: '0xsignature' } })

    // wallet_sendCalls from the EOA: not asked either.
    await s.send({ type: 'RPC_REQUEST', id: 'b1', payload: { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: USDC, data: approveData }] }], chainId: 31337 } })
    expect(s.approvals).toHaveLength(2)
    expect(s.api.sponsorship).not.toHaveBeenCalled()

    // The user switches to the smart account: its sends are asked about again.
    await s.send({ type: 'SET_PREFERRED_ACCOUNT', id: 'p1', payload: { type: 'smartAccount' } })
    s.api.sponsorship.mockResolvedValueOnce({ status: 'sponsored' })
    await s.send({ ...sendTx, id: 's2' })
    expect(s.api.sponsorship).toHaveBeenCalledTimes(1)
    expect(gasRow(s.approvals[2]!)).toEqual([{ label: 'Gas', value: 'Gas paid by Portico demo' }])
  })

  it('a user fetched as a smart account (login answer) is asked about; the EOA on another chain is not', async () => {
    const s = setup()
    s.api.emailOtp.mockResolvedValueOnce({ token: 'jwt-1', user: { ...user, preferredAccountType: 'smartAccount' } })
    await s.send({ type: 'CONNECT_EMAIL', id: 'c1', payload: { email: 'ann@example.com' } })
    await s.send({ type: 'CONNECT_OTP', id: 'c2', payload: { otp: '123456' } })
    await s.send(sendTx)
    expect(s.api.sponsorship).toHaveBeenCalledTimes(1)
    await s.send({ type: 'SWITCH_NETWORK', id: 'n1', payload: { chainId: 1 } })
    await s.send({ ...sendTx, id: 's2', payload: { ...sendTx.payload, chainId: 1 } })
    expect(s.approvals).toHaveLength(2)
    expect(s.api.sponsorship).toHaveBeenCalledTimes(1)
  })

  it('no paymaster (or a failed check): no Gas row; messages are never asked about', async () => {
    const s = setup({ token: 'jwt-1' })
    s.api.sponsorship.mockRejectedValueOnce(new ApiFailure('Network Error', 0, undefined))
    await s.send(sendTx)
    expect(gasRow(s.approvals[0]!)).toEqual([])
    await s.send(sign)
    expect(s.api.sponsorship).toHaveBeenCalledTimes(1)
    expect(gasRow(s.approvals[1]!)).toEqual([])
  })

  it('signing without a session is refused before any panel', async () => {
    const s = setup()
    await s.send(sign)
    expect(s.approvals).toHaveLength(0)
    expect(s.reply('p1')).toEqual({ type: 'RPC_REQUEST_ERROR', id: 'p1', payload: { message: 'Not connected to email or social' } })
  })
})

describe('frame controller: passkeys (issue 28)', () => {
  it('CONNECT_PASSKEY: login options → the ceremony on this origin → verify → the session is stored', async () => {
    const authenticate = vi.fn(async () => ({ id: 'cred-1', response: {} }))
    const s = setup({ passkeys: { authenticate, register: vi.fn() } })
    await s.send({ type: 'CONNECT_PASSKEY', id: 'p1', payload: {} })
    expect(authenticate).toHaveBeenCalledWith({ challenge: 'login-challenge', rpId: 'localhost' })
    expect(s.api.passkeyLoginVerify).toHaveBeenCalledWith({ id: 'cred-1', response: {} })
    expect(s.storage.getItem(STORAGE_KEYS.token)).toBe('jwt-passkey')
    expect(s.reply('p1')).toMatchObject({ type: 'CONNECT_PASSKEY_SUCCESS', payload: { user: { address: user.address } } })
  })

  it('a cancelled prompt answers 4001 with the cancel text; no WebAuthn answers the unavailable text', async () => {
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' })
    const s = setup({ passkeys: { authenticate: vi.fn(async () => Promise.reject(cancelled)), register: vi.fn() } })
    await s.send({ type: 'CONNECT_PASSKEY', id: 'p1', payload: {} })
    expect(s.reply('p1')).toEqual({ type: 'CONNECT_PASSKEY_ERROR', id: 'p1', payload: { message: 'The passkey request was cancelled', code: 4001 } })
    expect(s.api.passkeyLoginVerify).not.toHaveBeenCalled()
    const none = setup()
    await none.send({ type: 'CONNECT_PASSKEY', id: 'p2', payload: {} })
    expect(none.reply('p2')).toEqual({ type: 'CONNECT_PASSKEY_ERROR', id: 'p2', payload: { message: 'Passkeys are not available in this browser' } })
  })

  it('ADD_PASSKEY needs a session, shows the panel between FRAME_SHOW_APPROVAL and FRAME_HIDE_APPROVAL, and stores what the click created', async () => {
    const register = vi.fn(async () => ({ id: 'cred-1', response: { attestationObject: 'x' } }))
    const signedOut = setup({ passkeys: { authenticate: vi.fn(), register } })
    await signedOut.send({ type: 'ADD_PASSKEY', id: 'a0', payload: {} })
    expect(signedOut.reply('a0')).toMatchObject({ type: 'ADD_PASSKEY_ERROR', payload: { message: 'Not connected to email or social' } })
    const s = setup({ token: 'jwt-1', passkeys: { authenticate: vi.fn(), register } })
    await s.send({ type: 'ADD_PASSKEY', id: 'a1', payload: { label: 'Laptop' } })
    expect(register).toHaveBeenCalledWith({ id: 'a1', hostOrigin: HOST }, { challenge: 'reg-challenge', rp: { id: 'localhost' } })
    expect(s.api.passkeyRegisterVerify).toHaveBeenCalledWith({ id: 'cred-1', response: { attestationObject: 'x' } }, 'Laptop')
    expect(s.posted.map((m) => m.type)).toEqual(['FRAME_SHOW_APPROVAL', 'FRAME_HIDE_APPROVAL', 'ADD_PASSKEY_SUCCESS'])
    expect(s.posted[0]).toEqual({ type: 'FRAME_SHOW_APPROVAL', payload: { id: 'a1', method: 'passkey_create' } })
    expect(s.reply('a1')).toEqual({ type: 'ADD_PASSKEY_SUCCESS', id: 'a1', payload: { passkey: { id: 'cred-1', label: 'Laptop', createdAt: '2026-11-27T00:00:00.000Z', deviceType: 'multiDevice', backedUp: true } } })
  })

  it('ADD_PASSKEY cancelled in the panel answers 4001 and stores nothing; GET_PASSKEYS and REMOVE_PASSKEY pass the server\'s lists and errors', async () => {
    const s = setup({ token: 'jwt-1', passkeys: { authenticate: vi.fn(), register: vi.fn(async () => undefined) } })
    await s.send({ type: 'ADD_PASSKEY', id: 'a1', payload: {} })
    expect(s.reply('a1')).toEqual({ type: 'ADD_PASSKEY_ERROR', id: 'a1', payload: { message: 'The passkey request was cancelled', code: 4001 } })
    expect(s.api.passkeyRegisterVerify).not.toHaveBeenCalled()
    await s.send({ type: 'GET_PASSKEYS', id: 'g1', payload: {} })
    expect(s.reply('g1')).toMatchObject({ type: 'GET_PASSKEYS_SUCCESS', payload: { passkeys: [{ id: 'cred-1', label: 'Laptop' }] } })
    s.api.passkeyRemove.mockRejectedValueOnce(new ApiFailure('This passkey is your only way to log in: add another login method before removing it', 409, 'LAST_LOGIN_METHOD'))
    await s.send({ type: 'REMOVE_PASSKEY', id: 'r1', payload: { id: 'cred-1' } })
    expect(s.reply('r1')).toEqual({ type: 'REMOVE_PASSKEY_ERROR', id: 'r1', payload: { message: 'This passkey is your only way to log in: add another login method before removing it' } })
    await s.send({ type: 'REMOVE_PASSKEY', id: 'r2', payload: { id: 'cred-1' } })
    expect(s.reply('r2')).toEqual({ type: 'REMOVE_PASSKEY_SUCCESS', id: 'r2', payload: { passkeys: [] } })
  })
})
