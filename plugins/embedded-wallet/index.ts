/**
 * portico/plugins/embedded-wallet: email and social login with a wallet whose keys stay on the secure site's own
 * origin (SPEC §1, §2, §4, §7, §8). The modal talks to the secure site only through a hidden iframe and a popup,
 * by origin-checked postMessage.
 * @example createModal({ projectId, plugins: [eip155(), solana(), embeddedWallet({ secureSiteUrl: 'https://secure.example' })] })
 */
export { AuthConnector, AUTH_CONNECTOR_ID, AUTH_NAMESPACES, FRAME_METHODS, accountsOf, authDisplayName, frameChainId } from './connector.ts'
export {
  EmbeddedWalletController,
  EMAIL_UPDATE_POLL_MS,
  parseSessions,
  type SmartSession,
  FARCASTER_RESYNC_MS,
  INVALID_EMAIL,
  INVALID_OTP,
  LOGIN_USED_KEY,
  POPUP_HEIGHT,
  POPUP_POLL_MS,
  POPUP_WIDTH,
  originAllowed,
  type EmbeddedWalletState,
  type PopupLike,
} from './controller.ts'
export { FrameClient, FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS, FRAME_REQUEST_TIMEOUT_MS, frameUrl, mountHiddenIframe, type FrameWindow, type MountedFrame } from './frame-client.ts'
export * from './rules.ts'
export { EmbeddedWalletAlerts, ServerReplyText, alertForServerReply, FrameTimeoutCode, type EmbeddedWalletAlert } from './alerts.ts'
export { EmbeddedWalletTokens, type EmbeddedWalletServices } from './tokens.ts'
export * from './protocol.ts'
export type { EmbeddedWalletOptions } from './plugin.ts'

import { deferPlugin } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import { SOCIAL_PROVIDERS, type SocialProvider } from './protocol.ts'
import type { EmbeddedWalletOptions } from './plugin.ts'
import { EmbeddedWalletTokens } from './tokens.ts'

/**
 * The embedded wallet feature plugin (SPEC §4 email and social login through the secure site). Its registration,
 * connector, frame client, controller and views load outside the host's first chunk, so composing it costs a host's
 * initial load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), embeddedWallet({ secureSiteUrl })] })
 */
export function embeddedWallet(options: EmbeddedWalletOptions) {
  new URL(options.secureSiteUrl) // a readable error for a bad URL, before any modal exists
  return deferPlugin(
    { id: 'embedded-wallet', kind: 'feature', portico: '1.x', optional: [AccountDataTokens.Analytics], provides: [EmbeddedWalletTokens.Services] },
    () => import('./plugin.ts').then((m) => m.embeddedWallet(options)),
  )
}

/** SPEC §5 social providers, for hosts building their list. */
export const ALL_SOCIAL_PROVIDERS: readonly SocialProvider[] = SOCIAL_PROVIDERS
