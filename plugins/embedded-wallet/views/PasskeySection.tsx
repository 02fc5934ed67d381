import { useErrorText, useMessages, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { PasskeyButton } from './PasskeyButton.tsx'

/** Connect's passkey login (issue 28), after the email field: the ceremony runs in the secure site's frame. */
export default function PasskeySection() {
  const { controller } = useService(EmbeddedWalletTokens.Services)
  const { passkey } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  return (
    <PasskeyButton
      busy={passkey.status === 'connecting'}
      error={passkey.status === 'error' && passkey.error !== undefined ? errorText(passkey.error) : undefined}
      onClick={() => void controller.connectPasskey()}
      t={t}
    />
  )
}
