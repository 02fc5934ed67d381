import { Button, LoadingRows, Stack, Text } from 'portico/components'
import type { SmartSession } from '../controller.ts'

export interface SmartSessionsCardProps {
  status: 'idle' | 'loading' | 'ready' | 'error'
  items: SmartSession[]
  error?: string
  /** The pci being revoked. */
  revoking?: string
  onRevoke(pci: string): void
  onRetry(): void
}

const shortPci = (pci: string) => (pci.length > 14 ? `${pci.slice(0, 8)}…${pci.slice(-4)}` : pci)

/** The sessions list: permissions, expiry and a Revoke button per session (texts only, never markup from the server). */
export function SmartSessionsCard({ status, items, error, revoking, onRevoke, onRetry }: SmartSessionsCardProps) {
  if (status === 'idle' || (status === 'loading' && !items.length)) return <LoadingRows label="Loading sessions" rows={2} />
  return (
    <Stack gap={3} className="portico-view">
      {items.length === 0 && status !== 'error' && <Text tone="muted">No active sessions</Text>}
      {items.length > 0 && (
        <Stack gap={3} role="list" aria-label="Active sessions">
          {items.map((s) => (
            <div key={s.pci} role="listitem" aria-label={`Session ${shortPci(s.pci)}`}>
              <Stack row gap={3} align="center">
                <Stack gap={1}>
                  <Text>{s.permissions.length ? s.permissions.join(', ') : 'Permissions'}</Text>
                  <Text tone="muted">{`Expires ${new Date(s.expiry * 1000).toLocaleString()}`}</Text>
                </Stack>
                <Button variant="secondary" loading={revoking === s.pci} disabled={revoking !== undefined && revoking !== s.pci} onClick={() => onRevoke(s.pci)}>
                  Revoke
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
          Try again
        </Button>
      )}
    </Stack>
  )
}
