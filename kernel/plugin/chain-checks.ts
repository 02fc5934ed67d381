/**
 * The checks a chain plugin must pass to join a modal (issue 24 item 3). Each error names the plugin and the rule.
 * - Before any setup: the declared namespace is CAIP-2 (`[-a-z0-9]{3,8}`, lower case).
 * - On `registerChain`: at least one network, each `caipNetworkId` is `<namespace>:<reference>` (CAIP-2 reference
 *   `[-_a-zA-Z0-9]{1,32}`) in the plugin's namespace, and each network's `chainNamespace` is that namespace.
 * - After setup: the plugin called `registerChain`.
 */
import { isChainNamespace } from '../caip/namespaces.ts'
import type { ChainAdapter, ChainNamespace, PluginDefinition } from './contract.ts'

const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

/** Throws `Chain plugin "<id>": <rule>`. */
function refuse(plugin: PluginDefinition, rule: string): never {
  throw new Error(`Chain plugin "${plugin.id}": ${rule}`)
}

/** The definition's namespace (before setup). */
export function checkChainDefinition(plugin: PluginDefinition): void {
  if (plugin.kind !== 'chain') return
  const ns: unknown = plugin.namespace
  if (!ns) refuse(plugin, 'it declares no namespace')
  if (!isChainNamespace(ns)) refuse(plugin, `namespace "${String(ns)}" is not CAIP-2 (3 to 8 of lower-case a-z, 0-9, -)`)
}

/** What `registerChain` receives (before the registry takes it). */
export function checkChainAdapter(plugin: PluginDefinition, adapter: ChainAdapter): void {
  const ns = plugin.namespace
  if (!adapter.networks?.length) refuse(plugin, 'registerChain needs at least one network')
  for (const network of adapter.networks) {
    const id: unknown = network.caipNetworkId
    const [namespace, reference, ...rest] = typeof id === 'string' ? id.split(':') : []
    if (rest.length || namespace === undefined || reference === undefined || !isChainNamespace(namespace) || !CAIP2_REFERENCE.test(reference)) {
      refuse(plugin, `caipNetworkId "${String(id)}" is not CAIP-2 "namespace:reference"`)
    }
    if (namespace !== ns || network.chainNamespace !== ns) refuse(plugin, `network "${String(id)}" is not in its namespace "${ns}"`)
  }
}

/** After every setup: each chain plugin registered its chain. */
export function checkChainsRegistered(plugins: readonly PluginDefinition[], registered: (namespace: ChainNamespace) => boolean): void {
  for (const plugin of plugins) if (plugin.kind === 'chain' && !registered(plugin.namespace!)) refuse(plugin, 'setup never called ctx.registerChain()')
}
