import { Button } from 'portico/components'
import type { SocialProvider } from '../protocol.ts'
import { SOCIAL_LABELS } from '../rules.ts'
import { formatMessage } from 'portico/react'
import { messages, type EmbeddedWalletMessages } from '../messages.ts'

export interface SocialButtonsProps {
  providers: readonly SocialProvider[]
  /** The provider whose login is under way. */
  busy?: SocialProvider
  /** SPEC §8 social failure text. */
  error?: string
  onSelect(provider: SocialProvider): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/** A "Continue with <provider>" button per provider, in the host's order. */
export function SocialButtons({ providers, busy, error, onSelect, t = messages.en }: SocialButtonsProps) {
  return (
    <div className="portico-stack" role="group" aria-label={t.socialLogin}>
      {providers.map((provider) => (
        <Button key={provider} variant="secondary" fullWidth loading={busy === provider} onClick={() => onSelect(provider)}>
          {formatMessage(t.continueWith, { provider: SOCIAL_LABELS[provider] })}
        </Button>
      ))}
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
