import type { CaipNetworkId, ChainNamespace } from '../caip/index.ts'
import { toDisposable, type Disposable } from '../plugin/contract.ts'
import type { CaipNetwork } from './types.ts'

/**
 * What a chain plugin gives the kernel for its namespace. Capabilities are optional: a feature that needs one is
 * hidden on a chain that lacks it (nothing is stubbed).
 */
export interface ChainAdapter {
  namespace: ChainNamespace
  /** The networks this plugin serves, in display order. */
  networks: readonly CaipNetwork[]
  /** Moves the wallet behind `connectorId` to `network` (asking it to add the chain when it does not know it). */
  switchNetwork?(network: CaipNetwork, connectorId: string): Promise<void>
  /** Native balance in display units, e.g. { balance: '10000.0', symbol: 'ETH' }. */
  getBalance?(address: string, network: CaipNetwork): Promise<{ balance: string; symbol: string }>
  /** Explorer page for an address. */
  addressExplorerUrl?(address: string, network: CaipNetwork): string | undefined
}

/** The chain adapters of one modal; frozen after setup. */
export class ChainRegistry {
  private readonly adapters = new Map<ChainNamespace, ChainAdapter>()
  private frozen = false

  register(adapter: ChainAdapter): Disposable {
    if (this.frozen) throw new Error(`Cannot register the ${adapter.namespace} chain adapter after setup`)
    if (this.adapters.has(adapter.namespace)) {
      throw new Error(`A chain adapter for ${adapter.namespace} is already registered`)
    }
    this.adapters.set(adapter.namespace, adapter)
    return toDisposable(() => this.adapters.delete(adapter.namespace))
  }

  freeze(): void {
    this.frozen = true
  }

  get size(): number {
    return this.adapters.size
  }

  namespaces(): ChainNamespace[] {
    return [...this.adapters.keys()]
  }

  adapter(namespace: ChainNamespace): ChainAdapter | undefined {
    return this.adapters.get(namespace)
  }

  networks(namespace?: ChainNamespace): CaipNetwork[] {
    if (namespace) return [...(this.adapters.get(namespace)?.networks ?? [])]
    return [...this.adapters.values()].flatMap((a) => a.networks)
  }

  findNetwork(caipNetworkId: CaipNetworkId | string): CaipNetwork | undefined {
    return this.networks().find((n) => n.caipNetworkId === caipNetworkId)
  }
}
