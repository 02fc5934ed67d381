import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './address.ts'

describe('isSolanaAddress', () => {
  it.each([
    '11111111111111111111111111111111',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'So11111111111111111111111111111111111111112',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  ])('SPEC §5 accepts the base58 public key %s', (addr) => {
    expect(isSolanaAddress(addr)).toBe(true)
  })

  it('SPEC §5 rejects characters outside base58 (0, O, I, l)', () => {
    for (const bad of ['0', 'O', 'I', 'l']) {
      expect(isSolanaAddress('So1111111111111111111111111111111111111111' + bad)).toBe(false)
    }
  })

  it('SPEC §5 needs 32 to 44 characters', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('z'.repeat(45))).toBe(false)
    expect(isSolanaAddress('')).toBe(false)
  })

  it('SPEC §5 the key must decode to exactly 32 bytes', () => {
    // 44 leading '1's decode to 44 zero bytes; 44 'z's are far above 2^256.
    expect(isSolanaAddress('1'.repeat(44))).toBe(false)
    expect(isSolanaAddress('z'.repeat(44))).toBe(false)
  })
})
