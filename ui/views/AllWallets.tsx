import { useEffect, useMemo, useState } from 'react'
import { KernelTokens, type WalletListing } from '../../kernel/index.ts'
import { EmptyState } from '../components/EmptyState.tsx'
import { ErrorState } from '../components/ErrorState.tsx'
import { Spinner } from '../components/Spinner.tsx'
import { TextField } from '../components/TextField.tsx'
import { WalletListItem } from '../components/WalletListItem.tsx'
import { useModalInstance, useStore } from '../react/context.tsx'
import { strings } from '../theme/i18n.ts'
import { VirtualList } from './VirtualList.tsx'

/** Row height of the wallet list: the 52px list item and its gap. */
export const WALLET_ROW_HEIGHT = 56
/** Height of the scrolling list: about seven rows, a screenful in the 360px modal. */
export const WALLET_LIST_HEIGHT = 392

/** A wallet row as the list shows it. */
export interface WalletRow {
  id: string
  name: string
  imageUrl?: string
  installed?: boolean
}

export interface AllWalletsListProps {
  query: string
  /** Changes when a different list is shown (a new search): the list starts again at the top. */
  listKey?: string
  onQueryChange(query: string): void
  wallets: readonly WalletRow[]
  /** A page or a search is loading. */
  loading: boolean
  /** The last load failed (shown when nothing is listed). */
  error?: string
  hasMore: boolean
  onEndReached(): void
  onSelect(wallet: WalletRow): void
  onRetry?(): void
}

/** SPEC §2 AllWallets, presentational: the search field and the windowed list with infinite scroll. */
export function AllWalletsList({ query, listKey, onQueryChange, wallets, loading, error, hasMore, onEndReached, onSelect, onRetry }: AllWalletsListProps) {
  let body
  if (wallets.length === 0 && error && !loading) {
    body = <ErrorState title={strings.somethingWentWrong} description={error} onRetry={onRetry} />
  } else if (wallets.length === 0 && loading) {
    body = <Spinner label={strings.loading} />
  } else if (wallets.length === 0) {
    body = <EmptyState title={strings.noWalletsFound} />
  } else {
    body = (
      <VirtualList
        key={listKey}
        label={strings.allWallets}
        items={wallets}
        rowHeight={WALLET_ROW_HEIGHT}
        height={WALLET_LIST_HEIGHT}
        getKey={(w) => w.id}
        onEndReached={hasMore && !loading ? onEndReached : undefined}
        footer={hasMore || loading ? <Spinner label={strings.loading} /> : undefined}
        renderRow={(w) => (
          <WalletListItem
            name={w.name}
            imageUrl={w.imageUrl}
            tag={w.installed ? strings.installed : undefined}
            tagTone={w.installed ? 'success' : 'neutral'}
            onClick={() => onSelect(w)}
          />
        )}
      />
    )
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} aria-busy={loading || undefined}>
      <TextField
        label={strings.searchWallet}
        hideLabel
        type="search"
        placeholder={strings.searchWallet}
        autoComplete="off"
        value={query}
        onChange={(e) => onQueryChange(e.currentTarget.value)}
      />
      {body}
    </div>
  )
}

/** SPEC §2 AllWallets: the registry's wallets, 40 per page, searchable; installed ones connect directly. */
export default function AllWallets() {
  const modal = useModalInstance()
  const controller = modal.get(KernelTokens.Wallets)
  const connectors = modal.get(KernelTokens.Connectors)
  const state = useStore(controller.store)
  const connectorState = useStore(connectors.store)
  const [query, setQuery] = useState(state.search)

  useEffect(() => {
    if (controller.store.getSnapshot().page === 0) void controller.fetchNextPage()
  }, [controller])

  const listings = useMemo(() => controller.list(state), [controller, state, connectorState])
  const rows = useMemo(
    () => listings.map((w): WalletRow & { listing: WalletListing } => ({ id: w.id, name: w.name, imageUrl: controller.imageUrl(w), installed: w.installed, listing: w })),
    [controller, listings],
  )
  const searching = Boolean(query.trim())

  const select = (row: WalletRow) => {
    const listing = (row as WalletRow & { listing: WalletListing }).listing
    const connector = listing.rdns ? connectors.all().find((c) => c.info?.rdns === listing.rdns) : undefined
    if (connector) {
      modal.router.push('ConnectingExternal', { connectorId: connector.id })
      return
    }
    const wcView = 'ConnectingWalletConnect'
    if (modal.views.has(wcView as 'Connect')) modal.router.push(wcView as 'Connect', ...([{ walletId: listing.id }] as unknown as [undefined]))
  }

  return (
    <AllWalletsList
      query={query}
      listKey={state.search}
      onQueryChange={(q) => {
        setQuery(q)
        controller.setSearch(q)
      }}
      wallets={rows}
      loading={searching ? state.searching : state.loading}
      error={state.error}
      hasMore={!searching && controller.hasMore()}
      onEndReached={() => void controller.fetchNextPage()}
      onSelect={select}
      onRetry={() => (searching ? void controller.search(query.trim()) : void controller.fetchNextPage())}
    />
  )
}
