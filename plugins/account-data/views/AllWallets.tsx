import { useEffect, useMemo, useState } from 'react'
import { AccountDataTokens } from '../tokens.ts'
import type { WalletListing } from 'portico/plugin'
import { EmptyState } from 'portico/components'
import { ErrorState } from 'portico/components'
import { Spinner, Stack } from 'portico/components'
import { TextField } from 'portico/components'
import { WalletListItem } from 'portico/components'
import { useModalInstance, useStore, useConnectingView } from 'portico/react'
import { useErrorText, useStrings } from 'portico/react'
import { VirtualList } from 'portico/components'

/** Row height of the wallet list: the 56px list item (--portico-row-height) and its 8px gap. */
export const WALLET_ROW_HEIGHT = 64
/** Height of the scrolling list: six rows, a screenful in the 360px modal. */
export const WALLET_LIST_HEIGHT = 384

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
  const strings = useStrings()
  const errorText = useErrorText()
  let body
  if (wallets.length === 0 && error && !loading) {
    body = <ErrorState title={strings.somethingWentWrong} description={errorText(error)} onRetry={onRetry} />
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
    <Stack aria-busy={loading || undefined}>
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
    </Stack>
  )
}

/** SPEC §2 AllWallets: the registry's wallets, 40 per page, searchable; installed ones connect directly. */
export default function AllWallets() {
  const modal = useModalInstance()
  const controller = modal.get(AccountDataTokens.Wallets)
  const state = useStore(controller.store)
  const connectorState = useStore(modal.state.connectors)
  const [query, setQuery] = useState(state.search)
  const connectVia = useConnectingView()

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
    connectVia({ wallet: (row as WalletRow & { listing: WalletListing }).listing })
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
