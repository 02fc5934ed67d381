import { definePlugin, type AccountAction, type AccountTab, type ChainNamespace, type ConnectSection, type DisplayText, type ModalStateView, type PluginContext, type PluginDefinition } from 'portico/plugin'

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

/** What a plugin registered through its context, in order (see `recordRegistrations`). */
export interface Registrations {
  tabs: AccountTab[]
  actions: AccountAction[]
  sections: ConnectSection[]
  /** The messages it showed with `ctx.snackbar.showError`. */
  errors: DisplayText[]
}

/**
 * The same plugin, with its context observed: the Account tabs and actions and the Connect sections it registers, and
 * the snackbar errors it shows, are recorded (and passed on). A test reads what a plugin did through the contract
 * it uses, as a third party can, instead of reading the kernel's registries through KernelTokens.
 */
export function recordRegistrations<D extends PluginDefinition>(plugin: D): { plugin: D; registered: Registrations } {
  const registered: Registrations = { tabs: [], actions: [], sections: [], errors: [] }
  const recorded: Partial<Record<keyof PluginContext, unknown[]>> = {
    registerAccountTab: registered.tabs,
    registerAccountAction: registered.actions,
    registerConnectSection: registered.sections,
  }
  const observe = (ctx: PluginContext): PluginContext => {
    const snackbar = new Proxy(ctx.snackbar, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key, target)
        if (key === 'showError') return (message: DisplayText) => (registered.errors.push(message), target.showError(message))
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    return new Proxy(ctx, {
      get: (target, key) => {
        if (key === 'snackbar') return snackbar
        const value: unknown = Reflect.get(target, key, target)
        if (typeof value !== 'function') return value
        const list = recorded[key as keyof PluginContext]
        return list ? (item: unknown) => (list.push(item), value.call(target, item)) : value.bind(target)
      },
    })
  }
  const observed: D = { ...plugin, setup: (ctx: PluginContext) => plugin.setup(observe(ctx)) }
  if (plugin.activate) observed.activate = (ctx: PluginContext) => plugin.activate!(observe(ctx))
  return { plugin: observed, registered }
}
