/**
 * Declared dependencies between plugins (contract `requires`, `optional`, `provides`): the checks `createModal` runs
 * before any plugin code, and the guard of a plugin context's `get`/`has`/`provide`.
 */
import { serviceOf, type PluginDefinition, type PluginDependency, type Token } from './contract.ts'

const nameOf = (dependency: PluginDependency): string => {
  if (typeof dependency === 'string') return `plugin "${dependency}"`
  const service = serviceOf(dependency)
  return service ? `service ${service.label}` : String(dependency.description ?? 'an unnamed token')
}

/**
 * Throws the first broken declaration: a `requires` entry whose plugin is not in the list (or does not provide the
 * required service), an entry that is neither a plugin id nor a service token, a `provides` entry of another plugin.
 */
export function checkDependencies(plugins: readonly PluginDefinition[]): void {
  const byId = new Map(plugins.map((p) => [p.id, p]))
  for (const plugin of plugins) {
    for (const token of plugin.provides ?? []) {
      const service = serviceOf(token)
      if (!service || service.plugin !== plugin.id) {
        throw new Error(`Plugin "${plugin.id}" declares it provides ${nameOf(token)}; a plugin provides only service tokens created with its own id`)
      }
    }
    for (const [list, entries] of [['requires', plugin.requires], ['optional', plugin.optional]] as const) {
      for (const dependency of entries ?? []) {
        if (typeof dependency !== 'string' && !serviceOf(dependency)) {
          throw new Error(`Plugin "${plugin.id}" lists ${nameOf(dependency)} in ${list}: only plugin ids and service tokens (createServiceToken) can be declared`)
        }
      }
    }
    for (const dependency of plugin.requires ?? []) {
      if (typeof dependency === 'string') {
        if (!byId.has(dependency)) throw new Error(`Plugin "${plugin.id}" requires plugin "${dependency}", which is not in the plugins list`)
        continue
      }
      const service = serviceOf(dependency)!
      const owner = byId.get(service.plugin)
      if (!owner) {
        throw new Error(`Plugin "${plugin.id}" requires plugin "${service.plugin}" (service ${service.label}), which is not in the plugins list`)
      }
      if (!owner.provides?.includes(dependency)) {
        throw new Error(`Plugin "${plugin.id}" requires service ${service.label}, which plugin "${service.plugin}" does not declare in provides`)
      }
    }
  }
}

/** Whether `plugin` declared `dependency` of plugin `owner` (the owner's id or that very token). */
function declares(plugin: PluginDefinition, owner: string, token: Token<unknown>): boolean {
  return [...(plugin.requires ?? []), ...(plugin.optional ?? [])].some((d) => d === owner || d === token)
}

/**
 * The guard of one plugin's context. `providers` records which plugin provided a plain token (a service token
 * names its owner itself), so a plugin cannot reach another's services without declaring them.
 */
export function dependencyGuard(plugin: PluginDefinition, providers: Map<Token<unknown>, string>) {
  return {
    /** Throws when `token` is another plugin's service the plugin did not declare. */
    use(token: Token<unknown>): void {
      const owner = serviceOf(token)?.plugin ?? providers.get(token)
      if (owner === undefined || owner === plugin.id || declares(plugin, owner, token)) return
      const what = serviceOf(token) ? `service ${serviceOf(token)!.label}` : `service "${String(token.description)}" of plugin "${owner}"`
      throw new Error(`Plugin "${plugin.id}" uses ${what} without declaring it: add it (or "${owner}") to the plugin's requires or optional`)
    },
    /** Throws when `token` is a service token the plugin may not provide; records the plugin as its provider. */
    provide(token: Token<unknown>): void {
      const service = serviceOf(token)
      if (service && (service.plugin !== plugin.id || !plugin.provides?.includes(token))) {
        throw new Error(
          service.plugin !== plugin.id
            ? `Plugin "${plugin.id}" cannot provide service ${service.label}, which belongs to plugin "${service.plugin}"`
            : `Plugin "${plugin.id}" provides service ${service.label} without declaring it in provides`,
        )
      }
      providers.set(token, plugin.id)
    },
  }
}
