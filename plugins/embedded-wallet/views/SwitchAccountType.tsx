import type { ViewProps } from 'portico/plugin'
import { useAccount, useErrorText, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { SwitchAccountTypeCard } from './SwitchAccountTypeCard.tsx'

/**
 * SwitchAccountType (SPEC §4 Switching account type): loading while the secure site switches, back to Account once
 * the connection shows the address of the other type.
 */
export default function SwitchAccountType(_props: ViewProps<'SwitchAccountType'>) {
  const modal = useModalInstance()
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { accountType, user } = useStore(controller.store)
  const account = useAccount()
  const t = useMessages(messages)
  const errorText = useErrorText()
  return (
    <SwitchAccountTypeCard
      current={user?.preferredAccountType ?? 'eoa'}
      address={account.address}
      switching={accountType.switching}
      error={accountType.error === undefined ? undefined : errorText(accountType.error)}
      t={t}
      onSwitch={(target) =>
        void controller.switchAccountType(target).then((ok) => {
          if (ok && modal.router.current.view === 'SwitchAccountType') modal.router.goBack()
        })
      }
    />
  )
}
