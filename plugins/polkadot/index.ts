/**
 * portico/plugins/polkadot: the polkadot chain plugin, written from plugin-template/ with only public entries.
 * Wallets through `window.injectedWeb3` (the Polkadot{.js} extension interface), accounts SS58-encoded per network,
 * the native balance (free and reserved) in the chain's own decimals, raw message signing and a signed balances
 * transfer over @polkadot/api (an optional peer, imported on first use only).
 * @example createModal({ plugins: [polkadot({ chain: { wsUrl: 'ws://127.0.0.1:9944', caipNetworkId } })] })
 */
export { decodeSs58, encodeSs58, isPolkadotAddress, reencodeSs58 } from './address.ts'
export { InjectedPolkadotConnector, polkadotConnectorId } from './connector.ts'
export { sessionSigner, wrapBytes } from './session-signer.ts'
export { parseAmount, toPolkadotNetwork } from './networks.ts'
export type { Injected, InjectedAccount, InjectedSigner, InjectedWeb3, InjectedWindowProvider, SignerResult } from './injected.ts'
export type { PolkadotBalance, PolkadotChainInput, PolkadotOptions } from './plugin.ts'

// The definition is a module of its own and this entry only re-exports: a host's first chunk then holds the definition
// alone, and the bundler keeps the modules the deferred code shares with the host in that chunk (docs/DECISIONS.md).
export { polkadot } from './definition.ts'
