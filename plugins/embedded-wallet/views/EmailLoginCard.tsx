import { Button, ErrorState, Spinner } from 'portico/components'
import { tryAgainAfter } from 'portico'
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
}

/**
 * SPEC §2 EmailLogin: the email field (when opened without one), the device approval wait, the one-time code with
 * resend behind the 30 s throttle, and errors.
 */
export function EmailLoginCard({ step, email, error, throttleSeconds, onEmail, onCode, onResend, onRetry }: EmailLoginCardProps) {
  if (step === 'idle' || (step === 'error' && !email)) {
    return (
      <div className="portico-view portico-stack">
        <p className="portico-text-muted">Sign in with a one-time code sent to your email.</p>
        <EmailForm error={error} onSubmit={onEmail} />
      </div>
    )
  }
  if (step === 'error') {
    return <ErrorState title={error ?? 'An error occurred'} description={email ? `We could not send a code to ${email}.` : undefined} onRetry={onRetry} />
  }
  if (step === 'sending') {
    return (
      <div className="portico-state">
        <Spinner label="Sending code" />
        <p className="portico-state-description">{`Sending a code to ${email ?? ''}`}</p>
      </div>
    )
  }
  if (step === 'device') {
    return (
      <div className="portico-state">
        <Spinner label="Waiting for approval" />
        <p className="portico-state-title">Approve the login in your email</p>
        <p className="portico-state-description">{`We sent an approval link to ${email ?? ''}. Open it on any device, then enter the code we send next.`}</p>
      </div>
    )
  }
  return (
    <div className="portico-view portico-stack">
      <p className="portico-text-muted">{`Enter the 6-digit code sent to ${email ?? ''}`}</p>
      <CodeForm error={error} busy={step === 'verifying'} onSubmit={onCode} />
      {throttleSeconds > 0 ? (
        <p className="portico-text-muted portico-text-sm" aria-live="polite">
          {tryAgainAfter(throttleSeconds)}
        </p>
      ) : (
        <Button variant="secondary" onClick={onResend}>
          Resend code
        </Button>
      )}
    </div>
  )
}
