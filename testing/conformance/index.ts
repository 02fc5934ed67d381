/**
 * portico/testing/conformance: the conformance kit for chain plugins, what every chain plugin must do to compose
 * into a modal. A plugin author runs it from their own test file (see plugin-template/). It uses only the public
 * kernel (`portico`) and an in-memory storage; the wallet side is whatever the plugin's test gives it. The structure
 * checks are below; the behaviour suite (connect, disconnect, 4001/4100, balance, silent reconnect, wallet-side
 * events, cleanup) runs against the author's fake wallet through a WalletDriver (behaviour.ts).
 * @example describeChainPluginConformance('my-chain', { create: () => myChain(), connectableWallet: async () => 'my-wallet' })
 */
import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, isChainNamespace, KernelTokens, type Modal, type PluginDefinition } from 'portico'
import { trackLeaks } from './leaks.ts'

export { trackLeaks, type LeakTracker } from './leaks.ts'
export {
  BehaviourFailure,
  CHAIN_PLUGIN_BEHAVIOURS,
  checkChainPluginBehaviour,
  describeChainPluginBehaviour,
  type ChainPluginBehaviour,
  type ChainPluginBehaviourOptions,
  type WalletDriver,
} from './behaviour.ts'
export { checkPluginDependencies, describePluginDependencies, type PluginDependencyOptions } from './dependencies.ts'

export interface ChainPluginConformanceOptions {
  /** Makes a fresh plugin instance. */
  create(): PluginDefinition
  /** Optional: registers a wallet the plugin can connect to, and returns its connector id. */
  connectableWallet?(modal: Modal): Promise<string>
}

const modalWith = (plugin: PluginDefinition) => createModal({ plugins: [plugin], storage: createMemoryAdapter() })

/** Registers the conformance suite for one chain plugin. */
export function describeChainPluginConformance(name: string, opts: ChainPluginConformanceOptions): void {
  describe(`chain plugin conformance: ${name}`, () => {
    it('declares a chain kind, an id, a CAIP-2 namespace and the kernel versions it works with', () => {
      const plugin = opts.create()
      expect(plugin.kind).toBe('chain')
      expect(plugin.id).toMatch(/^[a-z0-9-]+$/)
      expect(isChainNamespace(plugin.namespace)).toBe(true)
      expect(plugin.portico).toMatch(/\d/)
    })

    it('registers a chain adapter for its namespace with well-formed CAIP-2 networks and an address check', async () => {
      const plugin = opts.create()
      const modal = modalWith(plugin)
      await modal.ready
      const adapter = modal.get(KernelTokens.Chains).adapter(plugin.namespace!)
      expect(adapter).toBeDefined()
      expect(adapter!.networks.length).toBeGreaterThan(0)
      for (const network of adapter!.networks) {
        expect(network.chainNamespace).toBe(plugin.namespace)
        expect(network.caipNetworkId).toBe(`${plugin.namespace}:${network.id}`)
      }
      expect(adapter!.isAddress('')).toBe(false)
      expect(adapter!.isAddress('not an address')).toBe(false)
      modal.destroy()
    })

    it('selects a network of its own as the active one', async () => {
      const plugin = opts.create()
      const modal = modalWith(plugin)
      await modal.ready
      expect(modal.get(KernelTokens.Network).activeNetwork?.chainNamespace).toBe(plugin.namespace)
      modal.destroy()
    })

    it('destroy() leaves no registration, listener or timer behind', async () => {
      const leaks = trackLeaks()
      try {
        const plugin = opts.create()
        const modal = modalWith(plugin)
        await modal.ready
        const chains = modal.get(KernelTokens.Chains)
        const connectors = modal.get(KernelTokens.Connectors)
        const views = modal.views
        const extensions = modal.get(KernelTokens.AccountExtensions)
        if (opts.connectableWallet) {
          const connectorId = await opts.connectableWallet(modal)
          await modal.get(KernelTokens.Connection).connect(connectorId, plugin.namespace)
        }
        modal.destroy()
        expect(chains.size).toBe(0)
        expect(connectors.all()).toEqual([])
        expect(views.ids()).toEqual([])
        expect(extensions.store.getSnapshot()).toEqual({ tabs: [], actions: [], sections: [] })
        expect(() => modal.get(KernelTokens.Chains)).toThrow()
        expect(leaks.liveListeners()).toEqual([])
        expect(leaks.pendingTimers()).toEqual([])
      } finally {
        leaks.restore()
      }
    })

    it('two modals with the plugin share nothing', async () => {
      const a = modalWith(opts.create())
      const b = modalWith(opts.create())
      await Promise.all([a.ready, b.ready])
      expect(a.get(KernelTokens.Chains)).not.toBe(b.get(KernelTokens.Chains))
      a.destroy()
      expect(b.get(KernelTokens.Chains).size).toBe(1)
      b.destroy()
    })

    if (opts.connectableWallet) {
      it('connects a wallet and reports a CAIP-10 account on one of its networks, accepted by its address check', async () => {
        const plugin = opts.create()
        const modal = modalWith(plugin)
        await modal.ready
        const connectorId = await opts.connectableWallet!(modal)
        await modal.get(KernelTokens.Connection).connect(connectorId, plugin.namespace)
        const account = modal.get(KernelTokens.Account).get(plugin.namespace!)
        expect(account.caipAddress?.startsWith(`${plugin.namespace}:`)).toBe(true)
        expect(() => modal.get(KernelTokens.Chains).parseCaipAddress(account.caipAddress!)).not.toThrow()
        modal.destroy()
      })
    }
  })
}
