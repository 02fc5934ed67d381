import { useEffect } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { UpdateEmailCard } from './UpdateEmailCard.tsx'

/** The UpdateEmailWallet view (SPEC §4 Email update). */
export default function UpdateEmailWallet(_props: ViewProps<'UpdateEmailWallet'>) {
  const modal = useModalInstance()
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { update, user } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  useEffect(() => () => controller.resetUpdate(), [controller])
  return (
    <UpdateEmailCard
      step={update.step}
      currentEmail={user?.email}
      newEmail={update.newEmail}
      codeStep={update.codeStep}
      error={update.error === undefined ? undefined : errorText(update.error)}
      onEmail={(email) => void controller.startUpdate(email)}
      onCode={(code) => void controller.submitUpdateCode(code)}
      onDone={() => modal.router.goBack()}
      t={t}
    />
  )
}
