import { Button, LoadingRows, Stack, Text } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { SmartSession } from '../controller.ts'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

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
        <Stack gap={3} role="list" aria-label={t.activeSessions}>
          {items.map((s) => (
            <div key={s.pci} role="listitem" aria-label={formatMessage(t.session, { id: shortPci(s.pci) })}>
              <Stack row gap={3} align="center">
                <Stack gap={1}>
                  <Text>{s.permissions.length ? s.permissions.join(', ') : t.permissions}</Text>
                  <Text tone="muted">{formatMessage(t.expires, { date: new Date(s.expiry * 1000).toLocaleString(locale) })}</Text>
                </Stack>
                <Button variant="secondary" loading={revoking === s.pci} disabled={revoking !== undefined && revoking !== s.pci} onClick={() => onRevoke(s.pci)}>
                  {t.revoke}
                </Button>
              </Stack>
            </div>
          ))}
        </Stack>
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
