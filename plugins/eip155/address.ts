import { keccak_256 } from '@noble/hashes/sha3'
import { utf8ToBytes } from '@noble/hashes/utils'
import { HEX40, hasEvmAddressForm } from './address-form.ts'

export { hasEvmAddressForm }

/** Options of {@link isEvmAddress}. */
export interface EvmAddressCheck {
  /** A mixed-case address must carry a valid EIP-55 checksum. @default false */
  strict?: boolean
  /** The 0x prefix must be present; SPEC §5 makes it optional in one check. @default true */
  requirePrefix?: boolean
}

function stripPrefix(value: string): string {
  return value.startsWith('0x') ? value.slice(2) : value
}

function checksumHex(hexLower: string): string {
  const hash = keccak_256(utf8ToBytes(hexLower))
  let out = ''
  for (let i = 0; i < hexLower.length; i++) {
    const ch = hexLower[i] as string
    // Nibble i of the hash: high nibble for even i, low nibble for odd i.
    const byte = hash[i >> 1] as number
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    out += nibble >= 8 ? ch.toUpperCase() : ch
  }
  return out
}

/** EIP-55 checksummed form of a 40-hex address (with or without 0x); throws TypeError on anything else. */
export function toChecksumAddress(addr: string): `0x${string}` {
  const hex = stripPrefix(addr)
  if (!HEX40.test(hex)) throw new TypeError(`Not an EVM address: ${addr}`)
  return `0x${checksumHex(hex.toLowerCase())}`
}

/** SPEC §5 EVM address: 0x + 40 hex; in strict mode a mixed-case address needs a valid EIP-55 checksum. */
export function isEvmAddress(value: string, opts: EvmAddressCheck = {}): boolean {
  const { strict = false, requirePrefix = true } = opts
  if (!hasEvmAddressForm(value, requirePrefix)) return false
  if (!strict) return true
  const hex = stripPrefix(value)
  const lower = hex.toLowerCase()
  if (hex === lower || hex === hex.toUpperCase()) return true
  return checksumHex(lower) === hex
}
