import type { ViewProps } from 'portico/plugin'
import { useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { NamesTokens } from '../tokens.ts'
import { RegisterAccountNameSuccessCard } from './RegisterAccountNameSuccessCard.tsx'

/** SPEC §2 RegisterAccountNameSuccess: the name just registered, then back to Account. */
export default function RegisterAccountNameSuccess(_props: ViewProps<'RegisterAccountNameSuccess'>) {
  const modal = useModalInstance()
  const controller = useService(NamesTokens.Controller)
  const state = useStore(controller.store)
  const t = useMessages(messages)
  return (
    <RegisterAccountNameSuccessCard
      t={t}
      name={state.registeredName}
      onDone={() => {
        controller.reset()
        modal.router.reset('Account')
      }}
    />
  )
}
