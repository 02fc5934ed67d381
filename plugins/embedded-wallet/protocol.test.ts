import { describe, expect, it } from 'vitest'
import {
  createRequest,
  errorReply,
  FRAME_KINDS,
  isErrorReply,
  isFrameEvent,
  needsApproval,
  parseFrameToHost,
  parseHostToFrame,
  parseSocialMessage,
  replyKind,
  successReply,
  type FrameKind,
  type FrameKinds,
  type FrameUser,
} from './protocol.ts'

const user: FrameUser = {
  email: 'ann@example.com',
  address: '0x1111111111111111111111111111111111111111',
  chainId: 31337,
  accounts: [
    { address: '0x1111111111111111111111111111111111111111', type: 'eoa', namespace: 'eip155' },
    { address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', type: 'eoa', namespace: 'solana' },
  ],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

/** One valid request payload and one valid success payload per kind (the test fails if a kind is added without one). */
const VALID: { [K in FrameKind]: { request: FrameKinds[K]['request']; success: FrameKinds[K]['success'] } } = {
  CONNECT_EMAIL: { request: { email: 'ann@example.com' }, success: { action: 'VERIFY_DEVICE' } },
  CONNECT_DEVICE: { request: {}, success: { action: 'VERIFY_OTP' } },
  CONNECT_OTP: { request: { otp: '123456' }, success: { user: user } },
  CONNECT_SOCIAL: { request: { code: 'abc', chainId: 1 }, success: { user: { ...user, userName: 'ann', socialProvider: 'github' } } },
  CONNECT_FARCASTER: { request: {}, success: { user: user } },
  CONNECT_PASSKEY: { request: { chainId: 31337 }, success: { user: user } },
  ADD_PASSKEY: { request: { label: 'Laptop' }, success: { passkey: { id: 'cred1', label: 'Laptop', createdAt: '2026-11-27T00:00:00.000Z', deviceType: 'multiDevice', backedUp: true } } },
  GET_PASSKEYS: { request: {}, success: { passkeys: [] } },
  REMOVE_PASSKEY: { request: { id: 'cred1' }, success: { passkeys: [{ id: 'cred2', label: 'Phone', createdAt: '2026-11-27T00:00:00.000Z', lastUsedAt: '2026-11-27T01:00:00.000Z', deviceType: 'singleDevice', backedUp: false }] } },
  GET_FARCASTER_URI: { request: {}, success: { url: 'https://warpcast.com/~/siwf?x=1' } },
  GET_SOCIAL_REDIRECT_URI: { request: { provider: 'github', state: 's1' }, success: { uri: 'http://127.0.0.1:9/social/start?provider=github' } },
  GET_USER: { request: { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', preferredAccountType: 'eoa' }, success: { user: user } },
  SIGN_OUT: { request: {}, success: {} },
  IS_CONNECTED: { request: {}, success: { isConnected: false } },
  GET_CHAIN_ID: { request: {}, success: { chainId: 1 } },
  SWITCH_NETWORK: { request: { chainId: 42161 }, success: { chainId: 42161 } },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: {}, success: { smartAccountEnabledNetworks: [1, 10] } },
  INIT_SMART_ACCOUNT: { request: {}, success: { address: '0xabc', isDeployed: false } },
  SET_PREFERRED_ACCOUNT: { request: { type: 'smartAccount' }, success: { type: 'smartAccount', address: '0xabc' } },
  UPDATE_EMAIL: { request: { email: 'new@example.com' }, success: { action: 'VERIFY_PRIMARY_OTP' } },
  UPDATE_EMAIL_PRIMARY_OTP: { request: { otp: '111111' }, success: { action: 'VERIFY_SECONDARY_OTP' } },
  UPDATE_EMAIL_SECONDARY_OTP: { request: { otp: '222222' }, success: { newEmail: 'new@example.com' } },
  SYNC_THEME: { request: { themeMode: 'dark' }, success: {} },
  SYNC_DAPP_DATA: { request: { projectId: 'p1', sdkType: 'portico', sdkVersion: '0.1.0', metadata: { name: 'Demo', icons: [] }, paymasterUrl: 'https://pm.example/p1' }, success: {} },
  RELOAD: { request: {}, success: {} },
  RPC_REQUEST: { request: { method: 'personal_sign', params: ['0x68656c6c6f', '0x11'], chainId: 1 }, success: { result: '0xsig' } },
}

describe('protocol kinds', () => {
  it('covers every SPEC §7 frame message kind', () => {
    expect(FRAME_KINDS.sort()).toEqual(
      [
        'CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'CONNECT_FARCASTER',
        'GET_FARCASTER_URI', 'GET_SOCIAL_REDIRECT_URI', 'GET_USER',
        'SIGN_OUT', 'IS_CONNECTED', 'GET_CHAIN_ID', 'SWITCH_NETWORK',
        'GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'INIT_SMART_ACCOUNT', 'SET_PREFERRED_ACCOUNT',
        'UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP', 'SYNC_THEME', 'SYNC_DAPP_DATA', 'RELOAD',
        'RPC_REQUEST', 'CONNECT_PASSKEY', 'ADD_PASSKEY', 'GET_PASSKEYS', 'REMOVE_PASSKEY',
      ].sort(),
    )
  })

  it('createRequest gives a random uuid id', () => {
    const a = createRequest('GET_USER', {})
    const b = createRequest('GET_USER', {})
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a.id).not.toBe(b.id)
    expect(a).toEqual({ type: 'GET_USER', id: a.id, payload: {} })
  })

  it('needsApproval holds for the signing methods only', () => {
    for (const m of ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'solana_signMessage', 'solana_signTransaction']) {
      expect(needsApproval(m)).toBe(true)
    }
    for (const m of ['eth_chainId', 'eth_accounts', 'eth_sendRawTransaction', 'wallet_getAssets']) expect(needsApproval(m)).toBe(false)
  })
})

describe('parseHostToFrame', () => {
  it.each(Object.keys(VALID) as FrameKind[])('accepts a valid %s request', (kind) => {
    const req = { type: kind, id: crypto.randomUUID(), payload: VALID[kind].request }
    expect(parseHostToFrame(req)).toEqual(req)
  })

  it('drops extra top-level fields and returns a copy', () => {
    const req = { type: 'SIGN_OUT', id: 'x1', payload: {}, evil: true }
    const parsed = parseHostToFrame(req)
    expect(parsed).toEqual({ type: 'SIGN_OUT', id: 'x1', payload: {} })
    expect(parsed).not.toBe(req)
  })

  const bad: [string, unknown][] = [
    ['not an object', 'CONNECT_EMAIL'],
    ['null', null],
    ['an array', [{ type: 'SIGN_OUT', id: 'a', payload: {} }]],
    ['unknown type', { type: 'STEAL_KEYS', id: 'a', payload: {} }],
    ['a reply type', { type: 'SIGN_OUT_SUCCESS', id: 'a', payload: {} }],
    ['an event type', { type: 'FRAME_READY', id: 'a', payload: { version: 1 } }],
    ['prototype key as type', { type: 'toString', id: 'a', payload: {} }],
    ['missing id', { type: 'SIGN_OUT', payload: {} }],
    ['empty id', { type: 'SIGN_OUT', id: '', payload: {} }],
    ['numeric id', { type: 'SIGN_OUT', id: 7, payload: {} }],
    ['overlong id', { type: 'SIGN_OUT', id: 'a'.repeat(129), payload: {} }],
    ['missing payload', { type: 'SIGN_OUT', id: 'a' }],
    ['array payload', { type: 'SIGN_OUT', id: 'a', payload: [] }],
    ['email not a string', { type: 'CONNECT_EMAIL', id: 'a', payload: { email: 5 } }],
    ['invalid email', { type: 'CONNECT_EMAIL', id: 'a', payload: { email: 'not-an-email' } }],
    ['missing email', { type: 'CONNECT_EMAIL', id: 'a', payload: {} }],
    ['numeric otp', { type: 'CONNECT_OTP', id: 'a', payload: { otp: 123456 } }],
    ['empty otp', { type: 'CONNECT_OTP', id: 'a', payload: { otp: '' } }],
    ['unknown social provider', { type: 'GET_SOCIAL_REDIRECT_URI', id: 'a', payload: { provider: 'myspace' } }],
    ['theme mode not light/dark', { type: 'SYNC_THEME', id: 'a', payload: { themeMode: 'blue' } }],
    ['account type unknown', { type: 'SET_PREFERRED_ACCOUNT', id: 'a', payload: { type: 'multisig' } }],
    ['chain id fractional', { type: 'SWITCH_NETWORK', id: 'a', payload: { chainId: 1.5 } }],
    ['chain id boolean', { type: 'SWITCH_NETWORK', id: 'a', payload: { chainId: true } }],
    ['rpc without method', { type: 'RPC_REQUEST', id: 'a', payload: { params: [] } }],
    ['rpc method not a string', { type: 'RPC_REQUEST', id: 'a', payload: { method: ['personal_sign'] } }],
    ['dapp icons not strings', { type: 'SYNC_DAPP_DATA', id: 'a', payload: { metadata: { icons: [1] } } }],
    ['paymasterUrl not a string', { type: 'SYNC_DAPP_DATA', id: 'a', payload: { paymasterUrl: 42 } }],
    ['social code empty', { type: 'CONNECT_SOCIAL', id: 'a', payload: { code: '' } }],
    ['update email invalid', { type: 'UPDATE_EMAIL', id: 'a', payload: { email: 'x@' } }],
  ]
  it.each(bad)('rejects %s', (_name, data) => {
    expect(parseHostToFrame(data)).toBeUndefined()
  })
})

describe('parseFrameToHost', () => {
  it.each(Object.keys(VALID) as FrameKind[])('accepts a valid %s success and error reply', (kind) => {
    const req = createRequest(kind, VALID[kind].request as never)
    const ok = successReply(req, VALID[kind].success as never)
    expect(ok.type).toBe(`${kind}_SUCCESS`)
    expect(ok.id).toBe(req.id)
    const parsedOk = parseFrameToHost(ok)
    expect(parsedOk).toEqual(ok)
    expect(isFrameEvent(parsedOk!)).toBe(false)
    expect(replyKind(parsedOk as never)).toBe(kind)
    expect(isErrorReply(parsedOk as never)).toBe(false)

    const err = errorReply(req, 'User rejected the request.', 4001)
    expect(err).toEqual({ type: `${kind}_ERROR`, id: req.id, payload: { message: 'User rejected the request.', code: 4001 } })
    const parsedErr = parseFrameToHost(err)
    expect(parsedErr).toEqual(err)
    expect(isErrorReply(parsedErr as never)).toBe(true)
  })

  it('error reply without code omits it', () => {
    const req = createRequest('SIGN_OUT', {})
    expect(errorReply(req, 'Unauthorized: origin not allowed')).toEqual({
      type: 'SIGN_OUT_ERROR',
      id: req.id,
      payload: { message: 'Unauthorized: origin not allowed' },
    })
  })

  it.each([
    [{ type: 'FRAME_READY', payload: { version: 1 } }],
    [{ type: 'FRAME_SHOW_APPROVAL', payload: { id: 'r1', method: 'personal_sign' } }],
    [{ type: 'FRAME_HIDE_APPROVAL', payload: { id: 'r1' } }],
    [{ type: 'FRAME_SESSION_EXPIRED', payload: { message: 'JWT validation error: JWT Token is not yet valid' } }],
  ])('accepts event %j', (event) => {
    const parsed = parseFrameToHost(event)
    expect(parsed).toEqual(event)
    expect(isFrameEvent(parsed!)).toBe(true)
  })

  const bad: [string, unknown][] = [
    ['undefined', undefined],
    ['a string', 'FRAME_READY'],
    ['a request', { type: 'SIGN_OUT', id: 'a', payload: {} }],
    ['unknown reply kind', { type: 'STEAL_KEYS_SUCCESS', id: 'a', payload: {} }],
    ['bare suffix', { type: '_SUCCESS', id: 'a', payload: {} }],
    ['lower-case suffix', { type: 'SIGN_OUT_success', id: 'a', payload: {} }],
    ['reply without id', { type: 'SIGN_OUT_SUCCESS', payload: {} }],
    ['reply with numeric id', { type: 'SIGN_OUT_SUCCESS', id: 1, payload: {} }],
    ['error without message', { type: 'SIGN_OUT_ERROR', id: 'a', payload: { code: 4001 } }],
    ['error message not a string', { type: 'SIGN_OUT_ERROR', id: 'a', payload: { message: { text: 'x' } } }],
    ['error code not an integer', { type: 'SIGN_OUT_ERROR', id: 'a', payload: { message: 'x', code: '4001' } }],
    ['success with wrong payload', { type: 'IS_CONNECTED_SUCCESS', id: 'a', payload: { isConnected: 'yes' } }],
    ['user without address', { type: 'GET_USER_SUCCESS', id: 'a', payload: { user: { ...user, address: undefined } } }],
    ['user with bad account type', { type: 'GET_USER_SUCCESS', id: 'a', payload: { user: { ...user, preferredAccountType: 'x' } } }],
    ['user with accounts not an array', { type: 'GET_USER_SUCCESS', id: 'a', payload: { user: { ...user, accounts: {} } } }],
    ['email action unknown', { type: 'CONNECT_EMAIL_SUCCESS', id: 'a', payload: { action: 'LOGIN' } }],
    ['enabled networks not integers', { type: 'GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS', id: 'a', payload: { smartAccountEnabledNetworks: ['1'] } }],
    ['ready without version', { type: 'FRAME_READY', payload: {} }],
    ['ready without payload', { type: 'FRAME_READY' }],
    ['show approval without id', { type: 'FRAME_SHOW_APPROVAL', payload: { method: 'personal_sign' } }],
    ['session expired with numeric message', { type: 'FRAME_SESSION_EXPIRED', payload: { message: 401 } }],
    ['social result (popup message, not frame)', { type: 'SOCIAL_RESULT', payload: { code: 'c' } }],
  ]
  it.each(bad)('rejects %s', (_name, data) => {
    expect(parseFrameToHost(data)).toBeUndefined()
  })
})

describe('parseSocialMessage', () => {
  it('accepts result and error', () => {
    expect(parseSocialMessage({ type: 'SOCIAL_RESULT', payload: { code: 'one-time' } })).toEqual({ type: 'SOCIAL_RESULT', payload: { code: 'one-time' } })
    expect(parseSocialMessage({ type: 'SOCIAL_RESULT', payload: { code: 'c', state: 's' } })).toEqual({ type: 'SOCIAL_RESULT', payload: { code: 'c', state: 's' } })
    expect(parseSocialMessage({ type: 'SOCIAL_ERROR', payload: { message: 'access_denied' } })).toEqual({ type: 'SOCIAL_ERROR', payload: { message: 'access_denied' } })
  })
  it.each([
    ['null', null],
    ['result without code', { type: 'SOCIAL_RESULT', payload: {} }],
    ['result with empty code', { type: 'SOCIAL_RESULT', payload: { code: '' } }],
    ['result with numeric code', { type: 'SOCIAL_RESULT', payload: { code: 5 } }],
    ['error without message', { type: 'SOCIAL_ERROR', payload: {} }],
    ['frame event', { type: 'FRAME_READY', payload: { version: 1 } }],
    ['state not a string', { type: 'SOCIAL_RESULT', payload: { code: 'c', state: 1 } }],
    ['unknown provider', { type: 'SOCIAL_RESULT', payload: { code: 'c', provider: 'myspace' } }],
  ])('rejects %s', (_name, data) => {
    expect(parseSocialMessage(data)).toBeUndefined()
  })
})
