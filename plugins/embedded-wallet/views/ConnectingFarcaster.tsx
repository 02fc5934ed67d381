import { useEffect } from 'react'
import type { ViewProps } from 'portico'
import { useService, useStore } from 'portico/react'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { FarcasterCard } from './FarcasterCard.tsx'

/** The ConnectingFarcaster view (SPEC §2, §4 "Farcaster uses a URL instead of a popup"). */
export default function ConnectingFarcaster(_props: ViewProps<'ConnectingFarcaster'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { farcaster } = useStore(controller.store)
  useEffect(() => {
    if (controller.state.farcaster.status === 'idle') void controller.startFarcaster()
  }, [controller])
  return <FarcasterCard status={farcaster.status} url={farcaster.url} error={farcaster.error} onRetry={() => void controller.startFarcaster()} />
}
