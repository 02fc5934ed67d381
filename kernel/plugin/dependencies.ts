/**
 * Declared dependencies between plugins (contract `requires`, `optional`, `provides`): the check `createModal` runs
 * before any plugin code, and the guard of a plugin context's `get`/`has`. Kept small (it is in every host's initial
 * load); the conformance kit checks the rest of a declaration (portico/testing/conformance, dependencies.ts).
 */
import { serviceOf, type PluginDefinition, type Token } from './contract.ts'

/** Throws for the first `requires` entry whose plugin is not in the list, or does not declare the required service. */
export function checkDependencies(plugins: readonly PluginDefinition[]): void {
  const byId = new Map(plugins.map((p) => [p.id, p]))
  for (const plugin of plugins) {
    for (const dependency of plugin.requires ?? []) {
      const service = typeof dependency === 'string' ? undefined : serviceOf(dependency)
      const id = service?.plugin ?? String(dependency)
      const owner = byId.get(id)
      if (owner && (!service || owner.provides?.includes(dependency as symbol))) continue
      throw new Error(
        `Plugin "${plugin.id}" requires ` +
          (owner
            ? `service ${service!.label}, which plugin "${id}" does not declare in provides`
            : `plugin "${id}"${service ? ` (service ${service.label})` : ''}, which is not in the plugins list`),
      )
    }
  }
}

/**
 * Throws when `plugin` uses another plugin's service it did not declare (in `requires` or `optional`, by plugin id or
 * token). `providers` records which plugin provided a plain token; a service token names its owner itself.
 */
export function checkUse(plugin: PluginDefinition, providers: Map<Token<unknown>, string>, token: Token<unknown>): void {
  const service = serviceOf(token)
  const owner = service?.plugin ?? providers.get(token)
  if (owner === undefined || owner === plugin.id || [...(plugin.requires ?? []), ...(plugin.optional ?? [])].some((d) => d === owner || d === token)) return
  throw new Error(
    `Plugin "${plugin.id}" uses service ${service?.label ?? token.description} of plugin "${owner}" without declaring it: add it (or "${owner}") to its requires or optional`,
  )
}
