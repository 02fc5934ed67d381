import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { pbkdf2 } from '@noble/hashes/pbkdf2'
import { sha512 } from '@noble/hashes/sha512'
import { base58 } from '@scure/base'

/**
 * The dev mnemonic of every local chain (stack/chain's anvil default). stack/solana funds the Solana accounts it
 * derives at Phantom's path m/44'/501'/i'/0', so the Solana side of the dev wallet sees the same funded accounts.
 */
export const SOLANA_DEV_WALLET_MNEMONIC = 'test test test test test test test test test test test junk'

/** Phantom's derivation path of Solana account i. */
export function solanaDevWalletPath(index: number): string {
  return `m/44'/501'/${index}'/0'`
}

/** BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" + passphrase). */
export function mnemonicSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const encode = (s: string) => new TextEncoder().encode(s.normalize('NFKD'))
  return pbkdf2(sha512, encode(mnemonic), encode(`mnemonic${passphrase}`), { c: 2048, dkLen: 64 })
}

/** SLIP-0010 ed25519 derivation (hardened segments only); the 32-byte private key of the path. */
export function slip10Ed25519Key(seed: Uint8Array, path: string): Uint8Array {
  const segments = path.split('/')
  if (segments[0] !== 'm') throw new Error(`derivation path must start with "m": ${path}`)
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed)
  for (const segment of segments.slice(1)) {
    if (!/^\d+'$/.test(segment)) throw new Error(`ed25519 derives only hardened segments, got "${segment}" in ${path}`)
    const index = Number(segment.slice(0, -1))
    if (index >= 0x80000000) throw new Error(`segment out of range in ${path}`)
    const data = new Uint8Array(37)
    data.set(I.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0)
    I = hmac(sha512, I.subarray(32), data)
  }
  return I.slice(0, 32)
}

/** An ed25519 key of the dev wallet: base58 address, public key, and signing. */
export interface SolanaDevKey {
  address: string
  publicKey: Uint8Array
  path: string
  sign(message: Uint8Array): Uint8Array
}

/** Derives Solana account i of a mnemonic. */
export function solanaDevKey(index: number, mnemonic = SOLANA_DEV_WALLET_MNEMONIC): SolanaDevKey {
  const path = solanaDevWalletPath(index)
  const secret = slip10Ed25519Key(mnemonicSeed(mnemonic), path)
  const publicKey = ed25519.getPublicKey(secret)
  return { address: base58.encode(publicKey), publicKey, path, sign: (message) => ed25519.sign(message, secret) }
}

/** Verifies an ed25519 signature by a base58 address. */
export function verifySolanaSignature(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, message, base58.decode(address))
  } catch {
    return false
  }
}
