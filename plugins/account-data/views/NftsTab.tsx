import { useMemo } from 'react'
import { ownedNfts, type OwnedNft } from '../index.ts'
import { EmptyState } from 'portico/components'
import { ErrorState } from 'portico/components'
import { Stack, WalletImage } from 'portico/components'
import { useErrorText, useStrings } from 'portico/react'
import { LoadingRows } from 'portico/components'
import { LoadMore, useAccountHistory, type HistoryListProps } from './account-history.tsx'

/** `hasMore`: more history can reveal more NFTs. */
export interface NftListProps extends HistoryListProps {
  nfts: readonly OwnedNft[]
}

/** SPEC §2 Account NFTs tab, presentational: image and name of each NFT held. */
export function NftList({ nfts, loading, error, hasMore, onLoadMore, onRetry }: NftListProps) {
  const strings = useStrings()
  const errorText = useErrorText()
  if (nfts.length === 0 && loading) return <LoadingRows label={strings.nfts} rows={2} />
  if (nfts.length === 0 && error) return <ErrorState title={errorText(error)} onRetry={onRetry} />
  return (
    <Stack>
      {nfts.length === 0 ? (
        <EmptyState title={strings.noNfts} />
      ) : (
        <ul className="portico-grid" aria-label={strings.nfts}>
          {nfts.map((n) => (
            <li key={n.key} className="portico-tile">
              <WalletImage name={n.name} src={n.imageUrl} size={96} decorative />
              <span>{n.name}</span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} loading={loading} onLoadMore={onLoadMore} />
    </Stack>
  )
}

/** The NFTs tab: NFTs the account holds according to its history on the active network. */
export default function NftsTab() {
  const { transactions, list } = useAccountHistory()
  const nfts = useMemo(() => ownedNfts(transactions), [transactions])
  return <NftList nfts={nfts} {...list} />
}
