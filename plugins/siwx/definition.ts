/** The siwx plugin's definition, re-exported by index.ts (its public entry, `portico/plugins/siwx`). */
import { deferPlugin } from 'portico/plugin'
import type { SiwxOptions } from './plugin.ts'
import { SiwxTokens } from './tokens.ts'

/**
 * SIWX (sign-in with X): EIP-4361 for eip155, CAIP-122 for solana. After a wallet connects, the SIWXSignMessage
 * dialog asks for a signed message unless the address has a stored session; the session is kept under the SIWX
 * token key and survives reload. Its registration, controller, message codecs, backend client and views load outside
 * the host's first chunk (deferPlugin), so composing it costs a host's initial load only this definition; its
 * services (`SiwxTokens.Controller`, and `SiwxTokens.OneClick` for a pairing connector) exist once that code has loaded,
 * before `modal.ready` resolves.
 * @example createModal({ projectId, plugins: [eip155(), siwx({ required: true })] })
 */
export function siwx(options: SiwxOptions = {}) {
  return deferPlugin(
    { id: 'siwx', kind: 'feature', portico: '1.x', provides: [SiwxTokens.OneClick, SiwxTokens.Controller] },
    () => import('./plugin.ts').then((m) => m.siwx(options)),
  )
}
