import { useEffect, useMemo } from 'react'
import { KernelTokens, ownedNfts, type OwnedNft } from '../../kernel/index.ts'
import { Button } from '../components/Button.tsx'
import { EmptyState } from '../components/EmptyState.tsx'
import { ErrorState } from '../components/ErrorState.tsx'
import { WalletImage } from '../components/WalletImage.tsx'
import { useModalInstance, useStore } from '../react/context.tsx'
import { useAccount, useNetwork } from '../react/hooks.ts'
import { strings } from '../theme/i18n.ts'
import { LoadingRows } from './LoadingRows.tsx'

export interface NftListProps {
  nfts: readonly OwnedNft[]
  loading: boolean
  error?: string
  /** More history can reveal more NFTs. */
  hasMore: boolean
  onLoadMore?(): void
  onRetry?(): void
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
      {hasMore && onLoadMore && (
        <Button variant="secondary" fullWidth loading={loading} onClick={onLoadMore}>
          Load more
        </Button>
      )}
    </div>
  )
}

/** The NFTs tab: NFTs the account holds according to its history on the active network. */
export default function NftsTab() {
  const modal = useModalInstance()
  const controller = modal.get(KernelTokens.Transactions)
  const state = useStore(controller.store)
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  useEffect(() => {
    void controller.load()
  }, [controller, account.address, caipNetwork?.caipNetworkId])
  const nfts = useMemo(() => ownedNfts(state.transactions), [state.transactions])
  return (
    <NftList
      nfts={nfts}
      loading={state.loading || !state.loaded}
      error={state.error}
      hasMore={Boolean(state.next)}
      onLoadMore={() => void controller.loadMore()}
      onRetry={() => void controller.refresh()}
    />
  )
}
