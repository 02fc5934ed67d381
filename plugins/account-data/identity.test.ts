import { describe, expect, it, vi } from 'vitest'
import { CacheTtl, identityCache } from 'portico'
import { ADDRESS, kernelState } from './account-data.fixtures.ts'
import { IdentityController } from './identity.ts'

function setup(reply: () => Promise<{ name: string | null; avatar: string | null }>) {
  const state = kernelState({ connected: false })
  const clock = { t: 50_000_000 }
  const cache = identityCache(state.storage)
  const identity = vi.fn((_a: string, _s?: string) => reply())
  const errors: unknown[] = []
  state.events.on('error', (e) => errors.push(e))
  const controller = new IdentityController({
    events: state.events, account: state.account, api: { identity }, cache, now: () => clock.t,
    setProfile: (ns, p) => state.account.patch(ns, { profileName: p.name, profileImage: p.image }),
  })
  const connect = () => {
    state.account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
    state.events.emit('connection:connected', { namespace: 'eip155', connectorId: 'x', address: ADDRESS })
  }
  return { ...state, controller, identity, clock, connect, errors }
}

describe('IdentityController', () => {
  it('SPEC §3 fills profile name and image on connect (sender is the address)', async () => {
    const { identity, account, connect } = setup(async () => ({ name: 'alice.portico', avatar: 'https://img.test/a' }))
    connect()
    await vi.waitFor(() => expect(account.get('eip155').profileName).toBe('alice.portico'))
    expect(account.get('eip155').profileImage).toBe('https://img.test/a')
    expect(identity).toHaveBeenCalledWith(ADDRESS, ADDRESS)
  })

  it('fills the profile of the wallet made active when another wallet of the namespace is chosen', async () => {
    const { identity, account, events } = setup(async () => ({ name: 'bob.portico', avatar: null }))
    account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
    events.emit('connection:switched', { namespace: 'eip155', connectorId: 'y', address: ADDRESS })
    await vi.waitFor(() => expect(account.get('eip155').profileName).toBe('bob.portico'))
    expect(identity).toHaveBeenCalledTimes(1)
  })

  it('SPEC §9 identity is cached 5 minutes', async () => {
    const { controller, identity, clock, account } = setup(async () => ({ name: 'alice.portico', avatar: null }))
    account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
    await controller.fetch('eip155')
    clock.t += CacheTtl.IDENTITY - 1
    await controller.fetch('eip155')
    expect(identity).toHaveBeenCalledTimes(1)
    clock.t += 1
    await controller.fetch('eip155')
    expect(identity).toHaveBeenCalledTimes(2)
  })

  it('a failure leaves the address shown and is reported on the bus', async () => {
    const { controller, account, errors } = setup(async () => Promise.reject(new Error('HTTP 500')))
    account.setAccounts('eip155', [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }], '1')
    expect(await controller.fetch('eip155')).toBeUndefined()
    expect(account.get('eip155').profileName).toBeUndefined()
    expect(errors).toHaveLength(1)
  })

  it('non-EVM namespaces and disconnected accounts are not asked', async () => {
    const { controller, identity } = setup(async () => ({ name: 'x', avatar: null }))
    await controller.fetch('eip155')
    await controller.fetch('solana')
    expect(identity).not.toHaveBeenCalled()
  })
})
