import { Button } from 'portico/components'
import type { SocialProvider } from '../protocol.ts'
import { SOCIAL_LABELS } from '../rules.ts'

export interface SocialButtonsProps {
  providers: readonly SocialProvider[]
  /** The provider whose login is under way. */
  busy?: SocialProvider
  /** SPEC §8 social failure text. */
  error?: string
  onSelect(provider: SocialProvider): void
}

/** A "Continue with <provider>" button per provider, in the host's order. */
export function SocialButtons({ providers, busy, error, onSelect }: SocialButtonsProps) {
  return (
    <div className="portico-stack" role="group" aria-label="Social login">
      {providers.map((provider) => (
        <Button key={provider} variant="secondary" fullWidth loading={busy === provider} onClick={() => onSelect(provider)}>
          {`Continue with ${SOCIAL_LABELS[provider]}`}
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
