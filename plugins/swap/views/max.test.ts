import { describe, expect, it } from 'vitest'
import { maxOf } from './SwapCard.tsx'

const C = 'eip155:31337'
const ETH = { name: 'Ether', symbol: 'ETH', address: `${C}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, decimals: 18, balance: '1.5' }
const USDC = { name: 'USD Coin', symbol: 'USDC', address: `${C}:0x5FbDB2315678afecb367f032d93F642f64180aa3`, decimals: 6, balance: '1000' }

describe('Swap Max (issue 30)', () => {
  it('fills the whole balance of a token', () => {
    expect(maxOf(USDC, undefined)).toBe('1000')
  })

  it('leaves the network fee of the native token', () => {
    expect(maxOf(ETH, 150_000_000_000_000n)).toBe('1.49985')
    expect(maxOf(ETH, undefined)).toBeUndefined()
    expect(maxOf({ ...ETH, balance: '0.0001' }, 150_000_000_000_000n)).toBeUndefined()
  })
})
