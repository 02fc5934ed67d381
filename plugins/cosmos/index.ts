/**
 * portico/plugins/cosmos: the cosmos chain plugin, written from plugin-template/ as a third party would (it imports
 * only `portico`). Keplr-style injected wallets (window.keplr, window.leap, ...), bech32 addresses, the native
 * balance through @cosmjs/stargate, ADR-036 message signing and MsgSend transfers signed by the wallet's offline
 * signer. @cosmjs/stargate is an optional peer, loaded with import() on the first balance or send: a host without
 * cosmos ships none of it. See README.md.
 */
export { isCosmosAddress, bech32Prefix } from './address.ts'
export { COSMOS_HUB, toCaipNetwork, type CosmosChainInput, type CosmosChainFacts } from './networks.ts'
export { KeplrConnector, chainInfo } from './connector.ts'
export { DEFAULT_COSMOS_WALLETS, KEYSTORE_CHANGE_EVENT, isKeplrWallet } from './keplr.ts'
export { adr036SignDoc, sessionKeplr } from './session-wallet.ts'
export type { KeplrWallet, KeplrKey, KeplrOfflineSigner, KeplrChainInfo, StdSignature } from './keplr.ts'
export type { CosmosWalletTarget, CosmosOptions } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { cosmos } from './definition.ts'
