import * as secp from '@bitcoinerlab/secp256k1'
import { hmac } from '@noble/hashes/hmac'
import { pbkdf2 } from '@noble/hashes/pbkdf2'
import { sha512 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'

/**
 * BIP39 seed and BIP32 private derivation, enough to give the local ledgers (bitcoin and cosmos) the same dev keys a
 * wallet importing the mnemonic derives. Not a wallet: no checksum check on the mnemonic, no extended key export.
 */

/** The anvil/hardhat dev mnemonic (also stack/chain's DEV_MNEMONIC), so one phrase gives EVM, bitcoin and cosmos dev keys. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export type HdKey = { privateKey: Uint8Array; chainCode: Uint8Array }

const HARDENED = 0x8000_0000

export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  const words = utf8ToBytes(mnemonic.normalize('NFKD'))
  const salt = utf8ToBytes(`mnemonic${passphrase}`.normalize('NFKD'))
  return pbkdf2(sha512, words, salt, { c: 2048, dkLen: 64 })
}

export function masterKeyFromSeed(seed: Uint8Array): HdKey {
  const i = hmac(sha512, utf8ToBytes('Bitcoin seed'), seed)
  const privateKey = i.slice(0, 32)
  if (!secp.isPrivate(privateKey)) throw new Error('BIP32: seed gives an invalid master key')
  return { privateKey, chainCode: i.slice(32) }
}

function deriveChild(parent: HdKey, index: number): HdKey {
  const data = new Uint8Array(37)
  if (index >= HARDENED) {
    data.set(parent.privateKey, 1)
  } else {
    data.set(secp.pointFromScalar(parent.privateKey, true)!, 0)
  }
  new DataView(data.buffer).setUint32(33, index, false)
  const i = hmac(sha512, parent.chainCode, data)
  const privateKey = secp.privateAdd(parent.privateKey, i.slice(0, 32))
  // BIP32 says to skip to the next index in this case (probability below 2^-127); no dev path hits it.
  if (!privateKey || !secp.isPrivate(i.slice(0, 32))) throw new Error(`BIP32: index ${index} gives an invalid key`)
  return { privateKey, chainCode: i.slice(32) }
}

/** `m/84'/1'/0'/0/0` style paths; `'` or `h` marks hardened indexes. */
export function derivePath(master: HdKey, path: string): HdKey {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new Error(`BIP32 path must start with m/: ${path}`)
  return parts.slice(1).reduce((key, part) => {
    const hardened = part.endsWith("'") || part.endsWith('h')
    const n = Number(hardened ? part.slice(0, -1) : part)
    if (!Number.isInteger(n) || n < 0 || n >= HARDENED) throw new Error(`bad BIP32 path segment "${part}" in ${path}`)
    return deriveChild(key, hardened ? n + HARDENED : n)
  }, master)
}

const seedCache = new Map<string, HdKey>()

/** The private key at `path` for `mnemonic` (master keys are cached: PBKDF2 runs once per mnemonic). */
export function privateKeyAt(mnemonic: string, path: string): Uint8Array {
  let master = seedCache.get(mnemonic)
  if (!master) {
    master = masterKeyFromSeed(mnemonicToSeed(mnemonic))
    seedCache.set(mnemonic, master)
  }
  return derivePath(master, path).privateKey
}
