import { useEffect } from 'react'
import type { ViewProps } from 'portico'
import { useModalInstance, useService, useStore } from 'portico/react'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { UpdateEmailCard } from './UpdateEmailCard.tsx'

/** The UpdateEmailWallet view (SPEC §4 Email update). */
export default function UpdateEmailWallet(_props: ViewProps<'UpdateEmailWallet'>) {
  const modal = useModalInstance()
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { update, user } = useStore(controller.store)
  useEffect(() => () => controller.resetUpdate(), [controller])
  return (
    <UpdateEmailCard
      step={update.step}
      currentEmail={user?.email}
      newEmail={update.newEmail}
      codeStep={update.codeStep}
      error={update.error}
      onEmail={(email) => void controller.startUpdate(email)}
      onCode={(code) => void controller.submitUpdateCode(code)}
      onDone={() => modal.router.goBack()}
    />
  )
}
