/** The bip122 plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/bip122`). */
import { deferPlugin } from 'portico/plugin'
import type { Bip122Options } from './plugin.ts'

/**
 * The bip122 chain plugin. Its code (Wallet Standard and sats-connect discovery, connectors, RPC methods, the accounts
 * view) loads in its own chunk and bitcoinjs-lib on first use, so composing it costs a host's initial load only this
 * definition.
 * @example createModal({ plugins: [bip122({ networks: [bitcoinRegtest(esploraUrl)] })] })
 */
export function bip122(options: Bip122Options = {}) {
  return deferPlugin({ id: 'bip122', kind: 'chain', namespace: 'bip122', portico: '1.x' }, () => import('./plugin.ts').then((m) => m.bip122(options, views)))
}

/**
 * The view loaders live here, in the host's first chunk, rather than in plugin.ts: a view imported from a lazily loaded
 * module would make the bundler split what it shares with the first chunk (React, the kernel) into extra initial chunks.
 */
const views = { Bip122Accounts: () => import('./AccountsView.tsx') }
export type Bip122Views = typeof views
