/** The cosmos plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/cosmos`). */
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
