import type { ViewProps } from 'portico'
import { useModalInstance, useService, useStore } from 'portico/react'
import { NamesTokens } from '../tokens.ts'
import { RegisterAccountNameSuccessCard } from './RegisterAccountNameSuccessCard.tsx'

/** SPEC §2 RegisterAccountNameSuccess: the name just registered, then back to Account. */
export default function RegisterAccountNameSuccess(_props: ViewProps<'RegisterAccountNameSuccess'>) {
  const modal = useModalInstance()
  const controller = useService(NamesTokens.Controller)
  const state = useStore(controller.store)
  return (
    <RegisterAccountNameSuccessCard
      name={state.registeredName}
      onDone={() => {
        controller.reset()
        modal.router.reset('Account')
      }}
    />
  )
}
