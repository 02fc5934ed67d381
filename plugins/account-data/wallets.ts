import type { ChainNamespace } from 'portico/plugin'
import type { GetWalletsParams, RegistryClient } from './clients/index.ts'
import type { Disposable } from 'portico/plugin'
import type { ConnectorController, ConnectorsState } from 'portico'
import { Store } from 'portico/plugin'
import type { WalletListing } from 'portico/plugin'

/** SPEC §9 wallet paging and image waits. */
export const WalletPaging = {
  PAGE_SIZE: 40,
  RECOMMENDED: 4,
  SEARCH_ENTRIES: 100,
  /** Search results wait at most this long for their images. */
  SEARCH_IMAGE_WAIT_MS: 300,
  /** A page waits at most this long for its images. */
  IMAGE_PRELOAD_CAP_MS: 2_000,
  /** Typing pauses this long before a search is sent. */
  SEARCH_DEBOUNCE_MS: 200,
} as const

/**
 * SPEC §5 mobile exceptions: wallets kept on mobile without a mobile link, because they are opened another way
 * (their own deep-link redirects, SPEC §9). Matched by name, case-insensitively.
 */
export const MOBILE_LINK_EXCEPTIONS: { always: readonly string[]; solana: readonly string[] } = {
  always: ['Coinbase Wallet'],
  solana: ['Phantom', 'Solflare'],
}

export interface WalletsState {
  /** The paged listings loaded so far, filtered, in registry order. */
  wallets: readonly WalletListing[]
  /** Listings the registry holds for the paged query. */
  count: number
  /** Pages loaded. */
  page: number
  /** Listings the registry answered so far (before client filters), to know whether more pages exist. */
  fetched: number
  loading: boolean
  error?: string
  /** The search being shown ('' when none). */
  search: string
  searchResults: readonly WalletListing[]
  searching: boolean
  featured: readonly WalletListing[]
  recommended: readonly WalletListing[]
}

export interface WalletsControllerDeps {
  registry: Pick<RegistryClient, 'getWallets' | 'walletImageUrl'>
  connectors: Pick<ConnectorController, 'all'> & {
    /**
     * Shows featured and recommended wallets in the Connect list (the plugin context's `registerWallets`), with how
     * many the registry holds for each query (the All Wallets count).
     */
    setWallets(wallets: Partial<ConnectorsState['wallets']>, totals?: Partial<Record<keyof ConnectorsState['wallets'], number>>): void
  }
  /** featuredWalletIds, includeWalletIds, excludeWalletIds of the options. */
  options: () => { featuredWalletIds?: readonly string[]; includeWalletIds?: readonly string[]; excludeWalletIds?: readonly string[] }
  /** Namespaces the host requests (SPEC §5 namespace filter). */
  namespaces: () => readonly ChainNamespace[]
  isMobile: () => boolean
  /** Loads an image into the browser cache; resolves when done or failed. @default a no-op outside a browser */
  preloadImage?: (url: string) => Promise<void>
  sleep?: (ms: number) => Promise<void>
  clock?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout }
}

const initial = (): WalletsState => ({
  wallets: [], count: 0, page: 0, fetched: 0, loading: false, search: '', searchResults: [], searching: false, featured: [], recommended: [],
})

/**
 * The registry wallets of Connect and AllWallets: featured and recommended (4) for Connect, pages of 40 for
 * AllWallets, search over 100 entries (debounced), the SPEC §5 mobile and namespace filters, installed flags by
 * connector rdns, images preloaded (2 s cap per page, 300 ms on search).
 */
export class WalletsController implements Disposable {
  readonly store = new Store<WalletsState>(initial())
  private initialized: Promise<void> | undefined
  private searchTimer: ReturnType<typeof setTimeout> | undefined
  private searchSeq = 0

  constructor(private readonly deps: WalletsControllerDeps) {}

  /** Featured and recommended wallets for the Connect view, asked once. */
  initialize(): Promise<void> {
    this.initialized ??= this.loadConnectWallets().catch(() => {
      this.initialized = undefined
    })
    return this.initialized
  }

