import type { ChainNamespace } from '../caip/index.ts'
import { inject, injectable } from '../di/decorators.ts'
import type { EventBus } from '../plugin/contract.ts'
import { KernelTokens } from '../tokens.ts'
import type { AccountController } from './account.ts'
import type { ChainRegistry } from './chains.ts'
import type { ConnectionPersistence } from './persistence.ts'
import { Store } from './store.ts'
import type { CaipNetwork } from './types.ts'

/** SPEC §3 Network state of one namespace. */
export interface NamespaceNetworkState {
  caipNetwork?: CaipNetwork
  requestedCaipNetworks: readonly CaipNetwork[]
  approvedCaipNetworkIds: readonly string[]
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: readonly number[]
}

export interface NetworkState {
  activeNamespace?: ChainNamespace
  byNamespace: Partial<Record<ChainNamespace, NamespaceNetworkState>>
  /** The wallet's chain when it is none of the requested networks (UnsupportedChain). */
  unsupportedChainId?: string
}

/** SPEC §3/§4 network state. Switching the wallet is the connection controller's (`ConnectionController.switchNetwork`). */
@injectable()
export class NetworkController {
  readonly store = new Store<NetworkState>({ byNamespace: {} })
  private readonly deps: { events: EventBus; chains: ChainRegistry; account: AccountController; persistence: ConnectionPersistence }

  constructor(
    @inject(KernelTokens.Events) events: EventBus,
    @inject(KernelTokens.Chains) chains: ChainRegistry,
    @inject(KernelTokens.Account) account: AccountController,
    @inject(KernelTokens.Persistence) persistence: ConnectionPersistence,
  ) {
    this.deps = { events, chains, account, persistence }
  }

  /** Fills the requested networks from the chain plugins and picks the active one (stored, default, first). */
  initialize(defaultNetworkId?: string): void {
    const byNamespace: NetworkState['byNamespace'] = {}
    for (const ns of this.deps.chains.namespaces()) {
      const networks = this.deps.chains.networks(ns)
      byNamespace[ns] = {
        caipNetwork: networks[0],
        requestedCaipNetworks: networks,
        approvedCaipNetworkIds: [],
        supportsAllNetworks: true,
        smartAccountEnabledNetworks: [],
      }
    }
    const preferred = [this.deps.persistence.activeNetwork(), defaultNetworkId]
      .map((id) => (id ? this.deps.chains.findNetwork(id) : undefined))
      .find(Boolean)
    const active = preferred ?? this.deps.chains.networks()[0]
    if (active) {
      const ns = byNamespace[active.chainNamespace]
      if (ns) ns.caipNetwork = active
    }
    this.store.set({ byNamespace, activeNamespace: active?.chainNamespace })
  }

  get activeNamespace(): ChainNamespace | undefined {
    return this.store.getSnapshot().activeNamespace
  }

  get activeNetwork(): CaipNetwork | undefined {
    const { activeNamespace, byNamespace } = this.store.getSnapshot()
    return activeNamespace ? byNamespace[activeNamespace]?.caipNetwork : undefined
  }

  networkOf(namespace: ChainNamespace): CaipNetwork | undefined {
    return this.store.getSnapshot().byNamespace[namespace]?.caipNetwork
  }

  requested(namespace?: ChainNamespace): readonly CaipNetwork[] {
    const ns = namespace ?? this.activeNamespace
    return ns ? (this.store.getSnapshot().byNamespace[ns]?.requestedCaipNetworks ?? []) : []
  }

  /** SPEC §4: opening for another namespace switches the active chain without confirmation. */
  setActiveNamespace(namespace: ChainNamespace): void {
    if (namespace === this.activeNamespace) return
    if (!this.store.getSnapshot().byNamespace[namespace]) return
    this.store.set({ activeNamespace: namespace })
    const network = this.networkOf(namespace)
    if (network) this.announce(network)
  }

  /** The first of `namespaces` this modal serves, in the chain plugins' order. */
  connectedFirst(namespaces: readonly ChainNamespace[]): ChainNamespace | undefined {
    const order = Object.keys(this.store.getSnapshot().byNamespace) as ChainNamespace[]
    return order.find((ns) => namespaces.includes(ns))
  }

  /** Records the network a wallet reports; a chain outside the requested ones marks the state unsupported. */
  setWalletNetwork(namespace: ChainNamespace, caipNetworkId: string): void {
    const network = this.deps.chains.findNetwork(caipNetworkId)
    if (!network) {
      this.store.set({ unsupportedChainId: caipNetworkId, activeNamespace: namespace })
      return
    }
    this.setActiveNetwork(network)
  }

  /** Sets the active network of its namespace and makes that namespace active. */
  setActiveNetwork(network: CaipNetwork): void {
    const current = this.networkOf(network.chainNamespace)
    const wasUnsupported = this.store.getSnapshot().unsupportedChainId !== undefined
    this.patchNamespace(network.chainNamespace, { caipNetwork: network })
    this.store.set({ activeNamespace: network.chainNamespace, unsupportedChainId: undefined })
    this.deps.account.setNetworkReference(network.chainNamespace, String(network.id))
    if (current?.caipNetworkId !== network.caipNetworkId || wasUnsupported) this.announce(network)
  }

  setApprovedNetworks(namespace: ChainNamespace, ids: readonly string[], supportsAllNetworks: boolean): void {
    this.patchNamespace(namespace, { approvedCaipNetworkIds: ids, supportsAllNetworks })
  }

  private announce(network: CaipNetwork): void {
    this.deps.persistence.setActiveNetwork(network.caipNetworkId)
    this.deps.events.emit('network:switched', { namespace: network.chainNamespace, caipNetworkId: network.caipNetworkId })
  }

  private patchNamespace(namespace: ChainNamespace, patch: Partial<NamespaceNetworkState>): void {
    this.store.set((s) => {
      const prev = s.byNamespace[namespace] ?? {
        requestedCaipNetworks: [], approvedCaipNetworkIds: [], supportsAllNetworks: true, smartAccountEnabledNetworks: [],
      }
      return { byNamespace: { ...s.byNamespace, [namespace]: { ...prev, ...patch } } }
    })
  }
}
