import { injectable } from '../di/decorators.ts'
import { toDisposable, type Disposable } from '../plugin/contract.ts'
import { Store } from './store.ts'
import type { ChainNamespace } from '../caip/index.ts'
import type { Connector, WalletListing } from './types.ts'

/** SPEC §2 groups of the connector list, in their default order. */
export const CONNECTOR_GROUPS = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorGroup = (typeof CONNECTOR_GROUPS)[number]

/** One row of the Connect view: a connector, or a registry wallet (opened through WalletConnect). */
export interface ConnectListEntry {
  id: string
  name: string
  group: ConnectorGroup
  imageUrl?: string
  imageId?: string
  rdns?: string
  connector?: Connector
  wallet?: WalletListing
  /** The namespaces a multi-namespace wallet connects together (its connectors share one row). */
  namespaces?: readonly ChainNamespace[]
}

export type ConnectListGroups = Partial<Record<ConnectorGroup, readonly ConnectListEntry[]>>

/**
 * SPEC §2: order walletConnect, recent, injected, featured, custom, external, recommended, or the configured order;
 * de-duplicated by id (first kept). A registry wallet already shown as an installed connector (same rdns) is dropped.
 */
export function orderConnectList(groups: ConnectListGroups, configuredOrder?: readonly ConnectorGroup[]): ConnectListEntry[] {
  const order = configuredOrder?.length ? [...configuredOrder, ...CONNECTOR_GROUPS.filter((g) => !configuredOrder.includes(g))] : CONNECTOR_GROUPS
  const seenIds = new Set<string>()
  const seenRdns = new Set<string>()
  const out: ConnectListEntry[] = []
  for (const group of order) {
    for (const entry of groups[group] ?? []) {
      if (seenIds.has(entry.id)) continue
      if (entry.rdns && seenRdns.has(entry.rdns)) continue
      seenIds.add(entry.id)
      if (entry.rdns) seenRdns.add(entry.rdns)
      out.push(entry)
    }
  }
  return out
}

/** Which group a connector belongs to by its SPEC §3 type (a MULTI_CHAIN pairing connector heads the list). */
export function groupOfConnector(connector: Connector): ConnectorGroup {
  if (connector.type === 'MULTI_CHAIN') return 'walletConnect'
  if (connector.type === 'ANNOUNCED' || connector.type === 'INJECTED') return 'injected'
  if (connector.type === 'AUTH') return 'custom'
  return 'external'
}

export interface ConnectorsState {
  connectors: readonly Connector[]
  wallets: { featured: readonly WalletListing[]; custom: readonly WalletListing[]; recommended: readonly WalletListing[] }
  /**
   * How many listings each group's source holds when its list above is only a first page (the registry's `count`):
   * Connect's All Wallets entry shows the featured and recommended ones added up.
   */
  walletTotals?: Partial<Record<keyof ConnectorsState['wallets'], number>>
}

/** The registered connectors (de-duplicated by id) and the registry wallets shown beside them. */
@injectable()
export class ConnectorController {
  readonly store = new Store<ConnectorsState>({ connectors: [], wallets: { featured: [], custom: [], recommended: [] } })
  private readonly waiters = new Set<(c: Connector) => void>()
  private readonly walletOpeners: Array<(wallet: WalletListing) => boolean> = []
  private readonly totalOwners = new Map<keyof ConnectorsState['wallets'], object>()

  /** Adds a connector; one with an id already present is ignored (SPEC §2 de-duplication). */
  register(connector: Connector): Disposable {
    if (this.get(connector.id)) return toDisposable(() => connector.dispose?.())
    this.store.set((s) => ({ connectors: [...s.connectors, connector] }))
    for (const waiter of [...this.waiters]) waiter(connector)
    return toDisposable(() => {
      this.store.set((s) => ({ connectors: s.connectors.filter((c) => c !== connector) }))
      connector.dispose?.()
    })
  }

  /** The MULTI_CHAIN connector that opens registry wallets (pairing), when one is registered. */
  registryOpener(): Connector | undefined {
    return this.all().find((c) => c.type === 'MULTI_CHAIN' && c.connectingView)
  }

  /** Adds a plugin's wallet opener (PluginContext.registerWalletOpener); disposing removes it. */
  addWalletOpener(open: (wallet: WalletListing) => boolean): Disposable {
    this.walletOpeners.push(open)
    return toDisposable(() => {
      const i = this.walletOpeners.indexOf(open)
      if (i >= 0) this.walletOpeners.splice(i, 1)
    })
  }

  /** Asks the plugins' wallet openers in registration order; true when one of them opened the wallet. */
  openWallet(wallet: WalletListing): boolean {
    return this.walletOpeners.some((open) => open(wallet))
  }

  /** Adds wallets to a Connect list group; disposing removes them again. */
  addWallets(group: keyof ConnectorsState['wallets'], wallets: readonly WalletListing[], total?: number): Disposable {
    const owner = {}
    const counted = total !== undefined && Number.isSafeInteger(total) && total >= 0
    if (counted) this.totalOwners.set(group, owner)
    this.store.set((s) => ({
      wallets: { ...s.wallets, [group]: [...s.wallets[group], ...wallets] },
      ...(counted ? { walletTotals: { ...s.walletTotals, [group]: total } } : {}),
    }))
    return toDisposable(() => {
      // The total goes with the registration that set it (a later one may have replaced it).
      const ownsTotal = this.totalOwners.get(group) === owner
      if (ownsTotal) this.totalOwners.delete(group)
      this.store.set((s) => ({
        wallets: { ...s.wallets, [group]: s.wallets[group].filter((w) => !wallets.includes(w)) },
        ...(ownsTotal ? { walletTotals: withoutKey(s.walletTotals, group) } : {}),
      }))
    })
  }

