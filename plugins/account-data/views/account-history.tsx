import { useEffect } from 'react'
import { AccountDataTokens } from '../tokens.ts'
import { type Transaction } from '../index.ts'
import { Button } from 'portico/components'
import { useMessages, useModalInstance, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { useAccount, useNetwork } from 'portico/react'

/** What the Activity and NFTs lists take from the history. */
export interface HistoryListProps {
  loading: boolean
  error?: string
  hasMore: boolean
  onLoadMore?: () => void
  onRetry?: () => void
}

/**
 * The active account's history on the active network (shared by the Activity and NFTs tabs): loads on mount and
 * when the account or network changes, pages by cursor.
 */
export function useAccountHistory(): { transactions: readonly Transaction[]; list: HistoryListProps } {
  const modal = useModalInstance()
  const controller = modal.get(AccountDataTokens.Transactions)
  const state = useStore(controller.store)
  const account = useAccount()
  const { caipNetwork } = useNetwork()
  useEffect(() => {
    void controller.load()
  }, [controller, account.address, caipNetwork?.caipNetworkId])
  return {
    transactions: state.transactions,
    list: {
      loading: state.loading || !state.loaded,
      error: state.error,
      hasMore: Boolean(state.next),
      onLoadMore: () => void controller.loadMore(),
      onRetry: () => void controller.refresh(),
    },
  }
}

/** The "Load more" button under a history list. */
export function LoadMore({ hasMore, loading, onLoadMore }: Pick<HistoryListProps, 'hasMore' | 'loading' | 'onLoadMore'>) {
  const m = useMessages(messages)
  if (!hasMore || !onLoadMore) return null
  return (
    <Button variant="secondary" fullWidth loading={loading} onClick={onLoadMore}>
      {m.loadMore}
    </Button>
  )
}
