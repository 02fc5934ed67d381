import { describe, expect, it } from 'vitest'
import { truncateAuthName } from './rules.ts'

// Was duplicated in the kernel (kernel/format), which no code used: the embedded wallet's own rule is the one shown.
describe('truncateAuthName', () => {
  it('SPEC §9: an auth name over 30 characters is cut at 30; 30 or fewer stay whole', () => {
    const thirty = 'a'.repeat(30)
    expect(truncateAuthName(thirty)).toBe(thirty)
    expect(truncateAuthName(thirty + 'b')).toBe(thirty + '...')
    expect(truncateAuthName('alice@example.com')).toBe('alice@example.com')
  })
})
