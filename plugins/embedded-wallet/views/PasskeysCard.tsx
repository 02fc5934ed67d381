import { Button, LoadingRows, Stack, Text } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { FramePasskey } from '../protocol.ts'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'
import { RemovableList } from './RemovableList.tsx'

export interface PasskeysCardProps {
  status: 'idle' | 'loading' | 'ready' | 'error'
  items: FramePasskey[]
  error?: string
  /** The secure site's "Create a passkey" panel is up. */
  adding?: boolean
  /** The id being removed. */
  removing?: string
  onAdd(): void
  onRemove(id: string): void
  onRetry(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
  /** BCP 47 locale for dates. @default 'en' */
  locale?: string
}

/** The user's passkeys (label, added, last used, synced or device-bound) with Remove each, and "Add a passkey". */
export function PasskeysCard({ status, items, error, adding = false, removing, onAdd, onRemove, onRetry, t = messages.en, locale = 'en' }: PasskeysCardProps) {
  if (status === 'idle' || (status === 'loading' && !items.length)) return <LoadingRows label={t.loadingPasskeys} rows={2} />
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })
  return (
    <Stack gap={3} className="portico-view">
      {items.length === 0 && status !== 'error' && <Text tone="muted">{t.noPasskeys}</Text>}
      {items.length > 0 && (
        <RemovableList
          label={t.yourPasskeys}
          action={t.remove}
          busy={removing}
          onAction={onRemove}
          items={items.map((p) => ({
            id: p.id,
            name: p.label,
            title: p.label,
            detail: [formatMessage(t.passkeyAdded, { date: date(p.createdAt) }), p.lastUsedAt ? formatMessage(t.passkeyLastUsed, { date: date(p.lastUsedAt) }) : undefined, p.backedUp ? t.passkeySynced : t.passkeyDeviceOnly]
              .filter(Boolean)
              .join(' · '),
            actionName: formatMessage(t.removePasskey, { label: p.label }),
          }))}
        />
      )}
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
      {status === 'error' && !items.length ? (
        <Button variant="secondary" onClick={onRetry}>
          {t.tryAgain}
        </Button>
      ) : (
        <Button fullWidth loading={adding} onClick={onAdd}>
          {t.addPasskey}
        </Button>
      )}
    </Stack>
  )
}
