import { importPeer } from 'portico/plugin'

/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
export const SOLANA_PEERS = { plugin: 'solana', packages: ['@solana/web3.js', '@wallet-standard/app'] } as const

/** Sending SPL tokens (with the send plugin) also needs @solana/spl-token, an optional peer too. */
export const SPL_TOKEN_PEER = { plugin: 'solana (to send SPL tokens)', packages: ['@solana/spl-token'] } as const

/** @solana/web3.js, loaded on first use; a missing install says what to install. */
export async function web3(): Promise<typeof import('@solana/web3.js')> {
  return importPeer(() => import('@solana/web3.js'), 'Connection', SOLANA_PEERS)
}
