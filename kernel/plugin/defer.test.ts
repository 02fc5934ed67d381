import { describe, expect, it, vi } from 'vitest'
import { createModal } from '../modal.ts'
import { createMemoryAdapter } from '../storage/index.ts'
import { createServiceToken, deferPlugin, definePlugin } from './contract.ts'

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
})
