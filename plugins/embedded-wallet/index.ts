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

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { embeddedWallet } from './definition.ts'
/** SPEC §5 social providers, for hosts building their list. */
export { SOCIAL_PROVIDERS as ALL_SOCIAL_PROVIDERS } from './protocol.ts'
