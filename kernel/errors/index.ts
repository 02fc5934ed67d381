export {
  ErrorText,
  type ErrorTextKey,
  type ErrorTextValue,
  noRpcUrl,
  namespaceNotConfigured,
  failedToSwitchChain,
  userOperationReceiptFailed,
  tryAgainAfter,
  OriginsFetchError,
} from './texts.ts'
export {
  JsonRpcErrorCode,
  WalletErrorCode,
  CAPABILITY_ERROR_CODE_MIN,
  CAPABILITY_ERROR_CODE_MAX,
  isCapabilityErrorCode,
  isDisconnectedCode,
  DEFAULT_ERROR_CODE,
  INVALID_CHAIN_ID_CODE,
} from './codes.ts'
export { PorticoError, type PorticoErrorOptions, ProviderRpcError, isUserRejection, describeWalletError } from './errors.ts'
