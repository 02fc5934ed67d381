/**
 * The dependency part of the conformance kit (issue 23 item 5): a plugin declares every other plugin's service it
 * uses (`requires` / `optional`) and every service it offers (`provides`). The kit runs the plugin with only its
 * required companions, then with all of them, and reports each undeclared `ctx.get`/`ctx.has` (even one the plugin
 * catches), each service token it provides without declaring it (or of another plugin), each declaration that is not
 * a plugin id or service token, and each declared service not provided.
 * Uses reached only later (a view, a click) are outside what it sees: the kernel refuses those at run time too.
 * @example describePluginDependencies('send', { create: () => send(), companions: () => [accountData(), names()] })
 */
import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, serviceOf, type ModalOptions, type PluginContext, type PluginDefinition, type PluginDependency } from 'portico'

export interface PluginDependencyOptions {
  /** Makes a fresh instance of the plugin under test. */
  create(): PluginDefinition
  /** Fresh instances of the plugins it declares in `requires` and `optional` (they provide what it uses). */
  companions?(): PluginDefinition[]
  /** Options the modals need (e.g. a `projectId` so account data provides its services); no `plugins`. */
  modalOptions?: Omit<ModalOptions, 'plugins'>
}

const ownerOf = (dependency: PluginDependency) => (typeof dependency === 'string' ? dependency : serviceOf(dependency)?.plugin)

/** The plugin with its context's get/has watched: every refusal for an undeclared service is recorded. */
function watched(plugin: PluginDefinition, refusals: string[]): PluginDefinition {
  // One wrapper per context: plugins key state by their context (setup and activate get the same one).
  const wrappers = new WeakMap<PluginContext, PluginContext>()
  const watch = (ctx: PluginContext): PluginContext => wrappers.get(ctx) ?? wrappers.set(ctx, wrap(ctx)).get(ctx)!
  const wrap = (ctx: PluginContext): PluginContext => {
    const guard = <A extends unknown[], R>(call: (...args: A) => R) => (...args: A): R => {
      try {
        return call(...args)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        if (message.includes('without declaring it')) refusals.push(message)
        throw error
      }
    }
    const provide: PluginContext['provide'] = (token, factory) => {
      const service = serviceOf(token)
      if (service && service.plugin !== plugin.id) refusals.push(`Plugin "${plugin.id}" provides service ${service.label}, which belongs to plugin "${service.plugin}"`)
      else if (service && !plugin.provides?.includes(token)) refusals.push(`Plugin "${plugin.id}" provides service ${service.label} without declaring it in provides`)
      return ctx.provide(token, factory)
    }
    return Object.assign(Object.create(ctx) as PluginContext, { get: guard(ctx.get), has: guard(ctx.has), provide })
  }
  return {
    ...plugin,
    setup: (ctx) => plugin.setup(watch(ctx)),
    ...(plugin.activate ? { activate: (ctx: PluginContext) => plugin.activate!(watch(ctx)) } : {}),
  }
}

/** The problems of one plugin's declarations (empty when it conforms). */
export async function checkPluginDependencies(opts: PluginDependencyOptions): Promise<string[]> {
  const problems: string[] = []
  const plugin = opts.create()
  for (const [list, entries] of [['requires', plugin.requires], ['optional', plugin.optional], ['provides', plugin.provides]] as const) {
    for (const entry of entries ?? []) {
      // provides may also list the plugin's own host-facing tokens (createToken): the kernel then knows, before the
      // plugin's code has loaded, that a host's modal.get of one is early rather than wrong (kernel/plugin/defer.ts).
      if (list === 'provides' && typeof entry === 'symbol' && serviceOf(entry) === undefined) continue
      if (ownerOf(entry) === undefined) problems.push(`${list} lists ${String((entry as symbol).description)}, neither a plugin id nor a service token`)
      else if (list === 'provides' && ownerOf(entry) !== plugin.id) problems.push(`provides lists ${serviceOf(entry as symbol)?.label}, a service of another plugin`)
    }
  }
  const companions = opts.companions?.() ?? []
  const required = new Set((plugin.requires ?? []).map(ownerOf))
  for (const id of required) if (id && !companions.some((c) => c.id === id)) problems.push(`companions() lacks required plugin "${id}"`)
  if (problems.length) return problems

  const run = async (others: PluginDefinition[], what: string) => {
    const refusals: string[] = []
    const modal = createModal({ storage: createMemoryAdapter(), ...opts.modalOptions, plugins: [watched(opts.create(), refusals), ...others] })
    try {
      await modal.ready
    } catch (error) {
      if (!refusals.length) problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`)
    }
    problems.push(...new Set(refusals.map((r) => `${what}: ${r}`)))
    return modal
  }
  // Only what it requires: its optional services are absent and must stay so quietly.
  ;(await run(opts.companions?.().filter((c) => required.has(c.id)) ?? [], 'with only its required plugins')).destroy()
  const full = await run(opts.companions?.() ?? [], 'with every declared plugin')
  for (const token of plugin.provides ?? []) {
    if (!full.has(token)) problems.push(`declares it provides ${serviceOf(token)?.label ?? String(token.description)} but did not provide it`)
  }
  full.destroy()
  return problems
}

/** Registers the dependency checks of one plugin as a Vitest test. */
export function describePluginDependencies(name: string, opts: PluginDependencyOptions): void {
  describe(`plugin dependencies: ${name}`, () => {
    it('declares every service of another plugin it uses and every service it provides (requires / optional / provides)', async () => {
      expect(await checkPluginDependencies(opts)).toEqual([])
    })
  })
}
