/** The embedded-wallet plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/embedded-wallet`). */
import { deferPlugin } from 'portico/plugin'
import { AccountDataTokens } from 'portico/plugins/account-data'
import type { EmbeddedWalletOptions } from './plugin.ts'
import { EmbeddedWalletTokens } from './tokens.ts'

/**
 * The embedded wallet feature plugin (SPEC §4 email and social login through the secure site). Its registration,
 * connector, frame client, controller and views load outside the host's first chunk, so composing it costs a host's
 * initial load only this definition.
 * @example createModal({ projectId, plugins: [eip155(), embeddedWallet({ secureSiteUrl })] })
 */
export function embeddedWallet(options: EmbeddedWalletOptions) {
  new URL(options.secureSiteUrl) // a readable error for a bad URL, before any modal exists
  return deferPlugin(
    { id: 'embedded-wallet', kind: 'feature', portico: '1.x', optional: [AccountDataTokens.Analytics], provides: [EmbeddedWalletTokens.Services] },
    () => import('./plugin.ts').then((m) => m.embeddedWallet(options)),
  )
}
