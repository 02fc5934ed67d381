/**
 * SS58 addresses (https://docs.substrate.io/reference/address-formats/): base58(prefix ‖ 32-byte account id ‖
 * checksum), the checksum being the first 2 bytes of blake2b-512("SS58PRE" ‖ prefix ‖ account id). Built on
 * @scure/base and @noble/hashes (already the kernel's), so the address check on the modal's open path loads no
 * Polkadot SDK; the tests compare it with @polkadot/util-crypto's encodeAddress/decodeAddress.
 */
import { base58 } from '@scure/base'
import { blake2b } from '@noble/hashes/blake2b'

const SS58PRE = new TextEncoder().encode('SS58PRE')
const ACCOUNT_ID_BYTES = 32
const CHECKSUM_BYTES = 2

function checksum(body: Uint8Array): Uint8Array {
  const input = new Uint8Array(SS58PRE.length + body.length)
  input.set(SS58PRE)
  input.set(body, SS58PRE.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, CHECKSUM_BYTES)
}

function prefixBytes(prefix: number): Uint8Array {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383 || prefix === 46 || prefix === 47) {
    throw new Error(`Invalid SS58 prefix ${prefix}`)
  }
  if (prefix < 64) return Uint8Array.of(prefix)
  return Uint8Array.of(((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6))
}

/** Decodes an SS58 account address to its prefix and 32-byte account id; undefined when it is not one. */
export function decodeSs58(address: string): { prefix: number; publicKey: Uint8Array } | undefined {
  if (typeof address !== 'string' || address.length === 0 || address.length > 52) return undefined
  let bytes: Uint8Array
  try {
    bytes = base58.decode(address)
  } catch {
    return undefined
  }
  const first = bytes[0]
  if (first === undefined || first >= 128) return undefined
  const prefixLength = first < 64 ? 1 : 2
  if (bytes.length !== prefixLength + ACCOUNT_ID_BYTES + CHECKSUM_BYTES) return undefined
  const prefix = first < 64 ? first : ((first & 0b0011_1111) << 2) | (bytes[1]! >> 6) | ((bytes[1]! & 0b0011_1111) << 8)
  if (prefix === 46 || prefix === 47) return undefined
  const body = bytes.subarray(0, prefixLength + ACCOUNT_ID_BYTES)
  const expected = checksum(body)
  const actual = bytes.subarray(prefixLength + ACCOUNT_ID_BYTES)
  if (expected[0] !== actual[0] || expected[1] !== actual[1]) return undefined
  return { prefix, publicKey: bytes.slice(prefixLength, prefixLength + ACCOUNT_ID_BYTES) }
}

/** Encodes a 32-byte account id (bytes or 0x hex) as an SS58 address with the given network prefix. */
export function encodeSs58(publicKey: Uint8Array | string, prefix: number): string {
  const key = typeof publicKey === 'string' ? hexToBytes(publicKey) : publicKey
  if (key.length !== ACCOUNT_ID_BYTES) throw new Error(`An SS58 account id has ${ACCOUNT_ID_BYTES} bytes, got ${key.length}`)
  const head = prefixBytes(prefix)
  const body = new Uint8Array(head.length + key.length)
  body.set(head)
  body.set(key, head.length)
  const out = new Uint8Array(body.length + CHECKSUM_BYTES)
  out.set(body)
  out.set(checksum(body), body.length)
  return base58.encode(out)
}

/** The same account under another network's prefix (Polkadot wallets often report the generic prefix 42). */
export function reencodeSs58(address: string, prefix: number): string | undefined {
  const decoded = decodeSs58(address)
  return decoded ? encodeSs58(decoded.publicKey, prefix) : undefined
}

/** SPEC §5-style address check of the polkadot namespace: a checksummed SS58 account address (any prefix, or `prefix`). */
export function isPolkadotAddress(address: string, prefix?: number): boolean {
  const decoded = decodeSs58(address)
  return decoded !== undefined && (prefix === undefined || decoded.prefix === prefix)
}

function hexToBytes(value: string): Uint8Array {
  const h = value.startsWith('0x') ? value.slice(2) : value
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(h)) throw new Error('Expected hex bytes')
  const out = new Uint8Array(h.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(i * 2, i * 2 + 2), 16)
  return out
}
