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
export {
  createCosmosDevWallet,
  installCosmosDevWallet,
  makeAdr036SignDoc,
  COSMOS_DEV_WALLET_NAME,
  COSMOS_DEV_WALLET_STORAGE_KEY,
  COSMOS_KEYSTORE_CHANGE_EVENT,
  type CosmosDevWallet,
  type CosmosDevWalletChain,
  type CosmosDevWalletFailures,
  type CosmosDevWalletOptions,
  type CosmosDevOfflineSigner,
  type CosmosStdSignature,
  type CosmosKey,
  type InstalledCosmosDevWallet,
} from './cosmos-dev-wallet.ts'
export {
  createSolanaDevWallet,
  installSolanaDevWallet,
  registerStandardWallet,
  parseWire,
  SOLANA_DEV_WALLET_CHAINS,
  SOLANA_DEV_WALLET_STORAGE_KEY,
  type InstalledSolanaDevWallet,
  type SolanaDevWallet,
  type SolanaDevWalletAccount,
  type SolanaDevWalletChain,
  type SolanaDevWalletFailures,
  type SolanaDevWalletOptions,
} from './solana-dev-wallet.ts'
export { solanaDevKey, solanaDevWalletPath, verifySolanaSignature, SOLANA_DEV_WALLET_MNEMONIC, type SolanaDevKey } from './solana-keys.ts'
export {
  createBitcoinDevWallet,
  installBitcoinDevWallet,
  type BitcoinDevAccount,
  type BitcoinDevNetwork,
  type BitcoinDevWallet,
  type BitcoinDevWalletFailures,
  type BitcoinDevWalletOptions,
  type InstalledBitcoinDevWallet,
} from './bip122-dev-wallet.ts'
export {
  createPolkadotDevWallet,
  installPolkadotDevWallet,
  POLKADOT_DEV_WALLET_KEY,
  POLKADOT_DEV_WALLET_NAME,
  POLKADOT_DEV_WALLET_STORAGE_KEY,
  type InstalledPolkadotDevWallet,
  type PolkadotDevWalletAccount,
  type PolkadotDevInjected,
  type PolkadotDevKeyType,
  type PolkadotDevWallet,
  type PolkadotDevWalletFailures,
  type PolkadotDevWalletOptions,
} from './polkadot-dev-wallet.ts'
export {
  createFakeWallets,
  installFakeWallets,
  mnemonicFromSeed,
  FAKE_WALLET_NAMESPACES,
  DEFAULT_FAKE_EVM_CHAIN,
  DEFAULT_FAKE_COSMOS_CHAIN,
  LOCKED_MESSAGE,
  UNKNOWN_EVM_CHAIN_ID,
  UNKNOWN_GENESIS_HASH,
  type FakeNamespace,
  type FakeWalletAccounts,
  type FakeWalletFailures,
  type FakeWalletRequest,
  type FakeWallets,
  type FakeWalletsOptions,
  type InstalledFakeWallets,
} from './fake-wallets.ts'
export { createTestModal, type TestModal, type TestModalOptions } from './test-modal.ts'
export type { WalletDriver } from './wallet-driver.ts'
export { createDevWalletDriver, type DevWalletDriver, type DevWalletDriverOptions } from './dev-wallet-driver.ts'
