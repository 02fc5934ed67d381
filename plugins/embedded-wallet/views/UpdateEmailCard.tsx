import { Button, Spinner } from 'portico/components'
import { formatMessage } from 'portico/react'
import type { UpdateStep } from '../controller.ts'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'
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
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** SPEC §2 UpdateEmailWallet: the new address, a code to the current one (primary), a code to the new one (secondary). */
export function UpdateEmailCard({ step, currentEmail, newEmail, codeStep, error, onEmail, onCode, onDone, t = messages.en }: UpdateEmailCardProps) {
  if (step === 'form' || step === 'sending') {
    return (
      <div className="portico-view portico-stack">
        {currentEmail && <p className="portico-text-muted">{formatMessage(t.currentEmail, { email: currentEmail })}</p>}
        <EmailForm label={t.newEmail} t={t} error={error} busy={step === 'sending'} initialValue={newEmail} onSubmit={onEmail} />
      </div>
    )
  }
  if (step === 'primary' || step === 'secondary' || step === 'verifying') {
    const which = step === 'verifying' ? codeStep : step
    const to = which === 'primary' ? currentEmail : newEmail
    return (
      <div className="portico-view portico-stack">
        <p className="portico-text-muted">{formatMessage(t.enterCode, { email: to ?? t.yourEmail })}</p>
        <CodeForm key={which} error={error} busy={step === 'verifying'} onSubmit={onCode} t={t} />
      </div>
    )
  }
  if (step === 'waiting') {
    return (
      <div className="portico-state">
        <Spinner label={t.updatingEmail} />
        <p className="portico-state-description">{t.updatingYourEmail}</p>
      </div>
    )
  }
  return (
    <div className="portico-state">
      <p className="portico-state-title" role="status">{formatMessage(t.emailIsNow, { email: newEmail ?? '' })}</p>
      <Button onClick={onDone}>{t.done}</Button>
    </div>
  )
}