  /** Whether the registry holds more pages than loaded. */
  hasMore(): boolean {
    const s = this.store.getSnapshot()
    return s.page === 0 || s.fetched < s.count
  }

  /** Loads the next page of 40 (the first when none is loaded). */
  async fetchNextPage(): Promise<void> {
    const s = this.store.getSnapshot()
    if (s.loading || !this.hasMore()) return
    const page = s.page + 1
    this.store.set({ loading: true, error: undefined })
    try {
      const { include, exclude } = this.idFilters()
      const reply = await this.deps.registry.getWallets({ page, entries: WalletPaging.PAGE_SIZE, include, exclude })
      const kept = this.filter(reply.data)
      await this.preload(kept, WalletPaging.IMAGE_PRELOAD_CAP_MS)
      const now = this.store.getSnapshot()
      const known = new Set(now.wallets.map((w) => w.id))
      this.store.set({
        wallets: [...now.wallets, ...kept.filter((w) => !known.has(w.id))],
        count: reply.count,
        page,
        fetched: now.fetched + reply.data.length,
        loading: false,
      })
    } catch (error) {
      this.store.set({ loading: false, error: error instanceof Error ? error.message : String(error) })
    }
  }

  /** Sets the search text; the query is sent after a pause in typing. An empty text ends the search. */
  setSearch(query: string): void {
    const clock = this.deps.clock ?? globalThis
    if (this.searchTimer !== undefined) clock.clearTimeout(this.searchTimer)
    this.searchTimer = undefined
    const text = query.trim()
    if (!text) {
      this.searchSeq++
      this.store.set({ search: '', searchResults: [], searching: false })
      return
    }
    this.store.set({ searching: true })
    this.searchTimer = clock.setTimeout(() => void this.search(text), WalletPaging.SEARCH_DEBOUNCE_MS)
  }

  /** Searches now (100 entries); a newer search wins over an older answer. */
  async search(query: string): Promise<void> {
    const seq = ++this.searchSeq
    this.store.set({ searching: true })
    try {
      const { include, exclude } = this.idFilters()
      const reply = await this.deps.registry.getWallets({ page: 1, entries: WalletPaging.SEARCH_ENTRIES, search: query, include, exclude })
      const kept = this.filter(reply.data)
      await this.preload(kept, WalletPaging.SEARCH_IMAGE_WAIT_MS)
      if (seq !== this.searchSeq) return
      this.store.set({ search: query, searchResults: kept, searching: false, error: undefined })
    } catch (error) {
      if (seq !== this.searchSeq) return
      this.store.set({ search: query, searchResults: [], searching: false, error: error instanceof Error ? error.message : String(error) })
    }
  }

