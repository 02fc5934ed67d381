/**
 * The short-lived state's two implementations keep one contract: entries expire, `take` hands a value to one caller,
 * windows count from their first hit, `emit` reaches listeners (Redis: listeners of another client too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalRedis, type LocalRedis } from '../../relay/redis-server.ts'
import { createMemoryEphemeral, createRedisEphemeral, redactRedisUrl, type Ephemeral } from './ephemeral.ts'

let server: LocalRedis
beforeAll(async () => {
  server = await startLocalRedis()
}, 60_000)
afterAll(async () => {
  await server?.stop()
})

/** Polls `f` until it returns true, with a generous deadline (Redis expiry is real time). */
async function eventually(f: () => Promise<boolean>): Promise<void> {
  await expect.poll(f, { timeout: 10_000, interval: 20 }).toBe(true)
}

function contract(name: string, make: () => Promise<{ state: Ephemeral; advance(ms: number): Promise<void> }>) {
  describe(name, () => {
    it('set with a TTL, set-if-absent, get, take once, del', async () => {
      const { state } = await make()
      try {
        expect(await state.set('t:a', 'one', 60_000, true)).toBe(true)
        expect(await state.set('t:a', 'two', 60_000, true)).toBe(false)
        expect(await state.get('t:a')).toBe('one')
        expect(await state.ttl('t:a')).toBeGreaterThan(59_000)
        const taken = await Promise.all([state.take('t:a'), state.take('t:a')])
        expect(taken.sort()).toEqual(['one', undefined])
        expect(await state.get('t:a')).toBeUndefined()
        expect(await state.ttl('t:a')).toBe(0)
        await state.set('t:b', 'x', 60_000)
        await state.del('t:b')
        expect(await state.get('t:b')).toBeUndefined()
      } finally {
        await state.close()
      }
    })

    it('entries and windows expire', async () => {
      const { state, advance } = await make()
      try {
        await state.set('t:c', 'soon', 50)
        expect(await state.hit('w:c', 50)).toMatchObject({ count: 1 })
        expect((await state.hit('w:c', 50)).count).toBe(2)
        expect(await state.count('w:c')).toBe(2)
        await advance(60)
        await eventually(async () => (await state.get('t:c')) === undefined && (await state.count('w:c')) === 0)
        expect((await state.hit('w:c', 60_000)).count).toBe(1)
      } finally {
        await state.close()
      }
    })

    it('a window counts every hit once, also concurrent ones, and reports its time left', async () => {
      const { state } = await make()
      try {
        const hits = await Promise.all(Array.from({ length: 20 }, () => state.hit('w:d', 60_000)))
        expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
        for (const h of hits) expect(h.resetMs).toBeGreaterThan(0)
        for (const h of hits) expect(h.resetMs).toBeLessThanOrEqual(60_000)
      } finally {
        await state.close()
      }
    })

    it('emit reaches the listeners of the topic only, until they unsubscribe', async () => {
      const { state } = await make()
      try {
        const got: string[] = []
        const off = state.on('topic-a', () => got.push('a'))
        state.on('topic-b', () => got.push('b'))
        await state.emit('topic-a')
        await eventually(async () => got.length === 1)
        off()
        await state.emit('topic-a')
        await state.emit('topic-b')
        await eventually(async () => got.includes('b'))
        expect(got).toEqual(['a', 'b'])
      } finally {
        await state.close()
      }
    })
  })
}

contract('memory', async () => {
  let now = 1_000_000
  return { state: createMemoryEphemeral({ clock: () => now }), advance: async (ms) => void (now += ms) }
})

contract('redis', async () => ({ state: await createRedisEphemeral(server.url, { prefix: `test:${Math.random()}:` }), advance: async () => {} }))

describe('memory bounds and redis across clients', () => {
  it('a memory namespace holds at most its limit, least recently used out; other namespaces are untouched', async () => {
    const state = createMemoryEphemeral({ maxPerNamespace: 3, limits: { big: 5 } })
    await state.set('keep:x', '1', 60_000)
    for (let i = 0; i < 4; i++) await state.set(`small:${i}`, String(i), 60_000)
    for (let i = 0; i < 6; i++) await state.set(`big:${i}`, String(i), 60_000)
    expect(await state.get('small:0')).toBeUndefined()
    expect(await state.get('small:3')).toBe('3')
    expect(await state.get('big:0')).toBeUndefined()
    expect(await state.get('big:1')).toBe('1')
    expect(await state.get('keep:x')).toBe('1')
    await state.close()
  })

  it('two Redis clients (two instances) share entries, counters and events', async () => {
    const prefix = `shared:${Math.random()}:`
    const [one, two] = await Promise.all([createRedisEphemeral(server.url, { prefix }), createRedisEphemeral(server.url, { prefix })])
    try {
      await one.set('t:x', 'v', 60_000)
      expect(await two.take('t:x')).toBe('v')
      expect(await one.get('t:x')).toBeUndefined()
      await one.hit('w:x', 60_000)
      expect((await two.hit('w:x', 60_000)).count).toBe(2)
      let woken = 0
      two.on('approval:x', () => woken++)
      await one.emit('approval:x')
      await eventually(async () => woken === 1)
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  it('an unreachable Redis fails the start naming the URL without its password', async () => {
    await expect(createRedisEphemeral('redis://:hunter2@127.0.0.1:9/0')).rejects.toThrow(/could not reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:9\/0/)
    expect(redactRedisUrl('redis://:hunter2@127.0.0.1:9/0')).not.toContain('hunter2')
  })
})
