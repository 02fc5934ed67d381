import { useErrorText, useMessages, useModalInstance, useService, useStore } from 'portico/react'
import { messages } from '../messages.ts'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { SocialButtons } from './SocialButtons.tsx'

/**
 * Connect's social section: the providers (SPEC §4 social login through the 600x800 popup), the first full width and
 * the others as icon buttons, and Farcaster (SPEC §4: a URL instead of a popup, the ConnectingFarcaster view) when
 * the host offers it.
 */
export default function SocialSection() {
  const modal = useModalInstance()
  const { controller, socials, farcaster } = useService(EmbeddedWalletTokens.Services)
  const { social } = useStore(controller.store)
  const t = useMessages(messages)
  const errorText = useErrorText()
  const busy = social.status === 'opening' || social.status === 'waiting' || social.status === 'connecting' ? social.provider : undefined
  return (
    <SocialButtons
      providers={socials}
      busy={busy}
      error={social.status === 'error' && social.error !== undefined ? errorText(social.error) : undefined}
      onSelect={(provider) => void controller.startSocial(provider)}
      onFarcaster={farcaster ? () => modal.router.push('ConnectingFarcaster' as 'Connect') : undefined}
      t={t}
    />
  )
}
