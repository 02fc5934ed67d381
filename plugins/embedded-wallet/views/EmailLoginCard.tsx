import { Button, ErrorState, Spinner } from 'portico/components'
import { formatMessage } from 'portico/react'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'
import type { EmailStep } from '../controller.ts'
import { CodeForm } from './CodeForm.tsx'
import { EmailForm } from './EmailForm.tsx'

export interface EmailLoginCardProps {
  step: EmailStep
  email?: string
  error?: string
  /** Seconds until a new code may be sent (SPEC §5 throttle); 0 shows the resend button. */
  throttleSeconds: number
  onEmail(email: string): void
  onCode(code: string): void
  onResend(): void
  onRetry(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/**
 * SPEC §2 EmailLogin: the email field (when opened without one), the device approval wait, the one-time code with
 * resend behind the 30 s throttle, and errors.
 */
export function EmailLoginCard({ step, email, error, throttleSeconds, onEmail, onCode, onResend, onRetry, t = messages.en }: EmailLoginCardProps) {
  if (step === 'idle' || (step === 'error' && !email)) {
    return (
      <div className="portico-view portico-stack">
        <p className="portico-text-muted">{t.signInWithCode}</p>
        <EmailForm error={error} onSubmit={onEmail} t={t} />
      </div>
    )
  }
  if (step === 'error') {
    return <ErrorState title={error ?? t.errorOccurred} description={email ? formatMessage(t.couldNotSend, { email }) : undefined} onRetry={onRetry} />
  }
  if (step === 'sending') {
    return (
      <div className="portico-state">
        <Spinner label={t.sendingCode} />
        <p className="portico-state-description">{formatMessage(t.sendingCodeTo, { email: email ?? '' })}</p>
      </div>
    )
  }
  if (step === 'device') {
    return (
      <div className="portico-state">
        <Spinner label={t.waitingApproval} />
        <p className="portico-state-title">{t.approveInEmail}</p>
        <p className="portico-state-description">{formatMessage(t.approvalLinkSent, { email: email ?? '' })}</p>
      </div>
    )
  }
  return (
    <div className="portico-view portico-stack">
      <p className="portico-text-muted">{formatMessage(t.enterCode, { email: email ?? '' })}</p>
      <CodeForm error={error} busy={step === 'verifying'} onSubmit={onCode} t={t} />
      {throttleSeconds > 0 ? (
        <p className="portico-text-muted portico-text-sm" aria-live="polite">
          {formatMessage(t.tryAgainAfter, { seconds: String(throttleSeconds) })}
        </p>
      ) : (
        <Button variant="secondary" onClick={onResend}>
          {t.resendCode}
        </Button>
      )}
    </div>
  )
}
