import { definePlugin, type PluginContext } from 'portico/plugin'

/**
 * A feature plugin that keeps its context, so a test acts as a plugin would (`probe.ctx.balance.refresh(ns)`) instead
 * of reaching a kernel controller through KernelTokens (plugin-template/GUIDE.md, "Reading state in a test").
 */
export function probePlugin(): { probe: { ctx?: PluginContext }; plugin: ReturnType<typeof definePlugin> } {
  const probe: { ctx?: PluginContext } = {}
  return { probe, plugin: definePlugin({ id: 'probe', kind: 'feature', portico: '1.x', setup: (ctx) => void (probe.ctx = ctx) }) }
}
