import type { ListItemProps } from './ListItem.tsx'
import { ListItem } from './ListItem.tsx'
import { WalletImage } from './WalletImage.tsx'

export interface WalletListItemProps extends Omit<ListItemProps, 'label' | 'image'> {
  /** Wallet name, rendered as text only. */
  name: string
  /** Untrusted icon URL (see safeImageUrl). */
  imageUrl?: string | undefined
}

/** A wallet in the connector lists: icon, name, optional tag ('Installed', 'Recent', 'QR Code'). */
export function WalletListItem({ name, imageUrl, ...rest }: WalletListItemProps) {
  return <ListItem {...rest} label={name} image={<WalletImage name={name} src={imageUrl} size={36} decorative />} />
}
