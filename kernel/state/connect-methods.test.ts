import { describe, expect, it } from 'vitest'
import { connectMethodOrder, DEFAULT_CONNECT_METHOD_ORDER, INJECTED_CONNECT_METHOD_ORDER } from './connect-methods.ts'

const all = { emailEnabled: true, socialsEnabled: true }

describe('connectMethodOrder', () => {
  it('SPEC §2 connect-method order is email, social, wallet by default', () => {
    expect(DEFAULT_CONNECT_METHOD_ORDER).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodOrder({ ...all, injectedFound: false })).toEqual(['email', 'social', 'wallet'])
  })

  it('SPEC §2 connect-method order is wallet, email, social if an injected wallet is found', () => {
    expect(INJECTED_CONNECT_METHOD_ORDER).toEqual(['wallet', 'email', 'social'])
    expect(connectMethodOrder({ ...all, injectedFound: true })).toEqual(['wallet', 'email', 'social'])
  })

  it('SPEC §2 a configured connect-method order wins (with or without an injected wallet)', () => {
    expect(connectMethodOrder({ ...all, injectedFound: true, configured: ['social', 'wallet', 'email'] })).toEqual(['social', 'wallet', 'email'])
    expect(connectMethodOrder({ ...all, injectedFound: false, configured: ['wallet', 'social', 'email'] })).toEqual(['wallet', 'social', 'email'])
  })

  it('SPEC §2 an empty configured order falls back to the default rules', () => {
    expect(connectMethodOrder({ ...all, injectedFound: true, configured: [] })).toEqual(['wallet', 'email', 'social'])
  })

  it('SPEC §2 disabled methods are omitted', () => {
    expect(connectMethodOrder({ injectedFound: false, emailEnabled: false, socialsEnabled: true })).toEqual(['social', 'wallet'])
    expect(connectMethodOrder({ injectedFound: true, emailEnabled: true, socialsEnabled: false })).toEqual(['wallet', 'email'])
    expect(connectMethodOrder({ injectedFound: true, emailEnabled: false, socialsEnabled: false })).toEqual(['wallet'])
    expect(connectMethodOrder({ injectedFound: false, emailEnabled: false, socialsEnabled: false, configured: ['email', 'wallet', 'social'] })).toEqual(['wallet'])
  })
})
