/**
 * The conformance kit for chain plugins: what every chain plugin must do to compose into a modal. A plugin author
 * runs it from their own test file (see plugin-template/). It uses only the public kernel (createModal) and an
 * in-memory storage; the wallet side is whatever the plugin's test gives it.
 */
import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, createModal, isChainNamespace, KernelTokens, type Modal, type PluginDefinition } from '../../kernel/index.ts'

export interface ChainPluginConformanceOptions {
  /** Makes a fresh plugin instance. */
  create(): PluginDefinition
  /** Optional: registers a wallet the plugin can connect to, and returns its connector id. */
  connectableWallet?(modal: Modal): Promise<string>
}

/** Registers the conformance suite for one chain plugin. */
export function describeChainPluginConformance(name: string, opts: ChainPluginConformanceOptions): void {
  describe(`chain plugin conformance: ${name}`, () => {
    it('declares a chain kind with a known namespace and an id', () => {
      const plugin = opts.create()
      expect(plugin.kind).toBe('chain')
      expect(plugin.id).toMatch(/^[a-z0-9-]+$/)
      expect(isChainNamespace(plugin.namespace)).toBe(true)
    })

    it('registers a chain adapter for its namespace with well-formed CAIP-2 networks', async () => {
      const plugin = opts.create()
      const modal = createModal({ plugins: [plugin], storage: createMemoryAdapter() })
      await modal.ready
      const adapter = modal.get(KernelTokens.Chains).adapter(plugin.namespace!)
      expect(adapter).toBeDefined()
      expect(adapter!.networks.length).toBeGreaterThan(0)
      for (const network of adapter!.networks) {
        expect(network.chainNamespace).toBe(plugin.namespace)
        expect(network.caipNetworkId).toBe(`${plugin.namespace}:${network.id}`)
      }
      modal.destroy()
    })

    it('selects a network of its own as the active one and leaves nothing behind after destroy', async () => {
      const plugin = opts.create()
      const modal = createModal({ plugins: [plugin], storage: createMemoryAdapter() })
      await modal.ready
      expect(modal.get(KernelTokens.Network).activeNetwork?.chainNamespace).toBe(plugin.namespace)
      modal.destroy()
      expect(() => modal.get(KernelTokens.Chains)).toThrow()
    })

    it('two modals with the plugin share nothing', async () => {
      const a = createModal({ plugins: [opts.create()], storage: createMemoryAdapter() })
      const b = createModal({ plugins: [opts.create()], storage: createMemoryAdapter() })
      await Promise.all([a.ready, b.ready])
      expect(a.get(KernelTokens.Chains)).not.toBe(b.get(KernelTokens.Chains))
      a.destroy()
      expect(b.get(KernelTokens.Chains).size).toBe(1)
      b.destroy()
    })

    if (opts.connectableWallet) {
      it('connects a wallet and reports a CAIP-10 account on one of its networks', async () => {
        const plugin = opts.create()
        const modal = createModal({ plugins: [plugin], storage: createMemoryAdapter() })
        await modal.ready
        const connectorId = await opts.connectableWallet!(modal)
        await modal.get(KernelTokens.Connection).connect(connectorId, plugin.namespace)
        const account = modal.get(KernelTokens.Account).get(plugin.namespace!)
        expect(account.caipAddress?.startsWith(`${plugin.namespace}:`)).toBe(true)
        modal.destroy()
      })
    }
  })
}
