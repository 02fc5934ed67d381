import { describe, expect, it } from 'vitest'
import { formatAmount, formatBalance, formatUnits } from './index.ts'

describe('formatBalance', () => {
  it('SPEC §9 balances are truncated, not rounded, to 3 decimals', () => {
    expect(formatBalance('1.23456')).toBe('1.234')
    expect(formatBalance('0.9999')).toBe('0.999')
    expect(formatBalance(2.0009)).toBe('2')
  })

  it('SPEC §9 trailing zeros are trimmed', () => {
    expect(formatBalance('10000.0')).toBe('10000')
    expect(formatBalance('1.50000')).toBe('1.5')
    expect(formatBalance('0')).toBe('0')
    expect(formatBalance('0.0001')).toBe('0')
  })

  it('handles exponent forms, signs and junk', () => {
    expect(formatBalance(1e-7)).toBe('0')
    expect(formatBalance('1.2345e2')).toBe('123.45')
    expect(formatBalance(1e21)).toBe('1000000000000000000000')
    expect(formatBalance('-1.23456')).toBe('-1.234')
    expect(formatBalance('-0.0001')).toBe('0')
    expect(formatBalance('.5')).toBe('0.5')
    expect(formatBalance('abc')).toBe('0')
    expect(formatBalance('')).toBe('0')
    expect(formatBalance(Number.NaN)).toBe('0')
  })

  it('appends the symbol', () => {
    expect(formatBalance('1.23456', 'ETH')).toBe('1.234 ETH')
  })
})

describe('formatUnits', () => {
  it('gives the exact decimal string', () => {
    expect(formatUnits(1_000_000_000_000_000_000n, 18)).toBe('1')
    expect(formatUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(123_456_789_012_345_678_901_234_567_890n, 18)).toBe('123456789012.34567890123456789')
    expect(formatUnits(0n, 18)).toBe('0')
    expect(formatUnits(42n, 0)).toBe('42')
    expect(formatUnits(-2_500n, 3)).toBe('-2.5')
  })

  it('rejects negative or fractional decimals', () => {
    expect(() => formatUnits(1n, -1)).toThrow(RangeError)
    expect(() => formatUnits(1n, 1.5)).toThrow(RangeError)
  })
})

describe('formatAmount (issue 18: Intl.NumberFormat per locale, SPEC §9 3 decimals)', () => {
  it('groups thousands per locale and truncates to 3 decimals', () => {
    expect(formatAmount('1234.56789', { symbol: 'ETH', locale: 'en-US' })).toBe('1,234.567 ETH')
    expect(formatAmount('9999.99', { symbol: 'ETH', locale: 'en-US' })).toBe('9,999.99 ETH')
    expect(formatAmount('1234.5', { locale: 'de-DE' })).toBe('1.234,5')
    expect(formatAmount('0.9999', { locale: 'en-US' })).toBe('0.999')
    expect(formatAmount('123456789012.34567890123456789', { locale: 'en-US' })).toBe('123,456,789,012.345')
  })

  it('shows <0.001 for a tiny non-zero amount, 0 for zero and junk', () => {
    expect(formatAmount('0.0009', { symbol: 'USDC', sign: '+', locale: 'en-US' })).toBe('+<0.001 USDC')
    expect(formatAmount(1e-7, { locale: 'en-US' })).toBe('<0.001')
    expect(formatAmount('-0.0001', { locale: 'en-US' })).toBe('-<0.001')
    expect(formatAmount('0.000', { locale: 'en-US' })).toBe('0')
    expect(formatAmount('abc', { locale: 'en-US' })).toBe('0')
  })

  it('puts the given sign in front instead of the value’s own', () => {
    expect(formatAmount('5.5', { sign: '-', symbol: 'ETH', locale: 'en-US' })).toBe('-5.5 ETH')
    expect(formatAmount('-5.5', { sign: '-', locale: 'en-US' })).toBe('-5.5')
    expect(formatAmount('-5.5', { locale: 'en-US' })).toBe('-5.5')
    expect(formatAmount('2', { sign: '', locale: 'en-US' })).toBe('2')
  })
})
