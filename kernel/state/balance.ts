import type { ChainNamespace } from '../caip/index.ts'
import { inject, injectable } from '../di/decorators.ts'
import { createToken, type Disposable, type EventBus } from '../plugin/contract.ts'
import { KernelTokens } from '../tokens.ts'
import type { AccountController } from './account.ts'
import type { ChainRegistry } from './chains.ts'
import type { NetworkController } from './network.ts'

/** A cache of native balances keyed by network and address (SPEC §9: 30 s). */
export interface BalanceCache {
  get(key: string, now: number): { balance: string; symbol: string } | undefined
  set(key: string, value: { balance: string; symbol: string }, now: number): void
}

/** The balance cache the container injects (kept in storage, SPEC §3). */
export const BalanceCacheToken = createToken<BalanceCache>('kernel.balanceCache')

/**
 * Keeps the native balance of each connected namespace fresh: fetched on connect and network switch, served from
 * the per-network-and-address cache for 30 s (SPEC §3, §9). A network without a balance capability shows none.
 */
@injectable()
export class BalanceController implements Disposable {
  private readonly subscriptions: Disposable[]
  private readonly inflight = new Map<string, Promise<void>>()
  private readonly deps: { events: EventBus; account: AccountController; network: NetworkController; chains: ChainRegistry; cache: BalanceCache }

  constructor(
    @inject(KernelTokens.Events) events: EventBus,
    @inject(KernelTokens.Account) account: AccountController,
    @inject(KernelTokens.Network) network: NetworkController,
    @inject(KernelTokens.Chains) chains: ChainRegistry,
    @inject(BalanceCacheToken) cache: BalanceCache,
  ) {
    this.deps = { events, account, network, chains, cache }
    this.subscriptions = [
      events.on('connection:connected', ({ namespace }) => void this.refresh(namespace)),
      events.on('connection:switched', ({ namespace }) => void this.refresh(namespace)),
      events.on('network:switched', ({ namespace }) => void this.refresh(namespace)),
    ]
  }

  /** Fetches (or reads from cache) the balance of a namespace's active address on its network. */
  refresh(namespace: ChainNamespace, opts: { force?: boolean } = {}): Promise<void> {
    const { account, network, chains, cache } = this.deps
    const address = account.get(namespace).address
    const caipNetwork = network.networkOf(namespace)
    const adapter = chains.adapter(namespace)
    if (!address || !caipNetwork || !adapter?.getBalance) return Promise.resolve()
    const key = `${caipNetwork.caipNetworkId}:${address}`
    const now = Date.now()
    const cached = opts.force ? undefined : cache.get(key, now)
    if (cached) {
      account.setBalance(namespace, cached.balance, cached.symbol)
      return Promise.resolve()
    }
    const running = this.inflight.get(key)
    if (running) return running
    account.patch(namespace, { balanceLoading: true })
    const job = adapter
      .getBalance(address, caipNetwork)
      .then((value) => {
        cache.set(key, value, Date.now())
        if (network.networkOf(namespace)?.caipNetworkId === caipNetwork.caipNetworkId) {
          account.setBalance(namespace, value.balance, value.symbol)
        }
      })
      .catch((error: unknown) => {
        account.patch(namespace, { balanceLoading: false })
        this.deps.events.emit('error', { source: 'balance', error })
      })
      .finally(() => this.inflight.delete(key))
    this.inflight.set(key, job)
    return job
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose()
  }
}
