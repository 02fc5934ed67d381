import { useErrorText, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { EmailForm } from './EmailForm.tsx'

/** Connect's email section (SPEC §2 connect methods): field "Email" and Continue, opening EmailLogin. */
export default function EmailSection() {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { email } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  return (
    <EmailForm
      error={email.step === 'error' && email.error !== undefined ? errorText(email.error) : undefined}
      busy={email.step === 'sending'}
      onChange={() => controller.clearEmailError()}
      onSubmit={(value) => void controller.startEmail(value)}
      t={t}
    />
  )
}
