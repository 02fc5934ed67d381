import { parseCaipAddress, parseCaipNetworkId, type CaipNetworkId, type ChainNamespace, type ParsedCaipAddress, type ParsedCaipNetworkId } from '../caip/index.ts'
import { injectable } from '../di/decorators.ts'
import { ErrorText } from '../errors/index.ts'
import { toDisposable, type ChainAdapter, type Disposable } from '../plugin/contract.ts'
import type { CaipNetwork } from './types.ts'

export type { ChainAdapter }

/**
 * The chain adapters of one modal, one per namespace; frozen after setup. The namespaces a modal knows are the ones
 * its chain plugins registered, and each contributes its SPEC §5 address check.
 */
@injectable()
export class ChainRegistry {
  private readonly adapters = new Map<ChainNamespace, ChainAdapter>()
  private frozen = false

  register(adapter: ChainAdapter): Disposable {
    if (this.frozen) throw new Error(`Cannot register the ${adapter.namespace} chain adapter after setup`)
    if (this.adapters.has(adapter.namespace)) {
      throw new Error(`A chain adapter for ${adapter.namespace} is already registered`)
    }
    for (const network of adapter.networks) {
      if (network.chainNamespace !== adapter.namespace) {
        throw new Error(`Network ${network.caipNetworkId} is not in the ${adapter.namespace} namespace`)
      }
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

  /** SPEC §5: the address check of the namespace's chain plugin; false for a namespace no plugin serves. */
  isAddress(namespace: ChainNamespace, address: string): boolean {
    return this.adapters.get(namespace)?.isAddress(address) ?? false
  }

  /** SPEC §5 CAIP-2 with a known namespace ("Invalid CAIP-2 network id" otherwise). */
  parseCaipNetworkId(id: string): ParsedCaipNetworkId {
    const parsed = parseCaipNetworkId(id)
    if (!this.adapters.has(parsed.namespace)) throw new Error(ErrorText.INVALID_CAIP2)
    return parsed
  }

  /** SPEC §5 CAIP-10 with a known namespace and an address its plugin accepts ("Invalid CAIP-10 address"). */
  parseCaipAddress(id: string): ParsedCaipAddress {
    const parsed = parseCaipAddress(id)
    if (!this.isAddress(parsed.namespace, parsed.address)) throw new Error(ErrorText.INVALID_CAIP10)
    return parsed
  }
}
