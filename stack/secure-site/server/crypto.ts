/**
 * Key material of the secure site: the master key (option or `<dataDir>/master.key`), the subkeys derived from it
 * (HKDF-SHA256), AES-256-GCM sealing of the users' wallet keys, and wallet key generation.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { closeSync, openSync, readFileSync, writeSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'

export const MASTER_KEY_FILE = 'master.key'

/** Parses a master key given as 64 hex characters (optional 0x) or 32 bytes. */
export function parseMasterKey(key: string | Uint8Array): Buffer {
  if (typeof key !== 'string') {
    if (key.length !== 32) throw new Error('secure site: masterKey must be 32 bytes')
    return Buffer.from(key)
  }
  const hex = key.trim().replace(/^0x/i, '')
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('secure site: masterKey must be 64 hex characters (32 bytes)')
  return Buffer.from(hex, 'hex')
}

/**
 * The master key: the option when given, else `<dataDir>/master.key` (64 hex characters), created with mode 0600 on
 * the first start. Whoever holds this file and the store can decrypt every wallet key: keep it apart from backups
 * of the store in a real deployment.
 */
export function loadOrCreateMasterKey(dataDir: string, option?: string | Uint8Array): Buffer {
  if (option !== undefined) return parseMasterKey(option)
  const file = join(dataDir, MASTER_KEY_FILE)
  try {
    return parseMasterKey(readFileSync(file, 'utf8'))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const key = randomBytes(32)
  // A fresh clone has no data directory yet (the JSON store used to make it first; the database opens after the key).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o600)
  } catch (e) {
    // Another process created it between the read and the open: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return parseMasterKey(readFileSync(file, 'utf8'))
    throw e
  }
  try {
    writeSync(fd, key.toString('hex') + '\n')
  } finally {
    closeSync(fd)
  }
  return key
}

/** A 32-byte subkey of the master key for one purpose. */
export function deriveKey(master: Uint8Array, purpose: 'wallet-keys' | 'session-jwt'): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), `portico-secure-site/${purpose}/v1`, 32))
}

/** The HS256 key of session JWTs (exported so tests can sign tokens with chosen claims). */
export function sessionKeyFromMasterKey(master: string | Uint8Array): Uint8Array {
  return deriveKey(typeof master === 'string' ? parseMasterKey(master) : master, 'session-jwt')
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url')

/**
 * AES-256-GCM with a random 96-bit IV; `aad` binds the ciphertext to its place (user id and key kind), so a sealed
 * key copied to another user does not open. Format: `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
export function seal(key: Uint8Array, plaintext: Uint8Array, aad: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return ['v1', b64u(iv), b64u(ct), b64u(cipher.getAuthTag())].join('.')
}

/** Opens `seal`'s output; throws when the key, the aad or the data is wrong. */
export function open(key: Uint8Array, sealed: string, aad: string): Uint8Array {
  const [v, iv, ct, tag] = sealed.split('.')
  if (v !== 'v1' || !iv || ct === undefined || !tag) throw new Error('secure site: unknown sealed format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]))
}

export type WalletKeys = {
  /** secp256k1 private key, 32 bytes. */
  evm: Uint8Array
  /** ed25519 seed (the private key), 32 bytes. */
  solana: Uint8Array
}

export function generateWalletKeys(): WalletKeys {
  const evm = Buffer.from(generatePrivateKey().slice(2), 'hex')
  const solana = ed25519.utils.randomPrivateKey()
  return { evm: new Uint8Array(evm), solana }
}

export function evmAddressOf(evmKey: Uint8Array): `0x${string}` {
  return privateKeyToAccount(`0x${Buffer.from(evmKey).toString('hex')}`).address
}

export function solanaAddressOf(seed: Uint8Array): string {
  return base58.encode(ed25519.getPublicKey(seed))
}
