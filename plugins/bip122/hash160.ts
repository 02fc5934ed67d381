import { ripemd160 } from '@noble/hashes/ripemd160'
import { sha256 } from '@noble/hashes/sha256'

/** RIPEMD160(SHA256(x)), the key hash of P2PKH and P2WPKH. */
export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes))
