import { Button, Spinner } from 'portico/components'
import type { UpdateStep } from '../controller.ts'
import { CodeForm } from './CodeForm.tsx'
import { EmailForm } from './EmailForm.tsx'

export interface UpdateEmailCardProps {
  step: UpdateStep
  currentEmail?: string
  newEmail?: string
  /** The code step being verified (while `step` is 'verifying'). */
  codeStep?: 'primary' | 'secondary'
  error?: string
  onEmail(email: string): void
  onCode(code: string): void
  onDone(): void
}

/** SPEC §2 UpdateEmailWallet: the new address, a code to the current one (primary), a code to the new one (secondary). */
export function UpdateEmailCard({ step, currentEmail, newEmail, codeStep, error, onEmail, onCode, onDone }: UpdateEmailCardProps) {
  if (step === 'form' || step === 'sending') {
    return (
      <div className="portico-view portico-stack">
        {currentEmail && <p className="portico-text-muted">{`Current email: ${currentEmail}`}</p>}
        <EmailForm label="New email" error={error} busy={step === 'sending'} initialValue={newEmail} onSubmit={onEmail} />
      </div>
    )
  }
  if (step === 'primary' || step === 'secondary' || step === 'verifying') {
    const which = step === 'verifying' ? codeStep : step
    const to = which === 'primary' ? currentEmail : newEmail
    return (
      <div className="portico-view portico-stack">
        <p className="portico-text-muted">{`Enter the 6-digit code sent to ${to ?? 'your email'}`}</p>
        <CodeForm key={which} error={error} busy={step === 'verifying'} onSubmit={onCode} />
      </div>
    )
  }
  if (step === 'waiting') {
    return (
      <div className="portico-state">
        <Spinner label="Updating email" />
        <p className="portico-state-description">Updating your email...</p>
      </div>
    )
  }
  return (
    <div className="portico-state">
      <p className="portico-state-title" role="status">{`Your email is now ${newEmail ?? ''}`}</p>
      <Button onClick={onDone}>Done</Button>
    </div>
  )
}
