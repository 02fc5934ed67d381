import type { ViewProps } from 'portico/plugin'
import { useErrorText, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { NamesTokens } from '../tokens.ts'
import { RegisterAccountNameCard } from './RegisterAccountNameCard.tsx'

/** SPEC §2 RegisterAccountName: choose a name in the configured zone and register it with a signature. */
export default function RegisterAccountName(_props: ViewProps<'RegisterAccountName'>) {
  const controller = useService(NamesTokens.Controller)
  const state = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  return (
    <RegisterAccountNameCard
      t={t}
      errorText={errorText}
      zone={controller.zone}
      input={state.input}
      ruleProblem={state.ruleProblem}
      suggestions={state.suggestions}
      suggestionsStatus={state.suggestionsStatus}
      suggestionsError={state.suggestionsError}
      available={controller.available(state)}
      candidate={controller.candidate(state.input)}
      status={state.status}
      error={state.error}
      onInput={(v) => controller.setInput(v)}
      onRegister={() => void controller.register()}
    />
  )
}
