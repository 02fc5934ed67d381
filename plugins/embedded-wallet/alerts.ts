/** An embedded wallet alert (SPEC §8): a stable code, a title and a sentence for the user. */
export interface EmbeddedWalletAlert {
  readonly code: string
  readonly shortMessage: string
  readonly longMessage: string
}

/**
 * SPEC §8 embedded wallet alerts. The short messages are the SPEC titles verbatim; the long messages are ours
 * (the SPEC does not show them).
 */
export const EmbeddedWalletAlerts = {
  NETWORK_NOT_FOUND: {
    code: 'NETWORK_NOT_FOUND',
    shortMessage: 'Network Not Found',
    longMessage: 'The selected network is not configured for this app. Choose another network or contact the app owner.',
  },
  INVALID_APP_CONFIGURATION: {
    code: 'INVALID_APP_CONFIGURATION',
    shortMessage: 'Invalid App Configuration',
    longMessage: 'This origin is not on the allowlist of the project. Add it in the project settings.',
  },
  NETWORK_ERROR: {
    code: 'NETWORK_ERROR',
    shortMessage: 'Network Error',
    longMessage: 'The embedded wallet could not be reached. Check the connection and try again.',
  },
  REQUEST_TIMED_OUT: {
    code: 'REQUEST_TIMED_OUT',
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The embedded wallet did not answer in time. Try again.',
  },
  SESSION_EXPIRED: {
    code: 'SESSION_EXPIRED',
    shortMessage: 'Session Expired',
    longMessage: 'The login session is no longer valid. Sign in again.',
  },
  INVALID_PROJECT_ID: {
    code: 'INVALID_PROJECT_ID',
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project id was rejected by the server. Check the project id passed to the modal.',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    code: 'PROJECT_ID_NOT_CONFIGURED',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'No project id was given to the modal. Pass one in its options.',
  },
  SERVER_ERROR: {
    code: 'SERVER_ERROR',
    shortMessage: 'Server Error',
    longMessage: 'The server could not complete the request. Try again later.',
  },
  RATE_LIMITED: {
    code: 'RATE_LIMITED',
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests were sent. Wait a moment and try again.',
  },
} as const satisfies Record<string, EmbeddedWalletAlert>

/** Server reply texts (SPEC §8) and the alert each one means. */
export const ServerReplyText = {
  ORIGIN_NOT_ALLOWED: 'Unauthorized: origin not allowed',
  JWT_NOT_YET_VALID: 'JWT validation error: JWT Token is not yet valid',
  INVALID_KEY: 'Unauthorized: invalid key',
} as const

const SERVER_REPLY_ALERTS: ReadonlyArray<readonly [string, EmbeddedWalletAlert]> = [
  [ServerReplyText.ORIGIN_NOT_ALLOWED, EmbeddedWalletAlerts.INVALID_APP_CONFIGURATION],
  [ServerReplyText.JWT_NOT_YET_VALID, EmbeddedWalletAlerts.SESSION_EXPIRED],
  [ServerReplyText.INVALID_KEY, EmbeddedWalletAlerts.INVALID_PROJECT_ID],
]

/** The alert a server reply maps to (SPEC §8), or undefined; the reply may wrap the text (e.g. "Error: ..."). */
export function alertForServerReply(text: string): EmbeddedWalletAlert | undefined {
  for (const [reply, alert] of SERVER_REPLY_ALERTS) {
    if (text.includes(reply)) return alert
  }
  return undefined
}

/** SPEC §9 frame time-out codes, set as `reason` on the error a frame load or request time-out rejects with. */
export const FrameTimeoutCode = {
  IFRAME_LOAD_FAILED: 'iframe_load_failed',
  IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout',
} as const
