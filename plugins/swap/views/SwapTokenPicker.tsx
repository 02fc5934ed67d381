import { EmptyState, ListItem, WalletImage } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { SwapToken } from '../controller.ts'
import { messages, type SwapLocalized } from '../messages.ts'
import { localDecimal } from './parts.tsx'

export interface SwapTokenPickerProps extends Pick<SwapLocalized, 't' | 'locale'> {
  side: 'from' | 'to'
  tokens: readonly SwapToken[]
  /** The token already chosen for this side. */
  selected?: string
  onSelect(token: SwapToken): void
}

/** The swap flow's token picker: the convert API's tokens with the account's balance. */
export function SwapTokenPicker(props: SwapTokenPickerProps) {
  const { t = messages.en, locale = 'en' } = props
  if (!props.tokens.length) return <EmptyState title={t.noTokens} icon="empty" />
  return (
    <div role="group" aria-label={props.side === 'from' ? t.swapFrom : t.swapTo} className="portico-list">
      {props.tokens.map((token) => (
        <ListItem
          key={token.address}
          label={token.symbol}
          description={token.balance !== undefined ? formatMessage(t.tokenBalance, { name: token.name, amount: localDecimal(token.balance, locale) }) : token.name}
          tag={token.address.toLowerCase() === props.selected?.toLowerCase() ? t.selected : undefined}
          image={<WalletImage name={token.symbol} src={token.logoUri} size={36} decorative />}
          onClick={() => props.onSelect(token)}
        />
      ))}
    </div>
  )
}
