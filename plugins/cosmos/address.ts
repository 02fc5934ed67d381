import { bech32 } from '@scure/base'

/**
 * A Cosmos SDK account address: bech32 (BIP-173, checksum checked), lower case, a 20-byte (secp256k1 account) or
 * 32-byte (module or contract account) payload. With `prefix`, the human-readable part must equal it.
 */
export function isCosmosAddress(address: string, prefix?: string): boolean {
  if (typeof address !== 'string' || address.length > 90 || address !== address.toLowerCase()) return false
  try {
    const { prefix: hrp, words } = bech32.decode(address as `${string}1${string}`)
    if (prefix !== undefined && hrp !== prefix) return false
    const length = bech32.fromWords(words).length
    return length === 20 || length === 32
  } catch {
    return false
  }
}

/** The human-readable part of a bech32 address, or undefined when it is not one. */
export function bech32Prefix(address: string): string | undefined {
  try {
    return bech32.decode(address as `${string}1${string}`).prefix
  } catch {
    return undefined
  }
}
