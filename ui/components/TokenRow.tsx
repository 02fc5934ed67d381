import { WalletImage } from './WalletImage.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface TokenRowProps {
  /** Token name, e.g. 'Ether'. */
  name: string
  /** Ticker, e.g. 'ETH'. */
  symbol: string
  /** Amount already formatted by the caller (SPEC §9: 3 decimals), e.g. '1.234'. */
  quantity: string
  /** Fiat value already formatted, e.g. '$3,210.00'. */
  value?: string
  /** Untrusted icon URL (see safeImageUrl). */
  iconUrl?: string | undefined
  /** Optional line under the name, e.g. the network. */
  description?: string
}

/** A token balance line of the Account view: icon, name, quantity with symbol, fiat value. */
export function TokenRow({ name, symbol, quantity, value, iconUrl, description }: TokenRowProps) {
  return (
    <div ref={lazyStyles} className="portico-token-row">
      <WalletImage name={symbol || name} src={iconUrl} size={36} decorative />
      <div className="portico-token-row-main">
        <span className="portico-token-row-name">{name}</span>
        {description && <span className="portico-token-row-secondary">{description}</span>}
      </div>
      <div className="portico-token-row-amounts">
        <span>{value ?? `${quantity} ${symbol}`}</span>
        {value !== undefined && <span className="portico-token-row-secondary">{`${quantity} ${symbol}`}</span>}
      </div>
    </div>
  )
}
