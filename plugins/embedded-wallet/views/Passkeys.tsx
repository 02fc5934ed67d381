import { useEffect } from 'react'
import type { ViewProps } from 'portico/plugin'
import { useErrorText, useLocale, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { PasskeysCard } from './PasskeysCard.tsx'

/** Passkeys (issue 28): list, add (the secure site's panel) and remove the signed-in user's passkeys. */
export default function Passkeys(_props: ViewProps<'Passkeys'>) {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { passkeys } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const { locale } = useLocale()
  useEffect(() => {
    void controller.loadPasskeys()
  }, [controller])
  return (
    <PasskeysCard
      {...passkeys}
      error={passkeys.error === undefined ? undefined : errorText(passkeys.error)}
      t={t}
      locale={locale}
      onAdd={() => void controller.addPasskey()}
      onRemove={(id) => void controller.removePasskey(id)}
      onRetry={() => void controller.loadPasskeys()}
    />
  )
}
