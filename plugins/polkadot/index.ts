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

import { deferPlugin } from 'portico/plugin'
import { checkPolkadotCaip } from './caip.ts'
import type { PolkadotOptions } from './plugin.ts'

/**
 * The polkadot chain plugin. Its code (extension discovery, connectors, RPC methods) loads in its own chunk and
 * @polkadot/api on first use, so composing it costs a host's initial load only this definition.
 * @example createModal({ plugins: [polkadot({ chain: { wsUrl, caipNetworkId, name: 'Local', ss58Prefix: 2 } })] })
 */
export function polkadot(options: PolkadotOptions = {}) {
  // Bad options throw here, before any modal exists.
  const inputs = [...(options.chain ? [options.chain] : []), ...(options.chains ?? [])]
  inputs.forEach((input) => checkPolkadotCaip(input.caipNetworkId))
  if (!inputs.length) throw new Error('polkadot(): give at least one chain (options.chain or options.chains)')
  return deferPlugin({ id: 'polkadot', kind: 'chain', namespace: 'polkadot', portico: '1.x' }, () => import('./plugin.ts').then((m) => m.polkadot(options)))
}
