/** The polkadot plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/polkadot`). */
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
