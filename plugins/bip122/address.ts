import { bech32, bech32m, createBase58check } from '@scure/base'
import { sha256 } from '@noble/hashes/sha256'

/** The Bitcoin networks a bip122 address can belong to. */
export type BitcoinNetworkName = 'bitcoin' | 'testnet' | 'regtest'

/** What an address pays to. `witness` is a future segwit version (2-16, BIP-350), valid but not spendable today. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness'

export interface DecodedBitcoinAddress {
  type: BitcoinAddressType
  /** Base58 addresses of testnet and regtest share version bytes: both networks are listed. */
  networks: readonly BitcoinNetworkName[]
  /** The output script the address stands for. */
  script: Uint8Array
}

const base58check = createBase58check(sha256)
const BASE58_VERSIONS: Record<number, { type: 'p2pkh' | 'p2sh'; networks: BitcoinNetworkName[] }> = {
  0x00: { type: 'p2pkh', networks: ['bitcoin'] },
  0x05: { type: 'p2sh', networks: ['bitcoin'] },
  0x6f: { type: 'p2pkh', networks: ['testnet', 'regtest'] },
  0xc4: { type: 'p2sh', networks: ['testnet', 'regtest'] },
}
const HRPS: Record<string, BitcoinNetworkName> = { bc: 'bitcoin', tb: 'testnet', bcrt: 'regtest' }

/**
 * Decodes a Bitcoin address of mainnet, testnet or regtest: base58check P2PKH and P2SH, bech32 segwit v0 (BIP-173)
 * and bech32m v1+ (BIP-350). Undefined for anything else, including other coins' version bytes and P2TR keys that are
 * not on the curve.
 */
export function decodeBitcoinAddress(address: string): DecodedBitcoinAddress | undefined {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90) return undefined
  return /^(bc|tb|bcrt)1/i.test(address) ? decodeSegwit(address) : decodeBase58(address)
}

/** SPEC §5 address check of the bip122 namespace; `network` narrows it to one network. */
export function isBitcoinAddress(address: string, network?: BitcoinNetworkName): boolean {
  const decoded = decodeBitcoinAddress(address)
  return Boolean(decoded && (!network || decoded.networks.includes(network)))
}

function decodeBase58(address: string): DecodedBitcoinAddress | undefined {
  let payload: Uint8Array
  try {
    payload = base58check.decode(address)
  } catch {
    return undefined
  }
  const kind = payload.length === 21 ? BASE58_VERSIONS[payload[0]!] : undefined
  if (!kind) return undefined
  const hash = payload.subarray(1)
  const script =
    kind.type === 'p2pkh' ? concat([0x76, 0xa9, 0x14], hash, [0x88, 0xac]) : concat([0xa9, 0x14], hash, [0x87])
  return { type: kind.type, networks: kind.networks, script }
}

function decodeSegwit(address: string): DecodedBitcoinAddress | undefined {
  // BIP-173: all lower or all upper case; the checksum variant follows the version (v0 bech32, v1+ bech32m).
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined
  const lower = address.toLowerCase()
  let decoded: { prefix: string; words: number[] } | undefined
  let variant: 'bech32' | 'bech32m' | undefined
  for (const [name, codec] of [['bech32', bech32], ['bech32m', bech32m]] as const) {
    try {
      decoded = codec.decode(lower as `${string}1${string}`, 90)
      variant = name
      break
    } catch {
      // Try the other checksum.
    }
  }
  if (!decoded || !variant) return undefined
  const network = HRPS[decoded.prefix]
  const [version, ...data] = decoded.words
  if (!network || version === undefined || version > 16) return undefined
  if ((version === 0) !== (variant === 'bech32')) return undefined
  let program: Uint8Array
  try {
    program = bech32.fromWords(data)
  } catch {
    return undefined // excess or non-zero padding
  }
  if (program.length < 2 || program.length > 40) return undefined
  let type: BitcoinAddressType = 'witness'
  if (version === 0) {
    if (program.length === 20) type = 'p2wpkh'
    else if (program.length === 32) type = 'p2wsh'
    else return undefined
  } else if (version === 1 && program.length === 32) {
    if (!isXOnlyPoint(program)) return undefined
    type = 'p2tr'
  }
  const script = concat([version === 0 ? 0 : 0x50 + version, program.length], program)
  return { type, networks: [network], script }
}

// secp256k1: y² = x³ + 7 over p. A taproot output key is an x coordinate with a point on the curve (BIP-340 lift_x).
const P = 2n ** 256n - 2n ** 32n - 977n

function isXOnlyPoint(bytes: Uint8Array): boolean {
  let x = 0n
  for (const b of bytes) x = (x << 8n) | BigInt(b)
  if (x === 0n || x >= P) return false
  const c = (x * x * x + 7n) % P
  return modPow(c, (P - 1n) / 2n, P) === 1n // Euler's criterion: c is a square
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n
  let b = base % mod
  let e = exp
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod
    b = (b * b) % mod
    e >>= 1n
  }
  return result
}

function concat(...parts: Array<ArrayLike<number>>): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
