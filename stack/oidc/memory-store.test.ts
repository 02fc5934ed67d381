import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStore } from './memory-store.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('MemoryStore', () => {
  it('keeps entries per model until their TTL, then forgets them', async () => {
    vi.useFakeTimers()
    const store = new MemoryStore()
    const codes = store.factory('AuthorizationCode')
    const sessions = store.factory('Session')
    await codes.upsert('c1', { grantId: 'g1' }, 60)
    await sessions.upsert('c1', { uid: 'u1' }, 3600)
    expect(await codes.find('c1')).toEqual({ grantId: 'g1' })
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1' })
    vi.advanceTimersByTime(60_000)
    expect(await codes.find('c1')).toBeUndefined()
    expect(await sessions.find('c1')).toEqual({ uid: 'u1' })
  })

  it('consume marks, destroy removes, revokeByGrantId removes every token of the grant', async () => {
    const store = new MemoryStore()
    const codes = store.factory('AuthorizationCode')
    const tokens = store.factory('AccessToken')
    await codes.upsert('c', { grantId: 'g' }, 60)
    await tokens.upsert('t', { grantId: 'g' }, 60)
    await tokens.upsert('other', { grantId: 'h' }, 60)
    await codes.consume('c')
    expect((await codes.find('c'))?.consumed).toEqual(expect.any(Number))
    await codes.revokeByGrantId('g')
    expect(await codes.find('c')).toBeUndefined()
    expect(await tokens.find('t')).toBeUndefined()
    expect(await tokens.find('other')).toEqual({ grantId: 'h' })
    await tokens.destroy('other')
    expect(await tokens.find('other')).toBeUndefined()
  })

  it('never evicts a client put at run time, however many other entries arrive', async () => {
    const store = new MemoryStore()
    store.putClient({ client_id: 'late', redirect_uris: ['http://127.0.0.1:9/cb'] })
    const interactions = store.factory('Interaction')
    for (let i = 0; i < 2_500; i++) await interactions.upsert(`i${i}`, { uid: `i${i}` }, 3600)
    expect(await store.factory('Client').find('late')).toEqual({ client_id: 'late', redirect_uris: ['http://127.0.0.1:9/cb'] })
    expect(store.size).toBe(2_501)
  })
})
