import { EmptyState, ListItem, WalletImage } from 'portico/components'
import type { SwapToken } from '../controller.ts'

export interface SwapTokenPickerProps {
  side: 'from' | 'to'
  tokens: readonly SwapToken[]
  /** The token already chosen for this side. */
  selected?: string
  onSelect(token: SwapToken): void
}

/** The swap flow's token picker: the convert API's tokens with the account's balance. */
export function SwapTokenPicker(props: SwapTokenPickerProps) {
  if (!props.tokens.length) return <EmptyState title="No tokens to swap on this network" icon="empty" />
  return (
    <div role="group" aria-label={props.side === 'from' ? 'Swap from' : 'Swap to'} className="portico-list">
      {props.tokens.map((t) => (
        <ListItem
          key={t.address}
          label={t.symbol}
          description={t.balance !== undefined ? `${t.name}, balance ${t.balance}` : t.name}
          tag={t.address.toLowerCase() === props.selected?.toLowerCase() ? 'Selected' : undefined}
          image={<WalletImage name={t.symbol} src={t.logoUri} size={36} decorative />}
          onClick={() => props.onSelect(t)}
        />
      ))}
    </div>
  )
}