  /**
   * The AllWallets list: installed wallets first, then featured, then the pages (or the search results), each once,
   * with `installed` set from the registered connectors.
   */
  list(state: WalletsState = this.store.getSnapshot()): WalletListing[] {
    const source = state.search ? state.searchResults : [...state.featured, ...state.wallets]
    const rdns = new Set(this.deps.connectors.all().flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])))
    const seen = new Set<string>()
    const out: WalletListing[] = []
    for (const w of source) {
      if (seen.has(w.id)) continue
      seen.add(w.id)
      out.push({ ...w, installed: Boolean(w.rdns && rdns.has(w.rdns)) })
    }
    return [...out.filter((w) => w.installed), ...out.filter((w) => !w.installed)]
  }

  /** The image URL of a listing: its own, or the registry's image by id. */
  imageUrl(wallet: WalletListing): string | undefined {
    if (wallet.image_url) return wallet.image_url
    return wallet.image_id ? this.deps.registry.walletImageUrl(wallet.image_id) : undefined
  }

  dispose(): void {
    if (this.searchTimer !== undefined) (this.deps.clock ?? globalThis).clearTimeout(this.searchTimer)
    this.searchSeq++
  }

  private async loadConnectWallets(): Promise<void> {
    const { featuredWalletIds = [], excludeWalletIds = [] } = this.deps.options()
    const { include } = this.idFilters()
    const [featured, recommended] = await Promise.all([
      featuredWalletIds.length
        ? this.deps.registry.getWallets({ page: 1, entries: featuredWalletIds.length, include: featuredWalletIds })
        : Promise.resolve({ data: [], count: 0 }),
      this.deps.registry.getWallets({
        page: 1, entries: WalletPaging.RECOMMENDED, include, exclude: [...excludeWalletIds, ...featuredWalletIds],
      }),
    ])
    // Featured keep the host's order.
    const order = new Map(featuredWalletIds.map((id, i) => [id, i]))
    const featuredKept = this.filter(featured.data).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    const recommendedKept = this.filter(recommended.data)
    this.store.set({ featured: featuredKept, recommended: recommendedKept })
    // The registry's counts, before this client's namespace and mobile filters: what All Wallets can page through.
    this.deps.connectors.setWallets(
      { featured: this.withImages(featuredKept), recommended: this.withImages(recommendedKept) },
      { featured: featuredWalletIds.length ? featured.count : 0, recommended: recommended.count },
    )
  }

  private withImages(wallets: WalletListing[]): WalletListing[] {
    return wallets.map((w) => ({ ...w, image_url: this.imageUrl(w) }))
  }

  private idFilters(): Pick<GetWalletsParams, 'include' | 'exclude'> {
    const o = this.deps.options()
    return { include: o.includeWalletIds?.length ? o.includeWalletIds : undefined, exclude: o.excludeWalletIds?.length ? o.excludeWalletIds : undefined }
  }

  private filter(wallets: readonly WalletListing[]): WalletListing[] {
    const namespaces = this.deps.namespaces()
    let kept = filterWalletsByNamespaces(wallets, namespaces)
    if (this.deps.isMobile()) kept = filterMobileWallets(kept, namespaces)
    return kept
  }

  private async preload(wallets: readonly WalletListing[], capMs: number): Promise<void> {
    const preload = this.deps.preloadImage ?? browserPreload
    const urls = wallets.map((w) => this.imageUrl(w)).filter((u): u is string => Boolean(u))
    if (!urls.length) return
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
    await Promise.race([Promise.allSettled(urls.map((u) => preload(u))), sleep(capMs)])
  }
}

/** SPEC §5: keeps wallets listing a chain of a requested namespace (listings without chains are kept). */
export function filterWalletsByNamespaces(wallets: readonly WalletListing[], namespaces: readonly ChainNamespace[]): WalletListing[] {
  if (!namespaces.length) return [...wallets]
  return wallets.filter((w) => !w.chains?.length || w.chains.some((c) => namespaces.some((ns) => c.startsWith(`${ns}:`))))
}

/** SPEC §5 mobile lists: wallets with a mobile link, plus the named exceptions (two more when solana is requested). */
export function filterMobileWallets(wallets: readonly WalletListing[], namespaces: readonly ChainNamespace[]): WalletListing[] {
  const names = new Set(
    [...MOBILE_LINK_EXCEPTIONS.always, ...((namespaces as readonly string[]).includes('solana') ? MOBILE_LINK_EXCEPTIONS.solana : [])].map((n) => n.toLowerCase()),
  )
  return wallets.filter((w) => Boolean(w.mobile_link) || names.has(w.name.toLowerCase()))
}

/** SPEC §5: as a universal provider, wallets with no mobile, desktop or web link are dropped. */
export function filterUniversalProviderWallets(wallets: readonly WalletListing[]): WalletListing[] {
  return wallets.filter((w) => Boolean(w.mobile_link || w.desktop_link || w.webapp_link))
}

/** Loads an image through the browser's cache; a no-op where there is no Image. */
function browserPreload(url: string): Promise<void> {
  if (typeof Image === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const img = new Image()
    img.onload = () => resolve()
    img.onerror = () => resolve()
    img.src = url
  })
}
