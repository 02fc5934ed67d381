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

/** The definition's namespace (before setup). */
export function checkChainDefinition(plugin: PluginDefinition): void {
  if (plugin.kind !== 'chain') return
  const ns: unknown = plugin.namespace
  if (!ns) throw new Error(`Chain plugin "${plugin.id}" must declare its namespace`)
  if (!isChainNamespace(ns)) {
    const why = typeof ns === 'string' && ns !== ns.toLowerCase() && isChainNamespace(ns.toLowerCase()) ? `it must be lower case ("${ns.toLowerCase()}")` : 'it must be 3 to 8 of a-z, 0-9 and -'
    throw new Error(`Chain plugin "${plugin.id}" declares namespace "${String(ns)}", which is not a CAIP-2 namespace: ${why}`)
  }
}

/** What `registerChain` receives (before the registry takes it). */
export function checkChainAdapter(plugin: PluginDefinition, adapter: ChainAdapter): void {
  const ns = plugin.namespace
  if (!adapter.networks?.length) throw new Error(`Chain plugin "${plugin.id}" registers no network for "${ns}": registerChain needs at least one`)
  for (const network of adapter.networks) {
    const id: unknown = network.caipNetworkId
    const [namespace, reference, ...rest] = typeof id === 'string' ? id.split(':') : []
    if (rest.length || namespace === undefined || reference === undefined || !isChainNamespace(namespace) || !CAIP2_REFERENCE.test(reference)) {
      throw new Error(`Chain plugin "${plugin.id}" registers network "${String(network.name)}" with caipNetworkId "${String(id)}", which is not "namespace:reference" (CAIP-2, e.g. "${ns}:1")`)
    }
    if (namespace !== ns) throw new Error(`Chain plugin "${plugin.id}" registers network "${String(id)}" outside its namespace "${ns}"`)
    if (network.chainNamespace !== ns) {
      throw new Error(`Chain plugin "${plugin.id}" registers network "${String(id)}" with chainNamespace "${String(network.chainNamespace)}"; it must be "${ns}"`)
    }
  }
}

/** After every setup: each chain plugin registered its chain. */
export function checkChainsRegistered(plugins: readonly PluginDefinition[], registered: (namespace: ChainNamespace) => boolean): void {
  for (const plugin of plugins) {
    if (plugin.kind === 'chain' && !registered(plugin.namespace!)) {
      throw new Error(`Chain plugin "${plugin.id}" never called ctx.registerChain() in setup: a chain plugin must register its "${plugin.namespace}" chain there`)
    }
  }
}
