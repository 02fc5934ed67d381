import { describe, expect, it } from 'vitest'
import { truncateAddress } from './index.ts'

describe('truncateAddress', () => {
  it('SPEC §9 keeps 4 leading and 6 trailing characters', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266')
    expect(truncateAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe('Toke…3VQ5DA')
  })

  it('SPEC §9 never truncates a string of 11 characters or fewer', () => {
    expect(truncateAddress('0x123456789')).toBe('0x123456789')
    expect(truncateAddress('0x1234567890')).toBe('0x12…567890')
    expect(truncateAddress('')).toBe('')
  })

  it('takes custom lengths', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', { leading: 6, trailing: 4 })).toBe('0xf39F…2266')
  })
})

