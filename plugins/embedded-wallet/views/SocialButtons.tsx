import { Button, IconButtonRow, WalletImage } from 'portico/components'
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
  /** Offer Farcaster after the providers (SPEC §4: a URL instead of a popup). */
  onFarcaster?(): void
  /** Strings in the modal's language. @default English */
  t?: EmbeddedWalletMessages
}

/**
 * The social providers in the host's order, composed as AppKit does: the first as a full-width "Continue with
 * <provider>" button, the others (and Farcaster) as a row of icon buttons, each named "Continue with <provider>".
 */
export function SocialButtons({ providers, busy, error, onSelect, onFarcaster, t = messages.en }: SocialButtonsProps) {
  const items = [
    ...providers.map((provider) => ({ id: provider as string, name: SOCIAL_LABELS[provider], busy: busy === provider, onClick: () => onSelect(provider) })),
    ...(onFarcaster ? [{ id: 'farcaster', name: 'Farcaster', busy: false, onClick: onFarcaster }] : []),
  ]
  const [first, ...rest] = items
  return (
    <div className="portico-stack" data-gap={2} role="group" aria-label={t.socialLogin}>
      {first && (
        <Button variant="secondary" fullWidth loading={first.busy} onClick={first.onClick}>
          {first.busy ? null : <WalletImage name={first.name} size={20} decorative />}
          {formatMessage(t.continueWith, { provider: first.name })}
        </Button>
      )}
      {rest.length > 0 && (
        <IconButtonRow
          label={t.moreSocials}
          items={rest.map((item) => ({
            id: item.id,
            label: formatMessage(t.continueWith, { provider: item.name }),
            icon: <WalletImage name={item.name} size={24} decorative />,
            busy: item.busy,
            onClick: item.onClick,
          }))}
        />
      )}
      {error && (
        <p className="portico-text-error portico-text-sm" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
