/**
 * The SPEC §8 error catalogue (plus the §5 send messages, the §6 permission messages and the §4 texts), verbatim.
 * Code never writes a catalogued text by hand: it takes it from here, so a wording change happens in one place.
 */
export const ErrorText = {
  // Validation (SPEC §5)
  INVALID_CAIP10: 'Invalid CAIP-10 address',
  INVALID_CAIP2: 'Invalid CAIP-2 network id',
  INVALID_CHAIN_ID: 'Invalid chainId',

  // Balance (SPEC §8)
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',

  // Network support (SPEC §8)
  NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE: 'Network not supported for Gas Price',
  NETWORK_NOT_SUPPORTED_FOR_SWAPS: 'Network not supported for Swaps',

  // Connection and provider (SPEC §8)
  WALLETCONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  CALL_CONNECT_BEFORE_REQUEST: 'Please call connect() before request()',
  SIGN_CLIENT_NOT_INITIALIZED: 'Sign Client not initialized',
  CHAIN_ID_NOT_FOUND: 'ChainId not found',
  CALL_STATUS_NOT_APPROVED: 'Fetching call status not approved by the wallet.',
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NETWORK_CONTROLLER_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CONTROLLER_CLIENT_NOT_SET: 'ConnectionController client not set',
  FAILED_TO_DISCONNECT: 'Failed to disconnect',

  // Social and email (SPEC §8, §4)
  MODAL_CLOSED: 'Modal closed',
  POPUP_CLOSED: 'Popup closed',
  FAILED_TO_CONNECT: 'Failed to connect',
  FAILED_TO_INITIATE_SOCIAL_CONNECTION: 'Failed to initiate social connection',
  FAILED_TO_CONNECT_TO_FARCASTER: 'Failed to connect to farcaster',
  CONNECTION_REJECTED: 'Connection rejected',
  NO_AUTH_CONNECTOR_FOUND: 'No auth connector found',
  NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Not connected to email or social',

  // Names (SPEC §8)
  NETWORK_NOT_FOUND: 'Network not found',
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',
  ERROR_RESOLVING_NAME: 'Error resolving name',
  ERROR_FETCHING_NAME_SUGGESTIONS: 'Error fetching name suggestions',
  ERROR_FETCHING_NAMES_FOR_ADDRESS: 'Error fetching names for address',
  ERROR_REGISTERING_NAME: 'Error registering name',

  // History (SPEC §8)
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',

  // Authentication and signing (SPEC §8, §4)
  AUTHENTICATION_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: 'Signature declined',
  SMART_ACCOUNT_NOT_SUPPORTED: 'This application might not support Smart Accounts.',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'No ActiveCaipNetwork or client found',
  NO_CONNECTION_CONTROLLER_CLIENT: 'No ConnectionController client found',
  NON_PAYMENT_ACCOUNT_SWITCH_NOT_ALLOWED: 'Switching to non-payment accounts is not allowed',
  /** Loading text during universal authentication (SPEC §4), kept here so the SIWX texts live together. */
  AUTHENTICATING: 'Authenticating...',

  // Frame (SPEC §8)
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  AN_ERROR_OCCURRED: 'An error occurred',
  EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED: 'Unable to load email login dependency',

  // Send (SPEC §5)
  AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  TOKEN_REQUIRED: 'A token is required',
  UNSUPPORTED_CHAIN: 'Unsupported chain',

  // Permissions (SPEC §6)
  RPC_CALL_NOT_ALLOWED: 'Requested RPC call is not allowed',
  ACTION_NOT_ALLOWED: 'Action not allowed',
} as const

/** One key of {@link ErrorText}. */
export type ErrorTextKey = keyof typeof ErrorText
/** One catalogued text. */
export type ErrorTextValue = (typeof ErrorText)[ErrorTextKey]

/** SPEC §8 "No RPC url provided for chainId: {id}". */
export function noRpcUrl(chainId: string | number): string {
  return `No RPC url provided for chainId: ${chainId}`
}

/** SPEC §8 "JSON-RPC provider for {chain} not found". */
export function jsonRpcProviderNotFound(chain: string | number): string {
  return `JSON-RPC provider for ${chain} not found`
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

/** SPEC §9 embedded-wallet frame time-out codes. */
export const FrameTimeoutCode = {
  IFRAME_LOAD_FAILED: 'iframe_load_failed',
  IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout',
} as const
