import { base58 } from '@scure/base'

const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** SPEC §5 Solana address: base58, 32 to 44 characters, decoding to a 32-byte public key. */
export function isSolanaAddress(value: string): boolean {
  if (typeof value !== 'string' || !BASE58_32_TO_44.test(value)) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
