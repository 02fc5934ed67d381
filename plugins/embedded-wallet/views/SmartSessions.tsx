import { useEffect } from 'react'
import type { ViewProps } from 'portico'
import { useService, useStore } from 'portico/react'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { SmartSessionsCard } from './SmartSessionsCard.tsx'

/** SmartSessions: the smart account's active sessions (GET /v1/sessions/{caipAddress}); Revoke through the secure site. */
export default function SmartSessions(_props: ViewProps<'SmartSessions'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { sessions } = useStore(controller.store)
  useEffect(() => {
    void controller.loadSessions()
  }, [controller])
  return <SmartSessionsCard {...sessions} onRevoke={(pci) => void controller.revokeSession(pci)} onRetry={() => void controller.loadSessions()} />
}
