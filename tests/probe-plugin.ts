import { definePlugin, type ChainNamespace, type ModalStateView, type PluginContext } from 'portico/plugin'

/**
 * A feature plugin that keeps its context, so a test acts as a plugin would (`probe.ctx.balance.refresh(ns)`) instead
 * of reaching a kernel controller through KernelTokens (plugin-template/GUIDE.md, "Reading state in a test").
 */
export function probePlugin(): { probe: { ctx?: PluginContext }; plugin: ReturnType<typeof definePlugin> } {
  const probe: { ctx?: PluginContext } = {}
  return { probe, plugin: definePlugin({ id: 'probe', kind: 'feature', portico: '1.x', setup: (ctx) => void (probe.ctx = ctx) }) }
}

/** True when the namespace (any namespace by default) has a connected address, read from `modal.state`. */
export function isConnected(modal: { state: Pick<ModalStateView, 'accounts'> }, namespace?: ChainNamespace): boolean {
  const all = modal.state.accounts.getSnapshot().byNamespace
  return namespace ? Boolean(all[namespace]?.address) : Object.values(all).some((account) => Boolean(account?.address))
}

/** The CAIP-2 id of the active namespace's network, read from `modal.state`. */
export function activeNetworkId(modal: { state: Pick<ModalStateView, 'network'> }): string | undefined {
  const { activeNamespace, byNamespace } = modal.state.network.getSnapshot()
  return activeNamespace ? byNamespace[activeNamespace]?.caipNetwork?.caipNetworkId : undefined
}
