/** The solana plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/solana`). */
import { deferPlugin } from 'portico/plugin'
import { SendTokens } from 'portico/plugins/send'
import { clusterReference } from './cluster.ts'
import type { SolanaOptions } from './plugin.ts'

/**
 * The solana chain plugin. Its code (discovery, connectors, RPC methods) loads in its own chunk and @solana/web3.js
 * on first use, so composing it costs a host's initial load only this definition.
 * @example createModal({ plugins: [eip155(), solana({ cluster: { rpcUrl: 'http://127.0.0.1:8899', caipNetworkId } })] })
 */
export function solana(options: SolanaOptions = {}) {
  // Bad options throw here, before any modal exists, as they did before the code was split.
  if (options.cluster) clusterReference(options.cluster.caipNetworkId)
  if (!options.cluster && options.builtinNetworks === false && !options.networks?.length) {
    throw new Error('solana(): no networks (builtinNetworks is false and no cluster or networks were given)')
  }
  return deferPlugin(
    { id: 'solana', kind: 'chain', namespace: 'solana', portico: '1.x', optional: [SendTokens.Senders] },
    () => import('./plugin.ts').then((m) => m.solana(options)),
  )
}
