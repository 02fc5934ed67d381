import { useEffect } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { FarcasterCard } from './FarcasterCard.tsx'

/** The ConnectingFarcaster view (SPEC §2, §4 "Farcaster uses a URL instead of a popup"). */
export default function ConnectingFarcaster(_props: ViewProps<'ConnectingFarcaster'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { farcaster } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  useEffect(() => {
    if (controller.state.farcaster.status === 'idle') void controller.startFarcaster()
  }, [controller])
  return <FarcasterCard status={farcaster.status} url={farcaster.url} error={farcaster.error === undefined ? undefined : errorText(farcaster.error)} onRetry={() => void controller.startFarcaster()} t={t} />
}
