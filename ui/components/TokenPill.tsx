import { Icon } from './Icon.tsx'
import { WalletImage } from './WalletImage.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface TokenPillProps {
  /** Ticker, e.g. 'USDC'; absent when no token is chosen yet (the pill shows `placeholder`). */
  symbol?: string | undefined
  /** Untrusted logo URL (see safeImageUrl); a letter tile stands in without one. */
  iconUrl?: string | undefined
  /** Text when no token is chosen, e.g. 'Select token'. */
  placeholder?: string
  /** Makes the pill a button that opens a token picker (with a chevron). Without it the pill is plain text. */
  onClick?(): void
  /** Accessible name of the button, e.g. 'You pay: USDC'. @default the shown text */
  label?: string
  disabled?: boolean
}

/** A token as a pill: its logo and ticker, or "Select token" in the accent colour; a button when it can be changed. */
export function TokenPill({ symbol, iconUrl, placeholder = '', onClick, label, disabled }: TokenPillProps) {
  const content = (
    <>
      {symbol ? <WalletImage name={symbol} src={iconUrl} size={24} decorative /> : null}
      <span className="portico-token-pill-text">{symbol ?? placeholder}</span>
      {onClick ? <Icon name="chevronDown" size={16} /> : null}
    </>
  )
  if (!onClick) {
    return (
      <span ref={lazyStyles} className="portico-token-pill" data-empty={symbol ? undefined : ''}>
        {content}
      </span>
    )
  }
  return (
    <button ref={lazyStyles} type="button" className="portico-token-pill" data-empty={symbol ? undefined : ''} aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {content}
    </button>
  )
}
