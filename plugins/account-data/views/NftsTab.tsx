import { useMemo } from 'react'
import { ownedNfts, type OwnedNft } from '../index.ts'
import { EmptyState } from 'portico/components'
import { ErrorState } from 'portico/components'
import { WalletImage } from 'portico/components'
import { strings } from 'portico/react'
import { LoadingRows } from 'portico/components'
import { LoadMore, useAccountHistory, type HistoryListProps } from './account-history.tsx'

/** `hasMore`: more history can reveal more NFTs. */
export interface NftListProps extends HistoryListProps {
  nfts: readonly OwnedNft[]
}

/** SPEC §2 Account NFTs tab, presentational: image and name of each NFT held. */
export function NftList({ nfts, loading, error, hasMore, onLoadMore, onRetry }: NftListProps) {
  if (nfts.length === 0 && loading) return <LoadingRows label={strings.nfts} rows={2} />
  if (nfts.length === 0 && error) return <ErrorState title={error} onRetry={onRetry} />
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {nfts.length === 0 ? (
        <EmptyState title={strings.noNfts} />
      ) : (
        <ul className="portico-list" aria-label={strings.nfts} style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 8 }}>
          {nfts.map((n) => (
            <li key={n.key} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6, padding: 8, borderRadius: 'var(--portico-border-radius)', background: 'var(--portico-surface)' }}>
              <WalletImage name={n.name} src={n.imageUrl} size={96} decorative />
              <span style={{ fontSize: 'var(--portico-font-size-sm)', textAlign: 'center', overflowWrap: 'anywhere' }}>{n.name}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} loading={loading} onLoadMore={onLoadMore} />
    </div>
  )
}

/** The NFTs tab: NFTs the account holds according to its history on the active network. */
export default function NftsTab() {
  const { transactions, list } = useAccountHistory()
  const nfts = useMemo(() => ownedNfts(transactions), [transactions])
  return <NftList nfts={nfts} {...list} />
}
