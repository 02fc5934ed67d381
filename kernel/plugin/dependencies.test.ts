import { describe, expect, it, vi } from 'vitest'
import { createModal } from '../modal.ts'
import { createMemoryAdapter } from '../storage/index.ts'
import { createServiceToken, createToken, definePlugin, serviceOf, type PluginContext, type PluginDefinition } from './contract.ts'

// Declared dependencies between plugins (issue 23 item 5): requires / optional / provides and the context's guard.
const Balances = createServiceToken<{ list(): string[] }>('account-data', 'balances')
const Lookup = createServiceToken<{ resolve(name: string): string }>('names', 'lookup')

function plugin(id: string, extra: Partial<PluginDefinition> = {}, setup: (ctx: PluginContext) => void = () => undefined) {
  return definePlugin({ id, kind: 'feature', portico: '1.x', setup: vi.fn(setup), ...extra })
}
const accountData = (extra: Partial<PluginDefinition> = {}) =>
  plugin('account-data', { provides: [Balances], ...extra }, (ctx) => void ctx.provide(Balances, () => ({ list: () => ['ETH'] })))
const make = (plugins: PluginDefinition[]) => createModal({ storage: createMemoryAdapter(), plugins })

describe('service tokens', () => {
  it('record their owning plugin and name; the same pair gives the same token', () => {
    expect(serviceOf(Balances)).toEqual({ plugin: 'account-data', name: 'balances', label: 'account-data.balances' })
    expect(createServiceToken('account-data', 'balances')).toBe(Balances)
    expect(serviceOf(createToken('account-data.balances'))).toBeUndefined()
    expect(() => createServiceToken('Not An Id', 'x')).toThrow('"Not An Id" is not a plugin id')
  })
})

describe('declared dependencies, checked before any plugin code runs', () => {
  it('a required service whose plugin is missing: the error names the plugin and the service, and no setup runs', () => {
    const chain = plugin('eip155')
    const send = plugin('send', { requires: [Balances] })
    expect(() => make([chain, send])).toThrow(
      'Plugin "send" requires plugin "account-data" (service account-data.balances), which is not in the plugins list',
    )
    expect(chain.setup).not.toHaveBeenCalled()
    expect(send.setup).not.toHaveBeenCalled()
  })

  it('a required plugin id that is missing is named', () => {
    expect(() => make([plugin('swap', { requires: ['eip155'] })])).toThrow('Plugin "swap" requires plugin "eip155", which is not in the plugins list')
  })

  it('a required service its plugin does not declare in provides is refused', () => {
    expect(() => make([accountData({ provides: [] }), plugin('send', { requires: [Balances] })])).toThrow(
      'Plugin "send" requires service account-data.balances, which plugin "account-data" does not declare in provides',
    )
  })

  it('a required service listed later is fine, and the consumer gets it from its context', async () => {
    let got: string[] = []
    const send = plugin('send', { requires: [Balances], activate: async (ctx) => void (got = ctx.get(Balances).list()) })
    const modal = make([send, accountData()])
    await modal.ready
    expect(got).toEqual(['ETH'])
    modal.destroy()
  })
})

describe("a plugin context's get / has / provide", () => {
  it('refuse another plugin\'s service the plugin did not declare, naming the service and the fix', async () => {
    const errors: unknown[] = []
    const sneaky = plugin('send', {
      activate: async (ctx) => {
          for (const use of [() => ctx.has(Balances), () => ctx.get(Balances)]) {
          try {
            use()
          } catch (error) {
            errors.push((error as Error).message)
          }
        }
      },
    })
    const modal = make([accountData(), sneaky])
    await modal.ready
    expect(errors).toEqual([
      'Plugin "send" uses service account-data.balances of plugin "account-data" without declaring it: add it (or "account-data") to its requires or optional',
      'Plugin "send" uses service account-data.balances of plugin "account-data" without declaring it: add it (or "account-data") to its requires or optional',
    ])
    // The host and the views are not plugins: the modal itself resolves any service.
    expect(modal.get(Balances).list()).toEqual(['ETH'])
    modal.destroy()
  })

  it('also refuse a plain token another plugin provided, and a factory\'s get is guarded the same way', async () => {
    const Secret = createToken<number>('account-data.secret')
    const Derived = createServiceToken<number>('send', 'derived')
    const owner = plugin('account-data', {}, (ctx) => void ctx.provide(Secret, () => 42))
    const user = plugin('send', { provides: [Derived] }, (ctx) => void ctx.provide(Derived, (get) => get(Secret) + 1))
    const modal = make([owner, user])
    await modal.ready
    expect(() => modal.get(Derived)).toThrow('Plugin "send" uses service account-data.secret of plugin "account-data" without declaring it')
    modal.destroy()
    const declared = make([plugin('account-data', {}, (ctx) => void ctx.provide(Secret, () => 42)), plugin('send', { provides: [Derived], requires: ['account-data'] }, (ctx) => void ctx.provide(Derived, (get) => get(Secret) + 1))])
    await declared.ready
    expect(declared.get(Derived)).toBe(43)
    declared.destroy()
  })

  it('an optional service that is absent: has() answers false and the feature stays hidden', async () => {
    let shown: boolean | undefined
    const send = plugin('send', { optional: [Lookup], activate: async (ctx) => void (shown = ctx.has(Lookup)) })
    const modal = make([send])
    await modal.ready
    expect(shown).toBe(false)
    modal.destroy()
  })
})
