import { Button } from 'portico/components'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

export interface PasskeyButtonProps {
  /** The secure site's frame is asking the browser for a passkey. */
  busy?: boolean
  /** The last failure (cancelled prompt, unknown passkey, no WebAuthn). */
  error?: string
  onClick(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** Connect's "Continue with a passkey" (issue 28): a discoverable passkey of the secure site, no email typed. */
export function PasskeyButton({ busy = false, error, onClick, t = messages.en }: PasskeyButtonProps) {
  return (
    <div className="portico-stack" data-gap={2}>
      <Button variant="secondary" fullWidth loading={busy} onClick={onClick}>
        {busy ? t.waitingForPasskey : t.continueWithPasskey}
      </Button>
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
