import { describe, expect, it } from 'vitest'
import { chainIdToCoinType } from './coin-type.ts'

describe('chainIdToCoinType', () => {
  it('SPEC §5 ENSIP-11: mainnet is coin type 60', () => {
    expect(chainIdToCoinType(1)).toBe(60)
  })

  it('SPEC §5 ENSIP-11: other chains are 0x80000000 | chainId', () => {
    expect(chainIdToCoinType(10)).toBe(2147483658)
    expect(chainIdToCoinType(137)).toBe(0x80000000 + 137)
    expect(chainIdToCoinType(42161)).toBe(2147525809)
    expect(chainIdToCoinType(2 ** 31 - 1)).toBe(0xffffffff)
    expect(chainIdToCoinType(0)).toBe(0x80000000)
  })

  it.each([2 ** 31, 2 ** 32, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'SPEC §5 chain id must be below 2^31 (and a non-negative integer): %s',
    (id) => {
      expect(() => chainIdToCoinType(id)).toThrowError(new Error('Invalid chainId'))
    },
  )
})
