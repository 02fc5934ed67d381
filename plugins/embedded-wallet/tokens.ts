import { createToken } from 'portico/plugin'
import type { EmbeddedWalletController } from './controller.ts'
import type { SocialProvider } from './protocol.ts'

/** What the views read: the controller and the social providers to show. */
export interface EmbeddedWalletServices {
  controller: EmbeddedWalletController
  /** Providers in the host's order, SPEC §5 Telegram rules applied. */
  socials: readonly SocialProvider[]
  email: boolean
  /** Offer Farcaster sign-in (ConnectingFarcaster) in the social section. */
  farcaster: boolean
}

/** The services the embedded-wallet plugin provides (views read them with `useService`). */
export const EmbeddedWalletTokens = {
  Services: createToken<EmbeddedWalletServices>('embedded-wallet.services'),
} as const
