import type { ReactNode } from 'react'
import { Button } from './Button.tsx'
import { ListItem } from './ListItem.tsx'
import { lazyStyles } from './lazy-styles.ts'

export interface ConnectionCardProps {
  /** The wallet's name. */
  name: string
  /** Where and who: the network and the short address, e.g. 'Ethereum (EVM) · 0x70…dc79C8'. */
  description: string
  /** The wallet's image (decorative: the name names it). */
  image: ReactNode
  /** The connection's status, e.g. 'Connected', and its tone. */
  status: string
  statusTone: 'neutral' | 'success'
  /** Choosing the card (making the connection the active one). */
  onSelect(): void
  /** The disconnect button's text ('Disconnect') and its accessible name ('Disconnect Harbor from Ethereum (EVM)'). */
  disconnectText: string
  disconnectLabel: string
  onDisconnect(): void
}

/**
 * One connected wallet as a card (ProfileWallets): the wallet as a row button on top, its name and where it is
 * connected with the whole width to themselves (they wrap rather than get cut), and under them the status and a
 * Disconnect button. The row button is named "name, description, status" as a ListItem is; the status line only
 * shows it again.
 */
export function ConnectionCard({ name, description, image, status, statusTone, onSelect, disconnectText, disconnectLabel, onDisconnect }: ConnectionCardProps) {
  return (
    <div ref={lazyStyles} className="portico-connection-card">
      <ListItem label={name} description={description} image={image} aria-label={`${name}, ${description}, ${status}`} onClick={onSelect} />
      <div className="portico-connection-card-footer">
        <span className="portico-tag" data-tone={statusTone} aria-hidden="true">
          {status}
        </span>
        <Button variant="danger" aria-label={disconnectLabel} onClick={onDisconnect}>
          {disconnectText}
        </Button>
      </div>
    </div>
  )
}
