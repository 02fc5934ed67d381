/**
 * The SPEC §8 error catalogue (plus the §5 send messages, the §6 permission messages and the §4 texts), verbatim.
 * Code never writes a catalogued text by hand: it takes it from here, so a wording change happens in one place.
 */
import * as ErrorText from './catalogue.ts'

/** The catalogue as one object: `ErrorText.MODAL_CLOSED`. Property reads are tree-shaken to single constants. */
export { ErrorText }


/** One key of {@link ErrorText}. */
export type ErrorTextKey = keyof typeof ErrorText
/** One catalogued text. */
export type ErrorTextValue = (typeof ErrorText)[ErrorTextKey]

/** SPEC §8 "No RPC url provided for chainId: {id}". */
export function noRpcUrl(chainId: string | number): string {
  return `No RPC url provided for chainId: ${chainId}`
}

/** SPEC §8 "Namespace '{ns}' is not configured. Please call connect() first with namespace config." */
export function namespaceNotConfigured(namespace: string): string {
  return `Namespace '${namespace}' is not configured. Please call connect() first with namespace config.`
}

/** SPEC §8 "Failed to switch to chain ..." (chain not approved, or no wallet_switchEthereumChain). */
export function failedToSwitchChain(detail: string | number): string {
  return `Failed to switch to chain ${detail}`
}

/** SPEC §8 "Failed to fetch user operation receipt - {status}". */
export function userOperationReceiptFailed(status: string | number): string {
  return `Failed to fetch user operation receipt - ${status}`
}

/** SPEC §8 "Please try again after {n} seconds" (email throttle). */
export function tryAgainAfter(seconds: number): string {
  return `Please try again after ${seconds} seconds`
}

/** SPEC §8 origins fetch outcomes other than a list. */
export const OriginsFetchError = {
  RATE_LIMITED: 'RATE_LIMITED',
  SERVER_ERROR: 'SERVER_ERROR',
} as const

/** One origins fetch outcome. */
export type OriginsFetchError = (typeof OriginsFetchError)[keyof typeof OriginsFetchError]
