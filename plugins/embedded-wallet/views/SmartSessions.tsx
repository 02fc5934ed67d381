import { useEffect } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useLocale, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { SmartSessionsCard } from './SmartSessionsCard.tsx'

/** SmartSessions: the smart account's active sessions (GET /v1/sessions/{caipAddress}); Revoke through the secure site. */
export default function SmartSessions(_props: ViewProps<'SmartSessions'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { sessions } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  useEffect(() => {
    void controller.loadSessions()
  }, [controller])
  return <SmartSessionsCard
      {...sessions}
      error={sessions.error === undefined ? undefined : errorText(sessions.error)}
      t={t}
      locale={locale}
      onRevoke={(pci) => void controller.revokeSession(pci)} onRetry={() => void controller.loadSessions()} />
}
