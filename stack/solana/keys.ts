import { createHmac, pbkdf2Sync } from 'node:crypto'
import { Keypair } from '@solana/web3.js'

/**
 * The dev mnemonic of stack/chain (anvil's default), so one recovery phrase opens the dev accounts of every local
 * chain. A wallet that imports it (Phantom, Solflare, Backpack) sees the same Solana accounts, because they derive
 * m/44'/501'/i'/0' the same way.
 */
export const SOLANA_DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** BIP-39 seed of a mnemonic (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase). */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const words = mnemonic.normalize('NFKD')
  return new Uint8Array(pbkdf2Sync(words, `mnemonic${passphrase}`.normalize('NFKD'), 2048, 64, 'sha512'))
}

/**
 * SLIP-0010 ed25519 derivation. ed25519 has only hardened children, so every segment must end in "'".
 * Returns the 32-byte private key (the ed25519 seed) of the path.
 */
export function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error(`derivation path must start with "m": ${path}`)
  let I = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  let key = I.subarray(0, 32)
  let chainCode = I.subarray(32)
  for (const segment of segments.slice(1)) {
    if (!/^\d+'$/.test(segment)) throw new Error(`ed25519 derives only hardened segments, got "${segment}" in ${path}`)
    const index = Number(segment.slice(0, -1))
    if (index >= 0x80000000) throw new Error(`segment out of range in ${path}`)
    const data = Buffer.alloc(37)
    key.copy(data, 1)
    data.writeUInt32BE((index | 0x80000000) >>> 0, 33)
    I = createHmac('sha512', chainCode).update(data).digest()
    key = I.subarray(0, 32)
    chainCode = I.subarray(32)
  }
  return new Uint8Array(key)
}

/** Phantom's path for account i. */
export function solanaDerivationPath(index: number): string {
  return `m/44'/501'/${index}'/0'`
}

export function keypairFromMnemonic(mnemonic: string, path: string): Keypair {
  return Keypair.fromSeed(slip10Ed25519(mnemonicToSeed(mnemonic), path))
}
