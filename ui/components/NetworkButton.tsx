import type { ComponentProps } from 'react'
import { formatMessage } from '../theme/i18n.ts'
import { useUiStrings } from '../i18n/strings-context.tsx'
import { Icon } from './Icon.tsx'
import { WalletImage } from './WalletImage.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface NetworkButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** Current network name, rendered as text. */
  name: string
  /** Untrusted network image URL (see safeImageUrl). */
  imageUrl?: string | undefined
}

/** The current network; opens SwitchNetwork. Accessible name: 'Switch network, current: {name}'. */
export function NetworkButton({ name, imageUrl, type = 'button', className, ...rest }: NetworkButtonProps) {
  const ui = useUiStrings()
  return (
    <button
      ref={lazyStyles}
      aria-label={formatMessage(ui.switchNetworkCurrent, { name })}
      {...rest}
      type={type}
      className={className ? `portico-network-button ${className}` : 'portico-network-button'}
    >
      <WalletImage name={name} src={imageUrl} size={26} decorative />
      <span>{name}</span>
      <Icon name="chevronDown" size={16} />
    </button>
  )
}
