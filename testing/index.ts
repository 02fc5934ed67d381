// portico/testing: the injected dev wallet for the demo, the e2e tests and app developers' tests.
export {
  createDevWallet,
  DEV_WALLET_MNEMONIC,
  DEV_WALLET_STORAGE_KEY,
  ProviderRpcError,
  type DevWallet,
  type DevWalletChain,
  type DevWalletFailures,
  type DevWalletOptions,
  type NativeCurrency,
  type PendingRequest,
  type RequestArguments,
  type ConsentPrompt,
  type ConsentRequest,
} from './dev-wallet.ts'
export { createDomConsentPrompt, PROMPT_LABEL } from './consent-prompt.ts'
export { WALLET_ERRORS, unrecognizedChainError } from './errors.ts'
export {
  announceProvider,
  installDevWallet,
  DEV_WALLET_INFO,
  type Disposable,
  type EIP6963ProviderDetail,
  type EIP6963ProviderInfo,
  type InstalledDevWallet,
} from './eip6963.ts'
