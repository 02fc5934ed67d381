import type { ViewProps } from 'portico/plugin'
import { useErrorText, useMessages, useModalOptions, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { SiwxTokens } from '../tokens.ts'
import { SiwxSignMessageCard } from './SiwxSignMessageCard.tsx'

/** SPEC §2 SIWXSignMessage: the sign-in dialog of the siwx plugin. */
export default function SIWXSignMessage(_props: ViewProps<'SIWXSignMessage'>) {
  const controller = useService(SiwxTokens.Controller)
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const appName = useModalOptions().metadata?.name ?? t.thisApp
  const address = state.caipAddress?.split(':').slice(2).join(':')
  return (
    <SiwxSignMessageCard
      t={t}
      errorText={errorText}
      appName={appName}
      address={address}
      status={state.status}
      error={state.error}
      detail={state.detail}
      universal={state.universal}
      required={controller.required}
      onSign={() => void controller.signIn()}
      onCancel={() => void controller.cancel()}
    />
  )
}
