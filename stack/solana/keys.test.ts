import { describe, expect, it } from 'vitest'
import { Keypair } from '@solana/web3.js'
import { keypairFromMnemonic, mnemonicToSeed, slip10Ed25519, solanaDerivationPath, SOLANA_DEV_MNEMONIC } from './keys.ts'
import { solanaDevAccounts } from './seed.ts'

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex')
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'

describe('stack/solana dev keys', () => {
  it('derives the SLIP-0010 ed25519 test vector 1 keys', () => {
    const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')
    expect(hex(slip10Ed25519(seed, 'm'))).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(hex(slip10Ed25519(seed, "m/0'"))).toBe('68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3')
    expect(hex(slip10Ed25519(seed, "m/0'/1'"))).toBe('b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2')
  })

  it('refuses non-hardened segments, which ed25519 cannot derive', () => {
    expect(() => slip10Ed25519(new Uint8Array(16), "m/44'/501'/0")).toThrow(/hardened/)
    expect(() => slip10Ed25519(new Uint8Array(16), "44'/501'")).toThrow(/start with "m"/)
  })

  it('gives the BIP-39 seed and the Phantom address of the abandon phrase', () => {
    expect(hex(mnemonicToSeed(ABANDON))).toBe(
      '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    )
    expect(keypairFromMnemonic(ABANDON, solanaDerivationPath(0)).publicKey.toBase58()).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('exports ten dev accounts of the shared dev mnemonic whose secret keys match their addresses', () => {
    expect(solanaDevAccounts).toHaveLength(10)
    expect(new Set(solanaDevAccounts.map((a) => a.address)).size).toBe(10)
    // Account 0 of "test ... junk" at m/44'/501'/0'/0', what a wallet importing the phrase shows first.
    expect(solanaDevAccounts[0]!.address).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    for (const account of solanaDevAccounts) {
      expect(Keypair.fromSecretKey(account.secretKey).publicKey.toBase58()).toBe(account.address)
      expect(keypairFromMnemonic(SOLANA_DEV_MNEMONIC, account.derivationPath).publicKey.toBase58()).toBe(account.address)
    }
  })
})