  /** Replaces groups' lists (and their totals, when given). */
  setWallets(wallets: Partial<ConnectorsState['wallets']>, totals?: ConnectorsState['walletTotals']): void {
    this.store.set((s) => ({ wallets: { ...s.wallets, ...wallets }, ...(totals ? { walletTotals: { ...s.walletTotals, ...totals } } : {}) }))
  }

  get(id: string): Connector | undefined {
    return this.store.getSnapshot().connectors.find((c) => c.id === id)
  }

  all(): readonly Connector[] {
    return this.store.getSnapshot().connectors
  }

  /**
   * The other connectors of the same wallet: one wallet offering several namespaces registers a connector per
   * namespace (EIP-6963 and Wallet Standard, as Phantom or Backpack do); they share its name. Pairing and auth
   * connectors are never siblings.
   */
  siblings(connectorId: string): Connector[] {
    const connector = this.get(connectorId)
    if (!connector || !isWalletConnector(connector)) return []
    const key = walletKey(connector)
    return this.all().filter((c) => c !== connector && isWalletConnector(c) && c.chain !== connector.chain && walletKey(c) === key)
  }

  /** Resolves when a connector with this id is registered, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<Connector | undefined> {
    const found = this.get(id)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => {
      const waiter = (c: Connector) => {
        if (c.id !== id) return
        cleanup()
        resolve(c)
      }
      const timer = setTimeout(() => {
        cleanup()
        resolve(undefined)
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        this.waiters.delete(waiter)
      }
      this.waiters.add(waiter)
    })
  }

  /**
   * The Connect view's list in SPEC §2 order. `recent` are ids and names from storage, newest first. With
   * `namespaces` (the host's chain namespaces) connectors of other namespaces are left out (SPEC §5), and a wallet's
   * connectors for several namespaces are one row, led by the one of `activeNamespace`.
   */
  list(
    recent: ReadonlyArray<{ id: string; name: string; imageUrl?: string }>,
    configuredOrder?: readonly ConnectorGroup[],
    scope: { namespaces?: readonly ChainNamespace[]; activeNamespace?: ChainNamespace } = {},
  ): ConnectListEntry[] {
    const groups: Record<ConnectorGroup, ConnectListEntry[]> = {
      walletConnect: [], recent: [], injected: [], featured: [], custom: [], external: [], recommended: [],
    }
    const allowed = scope.namespaces?.length ? new Set(scope.namespaces) : undefined
    const inScope = (c: Connector) => !allowed || [c.chain, ...(c.chains ?? [])].some((ns) => allowed.has(ns))
    const lead = (c: Connector): Connector => {
      const family = [c, ...this.siblings(c.id)].filter(inScope)
      return family.find((f) => f.chain === scope.activeNamespace) ?? family[0] ?? c
    }
    const entry = (c: Connector, group: ConnectorGroup): ConnectListEntry => {
      const leader = lead(c)
      const namespaces = [leader, ...this.siblings(leader.id)].filter(inScope).map((f) => f.chain)
      return { ...fromConnector(leader, group), ...(namespaces.length > 1 && { namespaces }) }
    }
    const shown = new Set<string>()
    for (const connector of this.all().filter(inScope)) {
      const leader = lead(connector)
      if (shown.has(leader.id)) continue
      shown.add(leader.id)
      const group = groupOfConnector(leader)
      groups[group].push(entry(leader, group))
    }
    for (const r of recent) {
      const connector = this.get(r.id)
      if (connector && !inScope(connector)) continue
      groups.recent.push(connector ? entry(connector, 'recent') : { id: r.id, name: r.name, imageUrl: r.imageUrl, group: 'recent' })
    }
    const { wallets } = this.store.getSnapshot()
    for (const key of ['featured', 'custom', 'recommended'] as const) {
      groups[key].push(...wallets[key].map((w) => fromWallet(w, key)))
    }
    return orderConnectList(groups, configuredOrder)
  }
}

/** Browser wallets (announced, injected, external) can be one wallet across namespaces; pairing and auth cannot. */
function isWalletConnector(c: Connector): boolean {
  return c.type === 'ANNOUNCED' || c.type === 'INJECTED' || c.type === 'EXTERNAL'
}

function walletKey(c: Connector): string {
  return c.name.trim().toLowerCase()
}

function fromConnector(connector: Connector, group: ConnectorGroup): ConnectListEntry {
  return {
    id: connector.id, name: connector.name, group, connector,
    imageUrl: connector.imageUrl, imageId: connector.imageId, rdns: connector.info?.rdns,
  }
}

function fromWallet(wallet: WalletListing, group: ConnectorGroup): ConnectListEntry {
  return { id: wallet.id, name: wallet.name, group, wallet, imageId: wallet.image_id ?? undefined, imageUrl: wallet.image_url, rdns: wallet.rdns ?? undefined }
}

function withoutKey<K extends string, V>(record: Partial<Record<K, V>> | undefined, key: K): Partial<Record<K, V>> {
  const { [key]: _removed, ...rest } = (record ?? {}) as Record<K, V>
  return rest as Partial<Record<K, V>>
}

/**
 * The All Wallets count of a connectors state: the featured and recommended totals added up (a group without a total
 * counts its listings), or undefined when no source said how many it holds.
 */
export function allWalletsTotal(state: Pick<ConnectorsState, 'wallets' | 'walletTotals'>): number | undefined {
  const totals = state.walletTotals
  if (totals?.featured === undefined && totals?.recommended === undefined) return undefined
  return (totals.featured ?? state.wallets.featured.length) + (totals.recommended ?? state.wallets.recommended.length)
}
