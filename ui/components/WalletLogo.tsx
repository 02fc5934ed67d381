import { Icon } from './Icon.tsx'
import { WalletImage } from './WalletImage.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface WalletLogoProps {
  /** Wallet name: the image's alt text. */
  name: string
  /** Untrusted icon URL (see safeImageUrl). */
  src?: string | undefined
  /** loading: a ring runs round the logo; error: the ring turns red with an alert badge. @default 'idle' */
  state?: 'idle' | 'loading' | 'error'
  /**
   * In the error state a click (or tap) on the logo tries again, as peers do. A pointer shortcut only: the view keeps
   * its labelled Retry button for keyboards and assistive technology.
   */
  onRetry?: () => void
  /** Edge length of the image in px. @default 80 (--portico-logo-size-lg) */
  size?: number
}

/** The wallet's logo on the connecting views, framed by a progress ring while waiting and an error badge on failure. */
export function WalletLogo({ name, src, state = 'idle', onRetry, size = 80 }: WalletLogoProps) {
  const retry = state === 'error' && onRetry ? onRetry : undefined
  return (
    <span ref={lazyStyles} className="portico-logo" data-state={state} data-retry={retry ? '' : undefined} onClick={retry}>
      <WalletImage name={name} src={src} size={size} />
      {state !== 'idle' && (
        <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <rect x="1.5" y="1.5" width="97" height="97" rx="26" pathLength={100} />
        </svg>
      )}
      {state === 'error' && (
        <span className="portico-logo-badge" aria-hidden="true">
          <Icon name="close" size={12} />
        </span>
      )}
    </span>
  )
}
