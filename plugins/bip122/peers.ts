/** What the plugin needs installed beside portico (docs/OPTIONS.md gives the same line). */
export const BIP122_PEERS = { plugin: 'bip122', packages: ['bitcoinjs-lib', '@wallet-standard/app'] } as const
