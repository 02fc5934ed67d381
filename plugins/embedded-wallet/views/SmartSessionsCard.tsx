import { Button, LoadingRows, Stack, Text } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { SmartSession } from '../controller.ts'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'
import { RemovableList } from './RemovableList.tsx'

export interface SmartSessionsCardProps {
  status: 'idle' | 'loading' | 'ready' | 'error'
  items: SmartSession[]
  error?: string
  /** The pci being revoked. */
  revoking?: string
  onRevoke(pci: string): void
  onRetry(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
  /** BCP 47 locale for the expiry date. @default 'en' */
  locale?: string
}

const shortPci = (pci: string) => (pci.length > 14 ? `${pci.slice(0, 8)}…${pci.slice(-4)}` : pci)

/** The sessions list: permissions, expiry and a Revoke button per session (texts only, never markup from the server). */
export function SmartSessionsCard({ status, items, error, revoking, onRevoke, onRetry, t = messages.en, locale = 'en' }: SmartSessionsCardProps) {
  if (status === 'idle' || (status === 'loading' && !items.length)) return <LoadingRows label={t.loadingSessions} rows={2} />
  return (
    <Stack gap={3} className="portico-view">
      {items.length === 0 && status !== 'error' && <Text tone="muted">{t.noSessions}</Text>}
      {items.length > 0 && (
        <RemovableList
          label={t.activeSessions}
          action={t.revoke}
          busy={revoking}
          onAction={onRevoke}
          items={items.map((s) => ({
            id: s.pci,
            name: formatMessage(t.session, { id: shortPci(s.pci) }),
            title: s.permissions.length ? s.permissions.join(', ') : t.permissions,
            detail: formatMessage(t.expires, { date: new Date(s.expiry * 1000).toLocaleString(locale) }),
          }))}
        />
      )}
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
      {status === 'error' && (
        <Button variant="secondary" onClick={onRetry}>
          {t.tryAgain}
        </Button>
      )}
    </Stack>
  )
}
