import type { ChainNamespace } from 'portico/plugin'
import type { BlockchainApiClient } from './clients/index.ts'
import type { Disposable, EventBus } from 'portico/plugin'
import type { Identity } from 'portico'
import type { AccountState } from 'portico'

/** The identity cache (SPEC §9: 5 min), keyed by address. */
export interface IdentityCache {
  get(address: string, now?: number): Identity | undefined
  set(address: string, value: Identity, now?: number): void
}

export interface IdentityControllerDeps {
  events: EventBus
  account: { get(namespace: ChainNamespace): Pick<AccountState, 'address'> }
  /** Sets the SPEC §3 profile of the connected address (the plugin context's `setProfile`). */
  setProfile(namespace: ChainNamespace, profile: { name?: string | null; image?: string | null }): void
  api: Pick<BlockchainApiClient, 'identity'>
  cache: IdentityCache
  now?: () => number
}

/**
 * SPEC §3 profile name and image of a connected EVM address, from GET /v1/identity (sender = the address itself),
 * kept 5 minutes in the identity cache. Fetched on connect; a failure leaves the address shown.
 */
export class IdentityController implements Disposable {
  private readonly inflight = new Map<string, Promise<Identity | undefined>>()
  private readonly subscriptions: Disposable[]

  constructor(private readonly deps: IdentityControllerDeps) {
    this.subscriptions = [
      deps.events.on('connection:connected', ({ namespace }) => void this.fetch(namespace)),
      // Another wallet of the namespace became active: its own name and avatar.
      deps.events.on('connection:switched', ({ namespace }) => void this.fetch(namespace)),
    ]
  }

  /** Fills profileName/profileImage of a namespace's address; resolves with the identity (undefined when none). */
  fetch(namespace: ChainNamespace): Promise<Identity | undefined> {
    const { account, cache } = this.deps
    const address = account.get(namespace).address
    // The identity service resolves EVM addresses only.
    if (namespace !== 'eip155' || !address) return Promise.resolve(undefined)
    const key = address.toLowerCase()
    const cached = cache.get(key, this.now())
    if (cached) {
      this.apply(namespace, address, cached)
      return Promise.resolve(cached)
    }
    const running = this.inflight.get(key)
    if (running) return running
    const job = this.deps.api
      .identity(address, address)
      .then((identity) => {
        cache.set(key, identity, this.now())
        this.apply(namespace, address, identity)
        return identity
      })
      .catch((error: unknown) => {
        this.deps.events.emit('error', { source: 'identity', error })
        return undefined
      })
      .finally(() => this.inflight.delete(key))
    this.inflight.set(key, job)
    return job
  }

  dispose(): void {
    for (const s of this.subscriptions.splice(0)) s.dispose()
  }

  private apply(namespace: ChainNamespace, address: string, identity: Identity): void {
    // The account may have changed while the answer was on its way.
    if (this.deps.account.get(namespace).address !== address) return
    this.deps.setProfile(namespace, { name: identity.name, image: identity.avatar })
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }
}
