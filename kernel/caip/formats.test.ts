import { describe, expect, it } from 'vitest'
import { isBatchCallHex, isSignedMessage, isTransactionHash, isValidAccountName } from './index.ts'

describe('hex formats', () => {
  it('SPEC §5 transaction hash is 0x plus 64 hex', () => {
    expect(isTransactionHash('0x' + 'ab'.repeat(32))).toBe(true)
    expect(isTransactionHash('0x' + 'a'.repeat(63))).toBe(false)
    expect(isTransactionHash('0x' + 'a'.repeat(65))).toBe(false)
    expect(isTransactionHash('ab'.repeat(33))).toBe(false)
    expect(isTransactionHash('0x' + 'z'.repeat(64))).toBe(false)
    expect(isTransactionHash(undefined)).toBe(false)
  })

  it('SPEC §5 signed message is 0x plus at least 62 hex', () => {
    expect(isSignedMessage('0x' + 'a'.repeat(62))).toBe(true)
    expect(isSignedMessage('0x' + 'a'.repeat(130))).toBe(true)
    expect(isSignedMessage('0x' + 'a'.repeat(61))).toBe(false)
    expect(isSignedMessage('0x' + 'a'.repeat(61) + 'g')).toBe(false)
  })

  it('SPEC §5 batched-call targets and data start with 0x', () => {
    expect(isBatchCallHex('0x')).toBe(true)
    expect(isBatchCallHex('0xa9059cbb')).toBe(true)
    expect(isBatchCallHex('a9059cbb')).toBe(false)
    expect(isBatchCallHex(1)).toBe(false)
  })
})

describe('isValidAccountName', () => {
  it('SPEC §5 name is letters, digits and hyphen, at least 4 characters', () => {
    expect(isValidAccountName('abcd')).toBe(true)
    expect(isValidAccountName('my-Name-42')).toBe(true)
    expect(isValidAccountName('abc')).toBe(false)
    expect(isValidAccountName('ab_cd')).toBe(false)
    expect(isValidAccountName('name.reown.id')).toBe(false)
    expect(isValidAccountName('naïve')).toBe(false)
    expect(isValidAccountName('ab cd')).toBe(false)
  })
})
