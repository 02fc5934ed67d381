import { importPeer } from 'portico/plugin'

/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
export const BIP122_PEERS = { plugin: 'bip122', packages: ['bitcoinjs-lib', '@wallet-standard/app'] } as const

/**
 * bitcoinjs-lib, loaded on first use (building or finalizing a PSBT); a missing install says what to install, also
 * when the bundler's stand-in for it throws as it is evaluated (issue 25 §6).
 */
export function bitcoinjs(): Promise<typeof import('bitcoinjs-lib')> {
  return importPeer(() => import('bitcoinjs-lib'), 'Psbt', BIP122_PEERS)
}

/** @wallet-standard/app, loaded when discovery starts; a missing install says what to install. */
export function walletStandardApp(): Promise<typeof import('@wallet-standard/app')> {
  return importPeer(() => import('@wallet-standard/app'), 'getWallets', BIP122_PEERS)
}
