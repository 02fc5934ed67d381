/** SPEC §8 JSON-RPC error codes (JSON-RPC 2.0 and EIP-1474). */
export const JsonRpcErrorCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  INVALID_INPUT: -32000,
  RESOURCE_NOT_FOUND: -32001,
  RESOURCE_UNAVAILABLE: -32002,
  TRANSACTION_REJECTED: -32003,
  METHOD_NOT_SUPPORTED: -32004,
  LIMIT_EXCEEDED: -32005,
  VERSION_NOT_SUPPORTED: -32006,
} as const

/** One JSON-RPC error code. */
export type JsonRpcErrorCode = (typeof JsonRpcErrorCode)[keyof typeof JsonRpcErrorCode]

/** SPEC §8 wallet error codes (EIP-1193, EIP-3085, EIP-5792). */
export const WalletErrorCode = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  UNRECOGNIZED_CHAIN: 4902,
  // EIP-5792 capability, chain, bundle and atomicity errors (5700..5760)
  UNSUPPORTED_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN_ID: 5710,
  DUPLICATE_BUNDLE_ID: 5720,
  UNKNOWN_BUNDLE_ID: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMIC_UPGRADE_REJECTED: 5750,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const

/** One wallet error code. */
export type WalletErrorCode = (typeof WalletErrorCode)[keyof typeof WalletErrorCode]

/** First code of the SPEC §8 capability range. */
export const CAPABILITY_ERROR_CODE_MIN = 5700
/** Last code of the SPEC §8 capability range. */
export const CAPABILITY_ERROR_CODE_MAX = 5760

/** True for a code in the SPEC §8 capabilities range 5700..5760. */
export function isCapabilityErrorCode(code: number): boolean {
  return Number.isInteger(code) && code >= CAPABILITY_ERROR_CODE_MIN && code <= CAPABILITY_ERROR_CODE_MAX
}

/** True for the SPEC §8 "disconnected" codes 4900 and 4901. */
export function isDisconnectedCode(code: number): boolean {
  return code === WalletErrorCode.DISCONNECTED || code === WalletErrorCode.CHAIN_DISCONNECTED
}

/** SPEC §8 default error code. */
export const DEFAULT_ERROR_CODE = 5000
/** SPEC §8 invalid chain id code (positive, as the SPEC lists it). */
export const INVALID_CHAIN_ID_CODE = 32603
