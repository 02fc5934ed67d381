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

import { deferPlugin } from 'portico/plugin'
import { checkChainId } from './chain-id.ts'
import type { CosmosOptions } from './plugin.ts'

/**
 * The cosmos chain plugin. Its code (Keplr-style discovery, connectors, RPC methods) loads in its own chunk and
 * cosmjs on first use, so composing it costs a host's initial load only this definition.
 * @example createModal({ plugins: [cosmos({ networks: [{ chainId: 'portico-local-1', name: 'Local', rpcUrl, denom: 'ustake', symbol: 'STAKE', gasPrice: '0.0025ustake' }] })] })
 */
export function cosmos(options: CosmosOptions = {}) {
  // Bad networks throw here, before any modal exists.
  options.networks?.forEach((n) => checkChainId(n.chainId))
  return deferPlugin({ id: 'cosmos', kind: 'chain', namespace: 'cosmos', portico: '1.x' }, () => import('./plugin.ts').then((m) => m.cosmos(options)))
}
