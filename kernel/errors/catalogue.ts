/**
 * The SPEC §8 error catalogue (plus the §5 send messages, the §6 permission messages and the §4 texts), verbatim.
 * One export per text so a bundle keeps only the texts it uses; `ErrorText` is this module as a namespace.
 * Only texts some code raises or shows are here (tests/architecture.test.ts checks it): the SPEC's texts for states
 * Portico has no code for (AppKit's "NetworkController client not set", "Chain adapter not found", "Connection
 * rejected", "Action not allowed", ...) are left out until code needs them.
 */
// Validation (SPEC §5)
export const INVALID_CAIP10 = 'Invalid CAIP-10 address'
export const INVALID_CAIP2 = 'Invalid CAIP-2 network id'
export const INVALID_CHAIN_ID = 'Invalid chainId'

// Balance (SPEC §8)
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

// Network support (SPEC §8)
export const NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE = 'Network not supported for Gas Price'
export const NETWORK_NOT_SUPPORTED_FOR_SWAPS = 'Network not supported for Swaps'

// Connection and provider (SPEC §8)
export const WALLETCONNECT_CONNECTOR_NOT_FOUND = 'WalletConnectConnector not found'
export const CALL_CONNECT_BEFORE_REQUEST = 'Please call connect() before request()'
export const SIGN_CLIENT_NOT_INITIALIZED = 'Sign Client not initialized'
export const CHAIN_ID_NOT_FOUND = 'ChainId not found'

// Social and email (SPEC §8, §4)
export const MODAL_CLOSED = 'Modal closed'
export const POPUP_CLOSED = 'Popup closed'
export const FAILED_TO_CONNECT = 'Failed to connect'
export const FAILED_TO_INITIATE_SOCIAL_CONNECTION = 'Failed to initiate social connection'
export const FAILED_TO_CONNECT_TO_FARCASTER = 'Failed to connect to farcaster'
export const NOT_CONNECTED_TO_EMAIL_OR_SOCIAL = 'Not connected to email or social'

// Names (SPEC §8)
export const NETWORK_NOT_FOUND = 'Network not found'
export const ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND = 'Address or auth connector not found'
export const ERROR_RESOLVING_NAME = 'Error resolving name'
export const ERROR_FETCHING_NAME_SUGGESTIONS = 'Error fetching name suggestions'
export const ERROR_FETCHING_NAMES_FOR_ADDRESS = 'Error fetching names for address'
export const ERROR_REGISTERING_NAME = 'Error registering name'

// History (SPEC §8)
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

// Authentication and signing (SPEC §8, §4)
export const AUTHENTICATION_INIT_FAILED = 'A problem occurred while trying initialize authentication'
export const SIGNATURE_DECLINED = 'Signature declined'
export const SMART_ACCOUNT_NOT_SUPPORTED = 'This application might not support Smart Accounts.'
export const SIWX_NOT_ENABLED = 'SIWX is not enabled'
export const NO_ACTIVE_CAIP_ADDRESS = 'No ActiveCaipAddress found'
export const NO_ACTIVE_CAIP_NETWORK_OR_CLIENT = 'No ActiveCaipNetwork or client found'
export const NON_PAYMENT_ACCOUNT_SWITCH_NOT_ALLOWED = 'Switching to non-payment accounts is not allowed'
/** Loading text during universal authentication (SPEC §4), kept here so the SIWX texts live together. */
export const AUTHENTICATING = 'Authenticating...'

// Frame (SPEC §8)
export const REQUEST_ABORTED = 'Request was aborted'
export const SOMETHING_WENT_WRONG = 'Something went wrong'
export const AN_ERROR_OCCURRED = 'An error occurred'
export const EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED = 'Unable to load email login dependency'

// Send (SPEC §5)
export const AMOUNT_AND_RECEIVER_REQUIRED = 'An amount and receiver address are required'
export const TOKEN_REQUIRED = 'A token is required'
export const UNSUPPORTED_CHAIN = 'Unsupported chain'

// Permissions (SPEC §6)
export const RPC_CALL_NOT_ALLOWED = 'Requested RPC call is not allowed'
