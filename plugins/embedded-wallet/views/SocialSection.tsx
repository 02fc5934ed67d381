import { useService, useStore } from 'portico/react'
import { EmbeddedWalletTokens } from '../tokens.ts'
import { SocialButtons } from './SocialButtons.tsx'

/** Connect's social section: one button per provider (SPEC §4 social login through the 600x800 popup). */
export default function SocialSection() {
  const { controller, socials } = useService(EmbeddedWalletTokens.Services)
  const { social } = useStore(controller.store)
  const busy = social.status === 'opening' || social.status === 'waiting' || social.status === 'connecting' ? social.provider : undefined
  return (
    <SocialButtons
      providers={socials}
      busy={busy}
      error={social.status === 'error' ? social.error : undefined}
      onSelect={(provider) => void controller.startSocial(provider)}
    />
  )
}
