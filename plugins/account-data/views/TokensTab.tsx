import { useEffect } from 'react'
import { AccountDataTokens } from '../tokens.ts'
import { ErrorText, formatAmount } from 'portico/plugin'
import type { TokenBalance } from '../clients/index.ts'
import { EmptyState } from 'portico/components'
import { ErrorState } from 'portico/components'
import { TokenRow } from 'portico/components'
import { useModalInstance, useStore } from 'portico/react'
import { useAccount, useNetwork } from 'portico/react'
import { useErrorText, useFormatters, useStrings } from 'portico/react'
import { LoadingRows } from 'portico/components'

/** A fiat value as the Tokens tab shows it, in `locale`; tokens without a price show none. */
export function formatUsd(value: number, price: number, locale = 'en-US'): string | undefined {
  return price > 0 && Number.isFinite(value) ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(value) : undefined
}

export interface TokenListProps {
  tokens: readonly TokenBalance[]
  loading: boolean
  /** The catalogued failure text ("Token Balance Unavailable"). */
  error?: string
  onRetry?(): void
}

/** SPEC §2 Account Tokens tab, presentational: name, symbol, quantity to 3 decimals (SPEC §9), value. */
export function TokenList({ tokens, loading, error, onRetry }: TokenListProps) {
  const strings = useStrings()
  const errorText = useErrorText()
  const format = useFormatters()
  if (tokens.length === 0 && loading) return <LoadingRows label={strings.tokens} />
  if (tokens.length === 0 && error) return <ErrorState title={errorText(error)} onRetry={onRetry} />
  if (tokens.length === 0) return <EmptyState title={strings.noTokens} />
  return (
    <ul className="portico-list" aria-label={strings.tokens}>
      {tokens.map((t) => (
        <li key={`${t.chainId}:${t.address ?? 'native'}`}>
          <TokenRow name={t.name} symbol={t.symbol} quantity={formatAmount(t.quantity.numeric, { locale: format.locale })} value={formatUsd(t.value, t.price, format.locale)} iconUrl={t.iconUrl} />
        </li>
      ))}
    </ul>
  )
}

/** The Tokens tab of the connected account: loads on show and on network change (cached 30 s). */
export default function TokensTab() {
  const modal = useModalInstance()
  const controller = modal.get(AccountDataTokens.TokenBalance)
  const state = useStore(controller.store)
  const account = useAccount()
  const { caipNetwork } = useNetwork()

  useEffect(() => {
    void controller.fetch()
  }, [controller, account.address, caipNetwork?.caipNetworkId])

  return (
    <TokenList
      tokens={state.tokens}
      loading={state.loading}
      error={state.error ? ErrorText.TOKEN_BALANCE_UNAVAILABLE : undefined}
      onRetry={() => void controller.fetch({ force: true })}
    />
  )
}
