import { Button, QrCode, Spinner, Stack, Text, safeWalletLink } from 'portico/components'
import type { FarcasterStatus } from '../controller.ts'

export interface FarcasterCardProps {
  status: FarcasterStatus
  /** SPEC §3 farcasterUrl: the sign-in URL the Farcaster app opens. */
  url?: string
  /** SPEC §8 "Failed to connect to farcaster". */
  error?: string
  onRetry(): void
}

/** SPEC §2 ConnectingFarcaster: the sign-in URL as a QR code and an "Open in Farcaster" link. */
export function FarcasterCard({ status, url, error, onRetry }: FarcasterCardProps) {
  // The URL comes from the secure site: a link only when it passes the wallet-link rules (https, or http on localhost).
  const href = url ? safeWalletLink(url, 'web') : undefined
  return (
    <Stack gap={4} align="center" className="portico-view">
      {status === 'error' ? (
        <>
          <p className="portico-text-error portico-text-sm" role="alert">
            {error}
          </p>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </>
      ) : url ? (
        <>
          <QrCode value={url} label="Farcaster sign-in QR code" />
          <Text tone="muted">{status === 'connecting' ? 'Connecting…' : 'Scan with your phone or open the Farcaster app to sign in.'}</Text>
          {href && (
            <a className="portico-button portico-button-secondary" href={href} target="_blank" rel="noopener noreferrer">
              Open in Farcaster
            </a>
          )}
        </>
      ) : (
        <Stack gap={2} align="center" aria-busy="true">
          <Spinner />
          <Text tone="muted">Preparing the sign-in link…</Text>
        </Stack>
      )}
    </Stack>
  )
}
