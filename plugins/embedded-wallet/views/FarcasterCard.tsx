import { Button, QrCode, Spinner, Stack, Text, safeWalletLink } from 'portico/components'
import type { FarcasterStatus } from '../controller.ts'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

export interface FarcasterCardProps {
  status: FarcasterStatus
  /** SPEC §3 farcasterUrl: the sign-in URL the Farcaster app opens. */
  url?: string
  /** SPEC §8 "Failed to connect to farcaster". */
  error?: string
  onRetry(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** SPEC §2 ConnectingFarcaster: the sign-in URL as a QR code and an "Open in Farcaster" link. */
export function FarcasterCard({ status, url, error, onRetry, t = messages.en }: FarcasterCardProps) {
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
            {t.tryAgain}
          </Button>
        </>
      ) : url ? (
        <>
          <QrCode value={url} label={t.farcasterQr} />
          <Text tone="muted">{status === 'connecting' ? t.connecting : t.scanFarcaster}</Text>
          {href && (
            <a className="portico-button portico-button-secondary" href={href} target="_blank" rel="noopener noreferrer">
              {t.openInFarcaster}
            </a>
          )}
        </>
      ) : (
        <Stack gap={2} align="center" aria-busy="true">
          <Spinner />
          <Text tone="muted">{t.preparingLink}</Text>
        </Stack>
      )}
    </Stack>
  )
}
