import { describe, expect, it, vi } from 'vitest'
import { createModal } from '../modal.ts'
import { createMemoryAdapter } from '../storage/index.ts'
import { createServiceToken, createToken, deferPlugin, definePlugin, type Token } from './contract.ts'
import type { ServiceNotLoadedError } from './defer.ts'

// Issue 31 item 1: a deferred plugin's definition is checked at once; its code loads with the load function, which
// starts when the definition is made, and registers before the registries freeze.
const Quotes = createServiceToken<{ quote(): number }>('quotes', 'quotes')

function deferred(load = vi.fn(async () => definePlugin({ id: 'quotes', kind: 'feature', portico: '1.x', setup: (ctx) => void ctx.provide(Quotes, () => ({ quote: () => 42 })), activate: vi.fn(async () => undefined) }))) {
  return { load, plugin: deferPlugin({ id: 'quotes', kind: 'feature', portico: '1.x', provides: [Quotes] }, load) }
}

describe('deferPlugin', () => {
  it('starts loading when the definition is made, keeps the static fields, and registers before ready', async () => {
    const { load, plugin } = deferred()
    expect(load).toHaveBeenCalledTimes(1)
    expect(plugin).toMatchObject({ id: 'quotes', kind: 'feature', portico: '1.x', provides: [Quotes] })
    const modal = createModal({ storage: createMemoryAdapter(), plugins: [plugin] })
    await modal.ready
    expect(modal.get(Quotes).quote()).toBe(42)
    const loaded = await load.mock.results[0]!.value
    expect(loaded.activate).toHaveBeenCalledTimes(1)
    expect(load).toHaveBeenCalledTimes(1)
    modal.destroy()
  })

  it('a definition with a dependency problem is refused before its code is used, as any plugin', () => {
    const { plugin } = deferred()
    const needy = deferPlugin({ id: 'needs', kind: 'feature', portico: '1.x', requires: ['absent'] }, async () => definePlugin({ id: 'needs', kind: 'feature', portico: '1.x', setup: () => undefined }))
    expect(() => createModal({ storage: createMemoryAdapter(), plugins: [plugin, needy] })).toThrow('requires plugin "absent"')
  })

  it('a failed import rejects modal.ready with its error; a definition never set up raises no unhandled rejection', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      deferPlugin({ id: 'lost', kind: 'feature', portico: '1.x' }, () => Promise.reject(new Error('chunk failed to load')))
      const broken = deferPlugin({ id: 'broken', kind: 'feature', portico: '1.x' }, () => Promise.reject(new Error('chunk failed to load')))
      const modal = createModal({ storage: createMemoryAdapter(), plugins: [broken] })
      await expect(modal.ready).rejects.toThrow('chunk failed to load')
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).not.toHaveBeenCalled()
      modal.destroy()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  describe("a deferred plugin's services before its code has loaded (modal.get before modal.ready)", () => {
    /** A deferred plugin whose import resolves when the test says so. */
    function gated() {
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      const Panel = createToken<{ title: string }>('quotes.panel')
      const plugin = deferPlugin({ id: 'quotes', kind: 'feature', portico: '1.x', provides: [Quotes, Panel] }, async () => {
        await gate
        return definePlugin({
          id: 'quotes',
          kind: 'feature',
          portico: '1.x',
          setup(ctx) {
            ctx.provide(Quotes, () => ({ quote: () => 42 }))
            ctx.provide(Panel, () => ({ title: 'Quotes' }))
          },
        })
      })
      return { plugin, Panel, release }
    }

    it('a declared service (service token or host token) throws ServiceNotLoadedError naming the plugin and modal.ready, then resolves once loaded', async () => {
      const { plugin, Panel, release } = gated()
      const modal = createModal({ storage: createMemoryAdapter(), plugins: [plugin] })
      for (const token of [Quotes, Panel] as Token<unknown>[]) {
        let thrown: unknown
        try {
          modal.get(token)
        } catch (error) {
          thrown = error
        }
        expect((thrown as Error).name).toBe('ServiceNotLoadedError')
        expect((thrown as Error).message).toBe(`Plugin "quotes" provides ${token.description} once loaded: await modal.ready`)
        expect((thrown as ServiceNotLoadedError).loaded).toBeInstanceOf(Promise)
      }
      expect(modal.has(Quotes)).toBe(false)
      const loaded = (() => {
        try {
          modal.get(Panel)
        } catch (error) {
          return (error as ServiceNotLoadedError).loaded
        }
      })()
      release()
      await loaded
      expect(modal.get(Panel).title).toBe('Quotes')
      await modal.ready
      expect(modal.get(Quotes).quote()).toBe(42)
      modal.destroy()
    })

    it('a token no plugin declares still throws "Nothing provides" at once, before and after ready', async () => {
      const { plugin, release } = gated()
      const Other = createToken<number>('nobody.other')
      const modal = createModal({ storage: createMemoryAdapter(), plugins: [plugin] })
      expect(() => modal.get(Other)).toThrow('Nothing provides "nobody.other"')
      expect(() => modal.get(Other)).toThrow(expect.objectContaining({ name: 'Error' }))
      release()
      await modal.ready
      expect(() => modal.get(Other)).toThrow('Nothing provides "nobody.other"')
      modal.destroy()
    })

    it('when the import fails, modal.get of its service throws "Nothing provides" after ready rejects (nothing waits forever)', async () => {
      const Lost = createToken<number>('lost.service')
      const broken = deferPlugin({ id: 'lost', kind: 'feature', portico: '1.x', provides: [Lost] }, () => Promise.reject(new Error('chunk failed to load')))
      const modal = createModal({ storage: createMemoryAdapter(), plugins: [broken] })
      expect(() => modal.get(Lost)).toThrow(expect.objectContaining({ name: 'ServiceNotLoadedError' }))
      await expect(modal.ready).rejects.toThrow('chunk failed to load')
      expect(() => modal.get(Lost)).toThrow('Nothing provides "lost.service"')
      modal.destroy()
    })
  })
})
